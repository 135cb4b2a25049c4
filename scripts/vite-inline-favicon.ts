/**
 * index.html's icon as a `data:` URI (build only): the browser fetches a page's icon while the page
 * starts, one more request on a slow link before the sign-in screen shows. The file stays in
 * public/ for the manifest and the sidebar.
 */
import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'

export function inlineFaviconPlugin(path: string): Plugin {
  return {
    name: 'trestle-inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      const href = `href="${path}"`
      if (!html.includes(href)) throw new Error(`inlineFaviconPlugin: index.html has no ${href}`)
      const svg = readFileSync(new URL(`../public${path}`, import.meta.url), 'utf8')
        .trim()
        .replace(/\s+/g, ' ')
      return html.replace(href, `href="data:image/svg+xml,${encodeURIComponent(svg)}"`)
    },
  }
}
