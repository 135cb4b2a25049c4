/**
 * Reading offline (DESIGN §4), in Chromium against real gateways:
 * - the unit tree, opened online, still shows after the gateway is gone and the page reloads —
 *   answered by the service worker from the account's cache, with when it was fetched;
 * - a list (roles) opened online shows offline after a reload, from the persisted query cache,
 *   with when it was fetched — also when it was read in another tab of the account, since closed,
 *   and this tab has saved its own cache after;
 * - logout leaves none of the account's API answers in IndexedDB or CacheStorage, and the next
 *   account to sign in on the same browser finds nothing of the first one's.
 *
 * `context.setOffline(true)` does not cut the service worker's own fetches, so the first test
 * stops a gateway of its own instead.
 */
import { expect, test, type Page } from './fixtures'
import { signIn, waitForServiceWorker } from './helpers'
import { badge, onOwnGateway, openStaff } from './offline-helpers'

// the service worker keeps the shell and the reads for offline (the config blocks it elsewhere)
test.use({ serviceWorkers: 'allow' })

const tree = (page: Page) => page.getByRole('tree', { name: '单位树' })
const dataAge = (page: Page) => page.getByTestId('data-age')

interface Stored {
  /** IndexedDB databases of the origin. */
  dbs: string[]
  /** CacheStorage cache names. */
  caches: string[]
  /** `<cache> <url>` of every cached answer of the gateway (/api/…), in any cache. */
  apiEntries: string[]
  /** The account the service worker caches for (trestle-meta), or null. */
  account: string | null
  /** Keys and contents of the persisted query cache. */
  persisted: { key: string; value: string }[]
}

/** What the browser keeps for this origin, read from the page. */
function stored(page: Page): Promise<Stored> {
  return page.evaluate(async () => {
    const dbs = (await indexedDB.databases()).map((d) => d.name ?? '')
    const names = await caches.keys()
    const apiEntries: string[] = []
    for (const name of names) {
      const cache = await caches.open(name)
      for (const req of await cache.keys()) if (new URL(req.url).pathname.startsWith('/api/')) apiEntries.push(`${name} ${req.url}`)
    }
    let account: string | null = null
    if (names.includes('trestle-meta')) {
      const entry = await (await caches.open('trestle-meta')).match('/__trestle/account')
      account = entry ? await entry.text() : null
    }
    const persisted: { key: string; value: string }[] = []
    if (dbs.includes('trestle-query')) {
      // Opening a database that was deleted since databases() answered would create it anew
      // (and make "logout deleted it" look false): abort the upgrade that creation starts.
      const db = await new Promise<IDBDatabase | null>((resolve) => {
        const req = indexedDB.open('trestle-query')
        req.onupgradeneeded = () => req.transaction?.abort()
        req.onsuccess = () => resolve(req.result)
        req.onerror = () => resolve(null)
      })
      if (db?.objectStoreNames.contains('clients')) {
        const all = await new Promise<{ keys: IDBValidKey[]; values: unknown[] }>((resolve, reject) => {
          const store = db.transaction('clients').objectStore('clients')
          const keys = store.getAllKeys()
          const values = store.getAll()
          values.onsuccess = () => resolve({ keys: keys.result, values: values.result })
          values.onerror = () => reject(values.error)
        })
        all.keys.forEach((k, i) => persisted.push({ key: String(k), value: String(all.values[i]) }))
      }
      db?.close()
    }
    return { dbs, caches: names, apiEntries, account, persisted }
  })
}

/** The records of every persisted query whose key starts with `key` (empty until one is written). */
function persistedRecords(s: Stored, ...key: string[]): Record<string, unknown>[] {
  return s.persisted.flatMap((p) => {
    const client = JSON.parse(p.value) as {
      clientState: { queries: { queryKey: unknown[]; state: { status: string; data?: { records?: Record<string, unknown>[] } } }[] }
    }
    return client.clientState.queries
      .filter((x) => key.every((k, i) => x.queryKey[i] === k) && x.state.status === 'success')
      .flatMap((q) => q.state.data?.records ?? [])
  })
}

/** Each persisted query: its key (shortened), status and row count, per account entry. */
const persistedSummary = (s: Stored) =>
  s.persisted.map((p) => ({
    key: p.key,
    queries: (
      JSON.parse(p.value) as {
        clientState: { queries: { queryKey: unknown[]; state: { status: string; data?: { records?: unknown[] } } }[] }
      }
    ).clientState.queries.map(
      (q) => `${JSON.stringify(q.queryKey).slice(0, 100)} ${q.state.status} ${q.state.data?.records?.length ?? '-'}`,
    ),
  }))

/** The keys of every persisted query (their first two parts). */
const persistedKeys = (s: Stored) =>
  s.persisted.flatMap((p) =>
    (JSON.parse(p.value) as { clientState: { queries: { queryKey: unknown[] }[] } }).clientState.queries.map((q) => q.queryKey.slice(0, 2)),
  )

/** Role names of the persisted roles list page. */
const persistedRoles = (s: Stored) => persistedRecords(s, 'role', 'listPage').map((r) => r.roleName)

/** Whether the department tree is persisted. */
const persistedDeptTree = (s: Stored) =>
  s.persisted.some((p) =>
    (JSON.parse(p.value) as { clientState: { queries: { queryKey: unknown[] }[] } }).clientState.queries.some(
      (q) => q.queryKey[0] === 'department' && q.queryKey[1] === 'tree',
    ),
  )

test('the unit tree reads from the service worker cache when the gateway is gone, with when it was fetched, and refreshes when it is back', async ({
  browser,
}) => {
  await onOwnGateway(browser, async (page, gateway) => {
    await page.goto('/admin/organization')
    await expect(tree(page).getByRole('treeitem', { name: '施工单位' })).toBeVisible()
    await expect(dataAge(page)).toHaveCount(0)

    // kept in the account's cache, one entry per call (the signature headers play no part)
    const online = await stored(page)
    expect(online.account).toBeTruthy()
    await expect
      .poll(async () => (await stored(page)).apiEntries.filter((e) => e.includes('/api/admin/v1/org/listTree')))
      .toEqual([`trestle-api:${encodeURIComponent(online.account!)} ${gateway.baseURL}/api/admin/v1/org/listTree`])
    await page.reload()
    await expect(tree(page).getByRole('treeitem', { name: '施工单位' })).toBeVisible()
    expect((await stored(page)).apiEntries.filter((e) => e.includes('/org/listTree'))).toHaveLength(1)

    // the gateway goes away; the page reloads from the precache and the tree from the SW's cache
    await gateway.kill()
    const answered = page.waitForResponse((r) => r.url().includes('/api/admin/v1/org/listTree'))
    await page.reload()
    const res = await answered
    expect(res.fromServiceWorker()).toBe(true)
    expect(Date.parse(res.headers()['x-trestle-cached-at'] ?? '')).toBeLessThanOrEqual(Date.now())
    await expect(tree(page).getByRole('treeitem', { name: '施工单位' })).toBeVisible()
    await expect(dataAge(page)).toHaveText(/^数据更新于 \d{2}:\d{2}$/)
    await expect(page.getByRole('alert').filter({ hasText: '加载失败' })).toHaveCount(0)
    await page.screenshot({ path: '.tmp/offline-read-tree-1440.png' })
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.screenshot({ path: '.tmp/offline-read-tree-1024.png' })
    await page.setViewportSize({ width: 1440, height: 900 })
    // an answer from the cache means the gateway was not reached: the header says offline
    await expect(badge(page)).toContainText('离线')

    // the gateway returns: its probe finds it, and the tree is fetched afresh without a reload
    await gateway.start()
    await expect(badge(page)).not.toContainText('离线', { timeout: 60_000 })
    await expect(dataAge(page)).toHaveCount(0)
    await expect(tree(page).getByRole('treeitem', { name: '施工单位' })).toBeVisible()
  })
})

test('a list opened online reads offline after a reload, from the persisted cache, with when it was fetched', async ({ page, context }) => {
  await signIn(page, 'admin')
  await waitForServiceWorker(page)
  await page.goto('/admin/role-manage')
  const row = page.getByRole('row').filter({ hasText: '系统管理员' })
  await expect(row).toBeVisible()
  await expect(dataAge(page)).toHaveCount(0)
  // written to IndexedDB within a second, the list's rows included
  await expect.poll(async () => persistedRoles(await stored(page))).toContain('系统管理员')

  await context.setOffline(true)
  try {
    await page.reload()
    await expect(row).toBeVisible()
    await expect(dataAge(page)).toHaveText(/^数据更新于 \d{2}:\d{2}$/)
    await expect(page.getByRole('alert').filter({ hasText: '加载失败' })).toHaveCount(0)
    await page.screenshot({ path: '.tmp/offline-read-roles-1440.png' })
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.screenshot({ path: '.tmp/offline-read-roles-1024.png' })
  } finally {
    await context.setOffline(false)
  }
})

test('a list read in another tab of the account still reads offline after this tab saves its own cache', async ({ page, context }) => {
  await signIn(page, 'admin')
  await waitForServiceWorker(page)
  // another tab reads the roles, its cache is saved, and it is closed
  const other = await context.newPage()
  await other.goto('/admin/role-manage')
  await expect(other.getByRole('row').filter({ hasText: '系统管理员' })).toBeVisible()
  await expect.poll(async () => persistedRoles(await stored(other))).toContain('系统管理员')
  await other.close()

  // this tab, whose cache was restored before the roles were saved, reads another page and saves
  await page.getByRole('navigation').getByRole('link', { name: '个人中心' }).click()
  await expect(page).toHaveURL(/\/personal-view/)
  await expect.poll(async () => persistedKeys(await stored(page)), { timeout: 15_000 }).toContainEqual(['personal', 'info'])
  // its save kept what the other tab saved
  expect(persistedRoles(await stored(page))).toContain('系统管理员')

  await context.setOffline(true)
  try {
    await page.goto('/admin/role-manage')
    await expect(page.getByRole('row').filter({ hasText: '系统管理员' })).toBeVisible()
    await expect(dataAge(page)).toHaveText(/^数据更新于 \d{2}:\d{2}$/)
  } finally {
    await context.setOffline(false)
  }
})

test('the department tree and the staff list opened online read offline after a reload, each with when it was fetched', async ({
  page,
  context,
}) => {
  await signIn(page, 'admin')
  await waitForServiceWorker(page)
  const panel = await openStaff(page)
  const person = panel.getByRole('row').nth(1)
  // the first row with a name: while the list loads, its placeholder rows have empty cells
  await expect(person.getByRole('cell').nth(1)).toHaveText(/\S/)
  const name = (await person.getByRole('cell').nth(1).innerText()).trim()
  await expect(panel.getByTestId('data-age')).toHaveCount(0)
  // written to IndexedDB, the staff list's rows and the department tree (the name alone could be in another query's answer)
  // (what is persisted is part of the answer, so a failure says what was written instead)
  await expect
    .poll(async () => {
      const s = await stored(page)
      return {
        deptTree: persistedDeptTree(s),
        staffWithName: persistedRecords(s, 'user', 'staff').some((r) => r.name === name),
        persisted: persistedSummary(s),
      }
    })
    .toMatchObject({ deptTree: true, staffWithName: true })

  await context.setOffline(true)
  try {
    await page.reload()
    await openStaff(page) // the unit tree, the unit and its departments, all from what was read online
    await expect(panel.getByRole('row').filter({ hasText: name }).first()).toBeVisible()
    await expect(panel.getByTestId('data-age')).toHaveText(/^数据更新于 \d{2}:\d{2}$/)
    // the department tree (beside the list, or in its drawer on a narrower panel) says so too
    const aside = panel.getByRole('complementary', { name: '组织架构' })
    const where = (await aside.isVisible()) ? aside : await openDeptDrawer(page)
    await expect(where.getByTestId('data-age')).toHaveText(/^数据更新于 \d{2}:\d{2}$/)
    await expect(where.getByRole('treeitem').first()).toBeVisible()
    await page.screenshot({ path: '.tmp/offline-read-staff-1440.png' })
  } finally {
    await context.setOffline(false)
  }
})

async function openDeptDrawer(page: Page) {
  await page.getByTestId('departments-panel').getByRole('button', { name: '组织架构' }).click()
  return page.getByRole('dialog', { name: '组织架构' })
}

test('logout leaves none of the account’s API data in IndexedDB or CacheStorage; the next account finds none of it', async ({ page }) => {
  await signIn(page, 'admin')
  await waitForServiceWorker(page)
  await page.goto('/admin/organization')
  await expect(tree(page).getByRole('treeitem', { name: '施工单位' })).toBeVisible()
  await page.goto('/admin/role-manage')
  await expect(page.getByRole('row').filter({ hasText: '系统管理员' })).toBeVisible()
  await expect.poll(async () => persistedRoles(await stored(page))).toContain('系统管理员')
  const before = await stored(page)
  const adminId = before.account!
  expect(adminId).toBeTruthy()
  expect(before.apiEntries.length).toBeGreaterThan(0)

  await page.getByRole('button', { name: /· 用户菜单$/ }).click()
  await page.getByRole('menuitem', { name: '退出登录' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expect
    .poll(async () => {
      const s = await stored(page)
      return {
        apiEntries: s.apiEntries,
        apiCaches: s.caches.filter((c) => c.startsWith('trestle-api:')),
        account: s.account,
        persisted: s.persisted,
        db: s.dbs.includes('trestle-query'),
      }
    })
    .toEqual({ apiEntries: [], apiCaches: [], account: null, persisted: [], db: false })

  // another account on the same browser
  await signIn(page, 'zhangwei')
  await waitForServiceWorker(page)
  await expect.poll(async () => (await stored(page)).account).not.toBeNull()
  const after = await stored(page)
  expect(after.account).not.toBe(adminId)
  expect(after.caches.filter((c) => c.startsWith('trestle-api:') && c !== `trestle-api:${encodeURIComponent(after.account!)}`)).toEqual([])
  expect(after.apiEntries.filter((e) => e.includes('/role/listPage') || e.includes(encodeURIComponent(adminId)))).toEqual([])
  expect(after.persisted.every((p) => p.key === `trestle-query:${after.account}`)).toBe(true)
  expect(after.persisted.some((p) => p.value.includes('"role","listPage"') || p.value.includes(adminId))).toBe(false)
})
