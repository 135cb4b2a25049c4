/**
 * What the replay cannot deliver is shown, never dropped: a 20001 on replay makes the entry
 * failed with the server's reason; it is edited from the sync centre and sent again. Logout with
 * waiting edits asks first; after logout IndexedDB and the caches hold nothing of the account.
 */
import { expect, test } from './fixtures'
import { signIn, waitForServiceWorker } from './helpers'
import { addPerson, api, badge, openStaff, people, storedEntries, uniq } from './offline-helpers'

// the service worker keeps the shell and the reads for offline (the config blocks it elsewhere)
test.use({ serviceWorkers: 'allow' })

test('a 20001 on replay: the entry is failed with the reason, edited from the sync centre, sent again', async ({
  page,
  context,
  baseURL,
}) => {
  const admin = await api(baseURL!)
  const p = await addPerson(admin, `校验${uniq()}`) // born 1985-03-12 by its ID number

  await signIn(page, 'admin')
  await waitForServiceWorker(page)
  const panel = await openStaff(page, p.name)
  await context.setOffline(true)
  // a birth date that disagrees with the stored ID number: only the gateway can tell
  await panel
    .getByRole('row')
    .filter({ hasText: p.name })
    .getByRole('button', { name: `编辑 ${p.name}` })
    .click()
  let edit = page.getByRole('dialog', { name: '编辑人员' })
  await edit.locator('[name="birthDate"]').fill('1990-01-01')
  await edit.getByRole('button', { name: '提交' }).click()
  await expect(edit).toBeHidden()
  await context.setOffline(false)

  await expect(badge(page)).toContainText('1 条需处理', { timeout: 30_000 })
  const [failed] = await storedEntries(page)
  expect(failed).toMatchObject({ status: 'failed', lastError: { kind: 'code', code: 20001 } })
  await expect(panel.getByRole('row').filter({ hasText: p.name }).getByText('同步失败')).toBeVisible()

  await badge(page).click()
  const centre = page.getByRole('dialog', { name: '同步中心' })
  const item = centre.locator('li', { hasText: p.name })
  await expect(item.getByText('出生日期与身份证号码不一致（身份证号码中为1985-03-12）')).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/offline-centre-failed-1440.png' })
  await item.getByRole('button', { name: '修改' }).click()
  edit = page.getByRole('dialog', { name: '编辑人员' })
  // the form opens on the entry, the field marked with the gateway's reason
  await expect(edit.locator('[name="birthDate"]')).toHaveValue('1990-01-01')
  await expect(edit.getByText('出生日期与身份证号码不一致（身份证号码中为1985-03-12）')).toBeVisible()
  await edit.locator('[name="birthDate"]').fill('1985-03-12')
  await edit.getByRole('textbox', { name: '邮箱' }).fill(`fixed${uniq()}@example.com`)
  await edit.getByRole('button', { name: '提交' }).click()
  await expect(edit).toBeHidden()
  await expect.poll(async () => (await storedEntries(page)).length).toBe(0)
  expect((await people(admin, p.name))[0]).toMatchObject({ version: p.version + 1 })
  await expect(centre.getByText('没有待同步的修改')).toBeVisible()
})

test('logout with waiting edits asks first; afterwards IndexedDB and the caches hold nothing of the account', async ({
  page,
  context,
  baseURL,
}) => {
  const admin = await api(baseURL!)
  const p = await addPerson(admin, `退出${uniq()}`)
  await signIn(page, 'admin')
  await waitForServiceWorker(page)
  const panel = await openStaff(page, p.name)
  await context.setOffline(true)
  await panel
    .getByRole('row')
    .filter({ hasText: p.name })
    .getByRole('button', { name: `编辑 ${p.name}` })
    .click()
  const edit = page.getByRole('dialog', { name: '编辑人员' })
  await edit.getByRole('textbox', { name: '邮箱' }).fill(`bye${uniq()}@example.com`)
  await edit.getByRole('button', { name: '提交' }).click()
  await expect(edit).toBeHidden()

  // asks first; cancel keeps everything
  await page.getByRole('button', { name: '退出登录' }).click()
  const guard = page.getByRole('alertdialog', { name: '还有未同步的修改' })
  await expect(guard.getByText('本机还有 1 条修改未同步到服务器')).toBeVisible()
  await expect(guard.getByText('当前无法连接服务器，可以先导出为文件保存。')).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/offline-logout-guard-1440.png' })
  // export: the file holds the edit
  const [download] = await Promise.all([page.waitForEvent('download'), guard.getByRole('button', { name: '导出为文件' }).click()])
  expect(download.suggestedFilename()).toMatch(/^trestle-outbox-\d{8}-\d{4}\.json$/)
  const file = JSON.parse(await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8')) as {
    entries: { entityId: string }[]
  }
  expect(file.entries.map((e) => e.entityId)).toEqual([p.userId])
  await guard.getByRole('button', { name: '取消' }).click()
  await expect(guard).toBeHidden()
  expect(await storedEntries(page)).toHaveLength(1)

  // discard and sign out
  await page.getByRole('button', { name: '退出登录' }).click()
  await guard.getByRole('button', { name: '放弃修改并退出' }).click()
  await expect(page).toHaveURL(/\/login/)
  await context.setOffline(false)
  const left = await page.evaluate(async () => {
    const read = (name: string, store: string) =>
      new Promise<unknown[]>((resolve) => {
        const open = indexedDB.open(name)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains(store)) return resolve([])
          const req = db.transaction(store).objectStore(store).getAll()
          req.onsuccess = () => resolve(req.result)
        }
        open.onerror = () => resolve([])
      })
    const caches_ = await caches.keys()
    const cached: string[] = []
    for (const name of caches_)
      if (!name.startsWith('workbox-precache')) for (const r of await (await caches.open(name)).keys()) cached.push(`${name} ${r.url}`)
    return {
      outbox: await read('trestle-outbox', 'outbox'),
      records: await read('trestle-outbox', 'records'),
      dbs: (await indexedDB.databases()).map((d) => d.name),
      cached: cached.filter((c) => c.includes('/api/')),
      session: Object.keys(localStorage).filter((k) => k.startsWith('trestle.') && !k.startsWith('trestle.rememberedLogin')),
    }
  })
  expect(left.outbox).toEqual([])
  expect(left.records).toEqual([])
  expect(left.cached).toEqual([])
  expect(left.session.filter((k) => !['trestle.locale', 'trestle.theme'].includes(k) && !k.startsWith('trestle.columns'))).toEqual([])
  // and the server never got the discarded edit
  expect((await people(admin, p.name))[0]).toMatchObject({ email: null, version: p.version })
})
