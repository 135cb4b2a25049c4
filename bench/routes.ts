/**
 * The routes part of `npm run bench` (issue 32): every page of the catalogue (src/contract/catalogue.ts,
 * the one list the sidebar, the route guards and the area manifests share) that the administrator's
 * menus lead to, each opened in a fresh page of one signed-in browser context (a signed-in start of
 * that route), waited for until no new script arrives (bench/chrome.ts `settled`), and the console's
 * scripts it loaded recorded; /login's too, as the sign-in page loads them. bench/index.ts counts them
 * against the home's and checks the heavy libraries (scripts/vite-chunks.ts HEAVY_CHUNKS) by name.
 *
 * The routes of the route tree (src/routeTree.gen.ts, generated from src/routes) that are not such a
 * page are listed with why they are not opened: a route with a parameter needs a record's id, a
 * public page (sign-up, invitation) is not a page of the catalogue.
 */
import { launchChromium } from '../tests/support/chromium'
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { PAGES } from '../src/contract/catalogue'
import { API, DEFAULT_APP_CODE } from '../src/contract/paths'
import { Client } from '../tests/api/client'
import { scriptsOf, settled, signIn } from './chrome'

export interface RouteVisit {
  path: string
  name: string
  /** The console's scripts (`/assets/*.js`) the route loaded, each once. */
  scripts: string[]
  /** The title of the message page shown instead of the route's screen (无权访问, 页面出错了, …), if one was. */
  message: string | null
}

export interface RouteVisits {
  /** /login's scripts, before anything is typed. */
  login: string[]
  visits: RouteVisit[]
  skipped: { path: string; reason: string }[]
}

/** Pages opened at once (each mostly waits: `settled` wants 1.5 s without a new script). */
const AT_ONCE = Number(process.env.BENCH_ROUTES_AT_ONCE ?? 4)

/** The full paths of the console's route tree (the keys of `FileRoutesByFullPath` in the generated route tree). */
function routeTreePaths(): string[] {
  const tree = readFileSync('src/routeTree.gen.ts', 'utf8')
  const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(tree)?.[1]
  if (!block) throw new Error('src/routeTree.gen.ts: no FileRoutesByFullPath')
  return [...block.matchAll(/^\s*'([^']+)':/gm)].map((m) => m[1]!)
}

/** The catalogue pages the administrator's menus lead to (the same call the console's guards and sidebar make). */
async function grantedPaths(base: string, password: string): Promise<Set<string>> {
  const admin = await new Client(base, DEFAULT_APP_CODE).signIn('admin', password)
  const r = await admin.call<{ action: string | null }[]>('GET', API.admin.menuByPermission, {
    query: { appCode: DEFAULT_APP_CODE, sortBy: 'sort', desc: 'false' },
  })
  if (r.body.code !== 10000 || !Array.isArray(r.body.data)) throw new Error(`the administrator's menus: ${r.text.slice(0, 300)}`)
  return new Set(r.body.data.map((m) => `/${(m.action ?? '').trim().replace(/^\/+/, '')}`))
}

/** The title of a message page (the shell's 403 / 404 / error / stale chunk: features/shell/message.tsx) in the main area, if one shows. */
const messageTitle = (page: Page) =>
  page.evaluate(() => {
    const h1 = document.querySelector('main h1')
    const text = h1?.textContent?.trim() ?? ''
    return /无权访问|页面不存在|页面出错了|页面文件/.test(text) ? text : null
  })

export async function visitRoutes(base: string, password: string): Promise<RouteVisits> {
  const granted = await grantedPaths(base, password)
  const pages = PAGES.filter((p) => granted.has(p.path))
  const skipped: RouteVisits['skipped'] = PAGES.filter((p) => !granted.has(p.path)).map((p) => ({
    path: p.path,
    reason: 'no menu of the administrator leads to it',
  }))
  const catalogue = new Set<string>(PAGES.map((p) => p.path))
  for (const path of routeTreePaths()) {
    if (catalogue.has(path) || path === '/login') continue
    skipped.push({
      path,
      reason: path.includes('$')
        ? "needs a record's id"
        : path === '/' || path === '/admin/index'
          ? 'redirects (to /login or /admin/home)'
          : 'not a page of the catalogue (public)',
    })
  }

  const browser = await launchChromium()
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', serviceWorkers: 'block' })
    const first = await context.newPage()
    await first.goto(`${base}/login`)
    await settled(first)
    const login = [...new Set(await scriptsOf(first))]
    await signIn(first, base, 'admin', password)
    await first.close()

    const visits: RouteVisit[] = []
    const open = async (p: (typeof pages)[number]) => {
      const page = await context.newPage()
      try {
        await page.goto(`${base}${p.path}`)
        await page.getByRole('navigation').first().waitFor()
        // its screen there, with its data: no skeleton left in the main area (the home's charts come
        // after its cards' data, a request later than its last script: `settled` alone may end before)
        const shown = await page
          .waitForFunction(() => !!document.querySelector('main > *') && !document.querySelector('main .animate-pulse'), null, {
            timeout: 20_000,
            polling: 250,
          })
          .then(() => true)
          .catch(() => false)
        if (!shown) console.log(`  (${p.path}: still a skeleton after 20 s; its scripts are counted as they are)`)
        await settled(page)
        visits.push({ path: p.path, name: p.name, scripts: [...new Set(await scriptsOf(page))], message: await messageTitle(page) })
      } finally {
        await page.close()
      }
    }
    // the home first, alone: every other route is counted beyond what it loads
    const home = pages.find((p) => p.path === '/admin/home')
    if (home) await open(home)
    const todo = pages.filter((p) => p !== home)
    const worker = async () => {
      for (let p = todo.shift(); p; p = todo.shift()) await open(p)
    }
    await Promise.all(Array.from({ length: AT_ONCE }, worker))
    // in the catalogue's order
    visits.sort((a, b) => pages.findIndex((p) => p.path === a.path) - pages.findIndex((p) => p.path === b.path))
    return { login, visits, skipped }
  } finally {
    await browser.close()
  }
}
