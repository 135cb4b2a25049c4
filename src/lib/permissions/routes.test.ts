import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isMenuPath } from '@/contract/catalogue'

const ROUTES = path.resolve(__dirname, '../../routes')
const files = (readdirSync(ROUTES, { recursive: true }) as string[]).filter((f) => f.endsWith('.tsx')).map((f) => path.join(ROUTES, f))

describe('route guards', () => {
  it('guards pages by their own path, and every such path is a menu of the catalogue', () => {
    // guarded by `beforeLoad: guardPage` itself or by the options of @/lib/pageRoute that hold it
    const guarded = files.filter((f) => /beforeLoad: guardPage|\.\.\.(listPageRoute|searchPageRoute\()/.test(readFileSync(f, 'utf8')))
    expect(guarded.length).toBeGreaterThan(30)
    for (const f of guarded) {
      const route = /createFileRoute\('\/_shell(\/[^']*)'\)/.exec(readFileSync(f, 'utf8'))?.[1]
      expect(route && isMenuPath(route), `${path.relative(ROUTES, f)}: ${route} is not a menu path`).toBe(true)
    }
  })
})
