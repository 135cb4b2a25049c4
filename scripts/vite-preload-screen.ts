/**
 * A Vite plugin that has a first visit of one path fetch a lazily loaded screen's chunks with the
 * entry instead of after it has run (one round trip fewer before the screen paints; on a slow
 * mobile link that is most of the wait). Used for the sign-in screen at /login, where every new
 * visitor and every expired session lands.
 *
 * The page's CSP allows no inline script, so a tiny module script of its own (before the entry in
 * index.html, executed first) adds the `modulepreload` links — only when the page opened is that
 * path: a signed-in start of another page does not fetch the sign-in screen. Chunks the entry
 * already loads are left out. Build only.
 */
import { createHash } from 'node:crypto'
import type { Plugin, Rollup } from 'vite'

export function preloadScreenPlugin(module: string, path: string): Plugin {
  return {
    name: 'trestle-preload-screen',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html']
        if (html?.type !== 'asset') return
        const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk')
        const byName = new Map(chunks.map((c) => [c.fileName, c]))
        const closure = (start: Rollup.OutputChunk) => {
          const seen = new Set<string>()
          const walk = (name: string) => {
            if (seen.has(name)) return
            seen.add(name)
            for (const i of byName.get(name)?.imports ?? []) walk(i)
          }
          walk(start.fileName)
          return seen
        }
        const screen = chunks.find((c) => c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(module)))
        if (!screen) throw new Error(`preloadScreenPlugin: no chunk holds ${module}`)
        const entry = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [...closure(c)]))
        const files = [...closure(screen)].filter((f) => !entry.has(f)).map((f) => `/${f}`)
        const source =
          `if (location.pathname === ${JSON.stringify(path)})\n` +
          `  for (const href of ${JSON.stringify(files)}) {\n` +
          `    const link = document.createElement('link')\n` +
          `    link.rel = 'modulepreload'\n` +
          `    link.crossOrigin = ''\n` +
          `    link.href = href\n` +
          `    document.head.append(link)\n` +
          `  }\n`
        const fileName = `assets/preload-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`
        this.emitFile({ type: 'asset', fileName, source })
        const text = String(html.source)
        const at = text.search(/<script type="module"/)
        if (at < 0) throw new Error('preloadScreenPlugin: index.html has no module script')
        html.source = `${text.slice(0, at)}<script type="module" crossorigin src="/${fileName}"></script>\n    ${text.slice(at)}`
      },
    },
  }
}
