/**
 * A Vite plugin that lists a lazily loaded screen's chunks in index.html as `modulepreload`, so a
 * first visit fetches them with the entry instead of after it has run (one round trip fewer before
 * the screen paints; on a slow mobile link that is most of the wait). Used for the sign-in screen,
 * where every new visitor and every expired session lands. Chunks the entry already preloads are
 * left out; a signed-in load of another page fetches these few KiB once (the service worker keeps
 * them afterwards). Build only.
 */
import type { Plugin, Rollup } from 'vite'

export function preloadScreenPlugin(module: string): Plugin {
  return {
    name: 'trestle-preload-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle
        if (!bundle) return html
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
        const files = [...closure(screen)].filter((f) => !entry.has(f))
        const links = files.map((f) => `\n    <link rel="modulepreload" crossorigin href="/${f}">`).join('')
        return html.replace(/\n\s*<\/head>/, `${links}\n  </head>`)
      },
    },
  }
}
