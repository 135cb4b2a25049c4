import { expect, type Locator, type Page } from '@playwright/test'

export const PASSWORD = 'Trestle@2026'

/** Fills and submits the sign-in form the page shows. */
export async function submitSignIn(page: Page, account: string, password = PASSWORD) {
  await page.getByLabel('账号或手机号').fill(account)
  await page.getByLabel('密码', { exact: true }).fill(password)
  await page.getByRole('button', { name: '登录', exact: true }).click()
}

/**
 * Signs in through the login page (the real RSA / access-token sequence) and waits for the shell:
 * the home, or `to` — a console page, reached as a signed-out visit to it is (/login?redirect=…).
 */
export async function signIn(page: Page, account: string, { password = PASSWORD, to }: { password?: string; to?: string } = {}) {
  await page.goto(to ? `/login?redirect=${encodeURIComponent(to)}` : '/login')
  await submitSignIn(page, account, password)
  const path = to ? new URL(to, 'http://x').pathname : '/admin/home'
  await expect(page).toHaveURL((url) => url.pathname === path)
  await expect(page.getByRole('navigation').first()).toBeVisible()
}

/**
 * Opens a select and picks `option`. A select of many options is searchable (SearchableSelect); whether
 * it is is decided when it opens, so this waits for the option or the search box, whichever the
 * opened list shows (its options may still be loading), and types `search` only when it must.
 */
export async function pickOption(page: Page, combobox: Locator, option: string | RegExp, search: string) {
  await combobox.click()
  const o = page.getByRole('option', { name: option }).first()
  const searchBox = page.getByPlaceholder(/搜索/)
  await expect(o.or(searchBox).first()).toBeVisible()
  if (!(await o.isVisible())) await searchBox.fill(search)
  await o.click()
}

/** Where the page's service worker stands, e.g. `installing -, waiting -, active activated, controlled true`. */
const workerState = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration()
    const state = (w: ServiceWorker | null | undefined) => w?.state ?? '-'
    return `installing ${state(reg?.installing)}, waiting ${state(reg?.waiting)}, active ${state(reg?.active)}, controlled ${navigator.serviceWorker.controller !== null}`
  })

/**
 * Waits until the service worker is activated and controls the page (`ready` can resolve
 * earlier). A first install that has not finished after 20 s gets one reload — what a user's next
 * visit does (seen once on CI: every precache answer arrived, the worker never activated) — and
 * the poll says where the worker stands if it still fails.
 */
export async function waitForServiceWorker(page: Page) {
  const done = /active activated, controlled true$/
  for (let attempt = 0; ; attempt++) {
    try {
      await expect.poll(() => workerState(page), { timeout: attempt === 0 ? 20_000 : 30_000 }).toMatch(done)
      return
    } catch (e) {
      if (attempt > 0) throw e
      await page.reload()
    }
  }
}
