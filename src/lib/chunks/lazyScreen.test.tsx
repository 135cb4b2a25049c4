import { afterEach, describe, expect, it, vi } from 'vitest'
import { Suspense } from 'react'
import { prerender } from 'react-dom/static'
import { lazyScreen } from './lazyScreen'

async function html(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerender(<Suspense fallback="loading">{node}</Suspense>)
  return new Response(prelude).text()
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('lazyScreen', () => {
  it('renders the named export of the chunk', async () => {
    const Screen = lazyScreen(async () => ({ RolePage: () => <p>roles</p> }), 'RolePage')
    expect(await html(<Screen />)).toContain('<p>roles</p>')
  })

  it('preload resolves even when the chunk fails, and the screen shows the retry screen for its type', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ status: 404, ok: false, headers: new Headers() })),
    )
    const importer = vi.fn(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://x.example/assets/a-1.js')),
    )
    const Screen = lazyScreen<{ Page: () => null }, 'Page'>(importer, 'Page')
    await expect(Screen.preload()).resolves.toBeUndefined()
    const out = await html(<Screen />)
    expect(out).toContain('data-chunk-error="missing"')
    expect(importer).toHaveBeenCalledTimes(1)
  })

  it("the router's preload asks for the screen's code one task later: a route loader's chunk asked for meanwhile goes first", async () => {
    const asked: string[] = []
    const Screen = lazyScreen(async () => {
      asked.push('screen')
      return { Page: () => null }
    }, 'Page')
    const preloaded = Screen.preload()
    // what the router does in the same task and its microtasks: the route's loader imports its chunk
    await Promise.resolve().then(() => asked.push('loader'))
    expect(asked).toEqual(['loader'])
    await preloaded
    expect(asked).toEqual(['loader', 'screen'])
  })

  it('loads the chunk once for preload and render', async () => {
    const importer = vi.fn(async () => ({ Page: () => <i>ok</i> }))
    const Screen = lazyScreen(importer, 'Page')
    await Screen.preload()
    await html(<Screen />)
    expect(importer).toHaveBeenCalledTimes(1)
  })

  it('treats a chunk without the export as a failed load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ status: 200, ok: true, headers: new Headers() })),
    )
    const Screen = lazyScreen(async () => ({ Other: () => null }) as Record<string, unknown>, 'Page')
    expect(await html(<Screen />)).toContain('data-chunk-error="error"')
  })
})
