import { expect, type Page } from '@playwright/test'

export const PASSWORD = 'Trestle@2026'

/** Signs in through the login page (the real RSA / access-token sequence) and waits for the shell. */
export async function signIn(page: Page, account: string, password = PASSWORD) {
  await page.goto('/login')
  await page.getByLabel('账号或手机号').fill(account)
  await page.getByLabel('密码', { exact: true }).fill(password)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/home/)
  await expect(page.getByRole('navigation').first()).toBeVisible()
}

/** Waits until the service worker is activated and controls the page (`ready` can resolve earlier). */
export async function waitForServiceWorker(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration()
          return reg?.active?.state === 'activated' && navigator.serviceWorker.controller !== null
        }),
      { timeout: 30_000 },
    )
    .toBe(true)
}
