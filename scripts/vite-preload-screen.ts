/**
 * A Vite plugin that has a first load of a page fetch its lazily loaded screens' chunks with the
 * entry instead of after it has run (one round trip fewer before the screen paints, two where the
 * screen's texts are a chunk of their own; on a slow mobile link that is most of the wait). Used
 * for the sign-in screen, where every new visitor and every expired session lands, and for the
 * signed-in frame and the home page, where the installed app opens.
 *
 * The page's CSP allows no inline script, so a tiny module script of its own (before the entry in
 * index.html, executed first) adds the `modulepreload` links — only for the screens whose paths the
 * page opened is on and, for a screen behind sign-in, only when the session's token is stored (a
 * signed-out visit is sent to /login and does not fetch the frame) — with the texts in the language
 * chosen (`trestle.locale`: en fetches the entry's English texts and the screens' en catalogues,
 * zh has its catalogues in the screens' chunks). Chunks the entry already loads are left out. Build only.
 */
import { createHash } from 'node:crypto'
import type { Plugin, Rollup } from 'vite'
import { namedTexts } from './vite-chunks'

export interface PreloadScreen {
  /** The screen's module (absolute): its chunk, the chunks that one imports and the texts it names. */
  module: string
  /** The pages it is for: an exact path, or a prefix ending in '/'. */
  paths: string[]
  /** Not on these of them (exact paths). */
  notPaths?: string[]
  /** Only when this localStorage key is set (the session's token: the screen is behind sign-in). */
  whenStored?: string
  /** Only when this localStorage key is not set (the sign-in page alone: signed out). */
  unlessStored?: string
}

/**
 * `locales`: the folder (absolute) of the catalogues a screen's `texts` name; `entryEn`: the module
 * of the entry's English texts; `localeKey`: the localStorage key of the language chosen.
 */
export function preloadScreenPlugin(screens: PreloadScreen[], locales: string, entryEn: string, localeKey: string): Plugin {
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
        const holding = (module: string) => {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.replaceAll('\\', '/') === module))
          if (!chunk) throw new Error(`preloadScreenPlugin: no chunk holds ${module}`)
          return chunk
        }
        const closure = (starts: Rollup.OutputChunk[]) => {
          const seen = new Set<string>()
          const walk = (name: string) => {
            if (seen.has(name)) return
            seen.add(name)
            for (const i of byName.get(name)?.imports ?? []) walk(i)
          }
          for (const c of starts) walk(c.fileName)
          return seen
        }
        const entry = closure(chunks.filter((c) => c.isEntry))
        const beyondEntry = (modules: string[]) => [...closure(modules.map(holding))].filter((f) => !entry.has(f)).map((f) => `/${f}`)
        const table = screens.map(({ module, paths, notPaths, whenStored, unlessStored }) => {
          const code = this.getModuleInfo(module)?.code ?? ''
          const zh = beyondEntry([module, ...namedTexts(code, locales, 'zh')])
          const en = beyondEntry([module, entryEn, ...namedTexts(code, locales, 'en')])
          return [paths, notPaths ?? [], whenStored ?? null, unlessStored ?? null, zh, en] as const
        })
        const source =
          `const path = location.pathname\n` +
          `const read = (key) => {\n` +
          `  try { return localStorage.getItem(key) } catch { return null }\n` +
          `}\n` +
          `const en = read(${JSON.stringify(localeKey)}) === 'en'\n` +
          `const files = new Set()\n` +
          `for (const [paths, notPaths, key, unlessKey, zh, enFiles] of ${JSON.stringify(table)})\n` +
          `  if (paths.some((p) => (p.endsWith('/') ? path.startsWith(p) : path === p)) && !notPaths.includes(path) &&\n` +
          `      (key === null || read(key) !== null) && (unlessKey === null || read(unlessKey) === null))\n` +
          `    for (const href of en ? enFiles : zh) files.add(href)\n` +
          `for (const href of files) {\n` +
          `  const link = document.createElement('link')\n` +
          `  link.rel = 'modulepreload'\n` +
          `  link.crossOrigin = ''\n` +
          `  link.href = href\n` +
          `  document.head.append(link)\n` +
          `}\n`
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
