import { expect, test } from './fixtures'
import { signIn } from './helpers'

// page.route sees only what the page itself fetches: no service worker answering from its precache here
test.use({ serviceWorkers: 'block' })

test("a screen's data is fetched while its code loads, once: the route's loader and the screen share the query", async ({ page }) => {
  await signIn(page, 'admin')

  // the role screen's code arrives late (1.5 s)
  let chunkAnsweredAt = 0
  await page.route(/\/assets\/roles-[^/]*\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1_500))
    await route.continue()
    chunkAnsweredAt = Date.now()
  })
  const listRequests: number[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/admin/v1/role/listPage')) listRequests.push(Date.now())
  })

  const nav = page.getByRole('navigation').first()
  await nav.getByText('组织机构').click()
  await nav.getByRole('link', { name: '角色管理' }).click()
  await expect(page.getByRole('row').filter({ hasText: '系统管理员' })).toBeVisible()

  // the list was asked for before the screen's code was there, and not again by the screen
  expect(chunkAnsweredAt).toBeGreaterThan(0)
  expect(listRequests).toHaveLength(1)
  expect(listRequests[0]!).toBeLessThan(chunkAnsweredAt)
})
