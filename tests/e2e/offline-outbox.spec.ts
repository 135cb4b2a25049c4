/**
 * The outbox in Chromium against the real gateway (DESIGN §4): edits made while the gateway cannot
 * be reached are kept with a pending mark, survive a reload, and reach the server exactly once.
 */
import { expect, test } from './fixtures'
import { signIn, waitForServiceWorker } from './helpers'
import { addPerson, api, badge, idNumber, openStaff, people, phone, storedEntries, uniq } from './offline-helpers'

// the service worker keeps the shell and the reads for offline (the config blocks it elsewhere)
test.use({ serviceWorkers: 'allow' })

test('a person edited and one added offline stay pending across a reload, then reach the server exactly once', async ({
  page,
  context,
  baseURL,
}) => {
  const admin = await api(baseURL!)
  const name = `离线${uniq()}`
  const before = await addPerson(admin, name)

  await signIn(page, 'admin')
  await waitForServiceWorker(page)
  const panel = await openStaff(page, name)
  const row = panel.getByRole('row').filter({ hasText: name })
  await expect(row).toBeVisible()

  await context.setOffline(true)
  // edit: the lists cannot be loaded offline, the person's fields can be saved
  await row.getByRole('button', { name: `编辑 ${name}` }).click()
  const edit = page.getByRole('dialog', { name: '编辑人员' })
  await expect(edit.getByText('无法连接服务器，教育经历、证书和履历暂时无法加载')).toBeVisible()
  const email = `offline${uniq()}@example.com`
  await edit.getByRole('textbox', { name: '邮箱' }).fill(email)
  await edit.getByRole('button', { name: '提交' }).click()
  await expect(page.getByText('网络不可用，修改已保存在本机，联网后自动同步')).toBeVisible()
  await expect(edit).toBeHidden()
  await expect(row.getByText('待同步')).toBeVisible()
  await expect(row.getByText(email)).toBeVisible()

  // add: the new person shows at once, with the id the console gave it
  const added = `离线新增${uniq()}`
  await panel.getByRole('button', { name: '新增人员' }).click()
  const form = page.getByRole('dialog', { name: '新增人员' })
  await form.getByRole('textbox', { name: '姓名' }).fill(added)
  await form.getByRole('textbox', { name: '身份证号' }).fill(idNumber('1992-06-01', Number(uniq())))
  await form.getByRole('textbox', { name: '手机号' }).fill(phone())
  await form.getByRole('button', { name: '提交' }).click()
  await expect(form).toBeHidden()
  await panel.getByRole('searchbox').fill(added)
  await expect(panel.getByRole('row').filter({ hasText: added }).getByText('待同步')).toBeVisible()
  await expect(badge(page)).toContainText('离线')
  await expect(badge(page)).toContainText('2 条待同步')

  // a reload while still offline: the shell comes from the service worker, the edits from IndexedDB
  await page.reload()
  await expect(badge(page)).toContainText('2 条待同步')
  // the start of the page tries a replay at once (an entry is 'sending' for that moment); it fails
  // offline and both wait again
  await expect
    .poll(async () => (await storedEntries(page)).map((e) => [e.op, e.status]))
    .toEqual([
      ['update', 'pending'],
      ['add', 'pending'],
    ])
  const stored = await storedEntries(page)
  expect(await people(admin, name)).toEqual([expect.objectContaining({ email: null, version: before.version })])

  // back online: replayed, signed afresh, once
  await context.setOffline(false)
  await expect.poll(async () => (await storedEntries(page)).length, { timeout: 30_000 }).toBe(0)
  await expect(badge(page)).not.toContainText('待同步')
  const [after] = await people(admin, name)
  expect(after).toMatchObject({ email, version: before.version + 1 })
  const created = await people(admin, added)
  expect(created).toHaveLength(1)
  expect(created[0]!.userId).toBe(stored[1]!.entityId)

  // the sync centre says everything went
  await badge(page).click()
  const centre = page.getByRole('dialog', { name: '同步中心' })
  await expect(centre.getByText('没有待同步的修改')).toBeVisible()
  await expect(centre.getByText('服务器可连接')).toBeVisible()
})
