/**
 * Accounts through the outbox (DESIGN §4), in Chromium against the real gateway:
 * - stopped and then edited offline: both reach the gateway in order — the edit is rebased onto
 *   the version the stop answered, so the user's own stop never shows up as a conflict;
 * - added offline under an account name somebody took meanwhile: the entry fails with the
 *   gateway's reason, the account form opens on it from the sync centre, and the fixed add is sent.
 */
import { expect, test, type Page } from './fixtures'
import type { Client } from '../api/client'
import { PASSWORD, signIn, waitForServiceWorker } from './helpers'
import { api, badge, storedEntries, uniq, UNIT, unitId } from './offline-helpers'

// the service worker keeps the shell and the reads for offline (the config blocks it elsewhere)
test.use({ serviceWorkers: 'allow' })

const GA = '/api/admin/v1/generalAccount'

interface AccountRow {
  accountId: string
  accountName: string
  userName: string
  status: string
  version: number
}

async function accountNamed(c: Client, accountName: string): Promise<AccountRow | undefined> {
  const r = await c.call<{ records: AccountRow[] }>('GET', `${GA}/listPage`, {
    query: { pageIndex: 1, pageSize: 20, keyword: accountName },
  })
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data.records.find((a) => a.accountName === accountName)
}

async function addAccount(c: Client, accountName: string, userName: string): Promise<AccountRow> {
  const r = await c.call<AccountRow>('POST', `${GA}/add`, {
    json: { accountName, userName, password: PASSWORD, confirmPassword: PASSWORD, organizationId: await unitId(c) },
    idempotencyKey: crypto.randomUUID(),
  })
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}

/** /admin/organization → 施工单位 → the unit → 账号. */
async function openAccounts(page: Page) {
  await page.goto('/admin/organization')
  const units = page.getByRole('tree', { name: '单位树' })
  await units.getByRole('treeitem', { name: '施工单位' }).click()
  await units.getByRole('treeitem', { name: UNIT }).click()
  await page.getByRole('tab', { name: '账号', exact: true }).click()
  await expect(page.getByRole('button', { name: '邀请注册' })).toBeVisible()
  return page.getByRole('tabpanel')
}

test('an account stopped and then edited offline: both arrive in order, the edit on the version the stop answered', async ({
  page,
  context,
  baseURL,
}) => {
  const admin = await api(baseURL!)
  const name = `lx${uniq()}`
  const before = await addAccount(admin, name, '离线停用')

  await signIn(page, 'admin')
  await waitForServiceWorker(page)
  const panel = await openAccounts(page)
  await panel.getByLabel('关键字').fill(name)
  await panel.getByRole('button', { name: '查询', exact: true }).click()
  const row = panel.getByRole('row').filter({ hasText: name })
  await expect(row).toHaveCount(1)

  await context.setOffline(true)
  await row.getByRole('button', { name: '停用' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click()
  await expect(row.getByText('已停用')).toBeVisible()
  await expect(row.getByText('待同步')).toBeVisible()
  await row.getByRole('button', { name: /^编辑/ }).click()
  const edit = page.getByRole('dialog', { name: '编辑账号' })
  await edit.getByRole('textbox', { name: '姓名' }).fill('离线改名')
  await edit.getByRole('button', { name: '提交' }).click()
  await expect(edit).toBeHidden()
  await expect(row.getByText('离线改名')).toBeVisible()
  expect((await storedEntries(page)).map((e) => e.op)).toEqual(['enable', 'update'])
  await context.setOffline(false)

  await expect.poll(async () => (await storedEntries(page)).length, { timeout: 30_000 }).toBe(0)
  // the stop, then the edit: each once, and no conflict on the way
  expect(await accountNamed(admin, name)).toMatchObject({ status: 'stopped', userName: '离线改名', version: before.version + 2 })
  await expect(badge(page)).not.toContainText('需处理')
})

test('an account added offline under a name taken meanwhile: failed with the reason, fixed in the account form from the sync centre', async ({
  page,
  context,
  baseURL,
}) => {
  const admin = await api(baseURL!)
  const name = `zy${uniq()}`

  await signIn(page, 'admin')
  await waitForServiceWorker(page)
  const panel = await openAccounts(page)
  await context.setOffline(true)
  await panel.getByRole('button', { name: '新增', exact: true }).click()
  let form = page.getByRole('dialog', { name: '新增账号' })
  await form.getByRole('textbox', { name: '账号' }).fill(name)
  await form.getByRole('textbox', { name: '姓名' }).fill('离线新增')
  await form.getByLabel(/^\*?密码$/).fill('Field#2026')
  await form.getByLabel('确认密码').fill('Field#2026')
  await form.getByRole('button', { name: '提交' }).click()
  await expect(form).toBeHidden()
  // meanwhile somebody else takes the name
  await addAccount(admin, name, '先到者')
  await context.setOffline(false)

  await expect(badge(page)).toContainText('1 条需处理', { timeout: 30_000 })
  const [failed] = await storedEntries(page)
  expect(failed).toMatchObject({ entity: 'generalAccount', op: 'add', status: 'failed', lastError: { kind: 'code', code: 20006 } })

  await badge(page).click()
  const centre = page.getByRole('dialog', { name: '同步中心' })
  const item = centre.locator('li', { hasText: name })
  await expect(item.getByText('账号已存在')).toBeVisible()
  await item.getByRole('button', { name: '修改' }).click()
  form = page.getByRole('dialog', { name: '新增账号' })
  // the form opens on the entry: its values, the password kept in the outbox
  await expect(form.getByRole('textbox', { name: '账号' })).toHaveValue(name)
  await expect(form.getByRole('textbox', { name: '姓名' })).toHaveValue('离线新增')
  await expect(form.getByLabel(/^\*?密码$/)).toHaveValue('Field#2026')
  await page.screenshot({ path: '.tmp/shots/offline-account-entry-1440.png' })
  await form.getByRole('textbox', { name: '账号' }).fill(`${name}b`)
  await form.getByRole('button', { name: '提交' }).click()
  await expect(form).toBeHidden()
  await expect.poll(async () => (await storedEntries(page)).length).toBe(0)
  await expect(centre.getByText('没有待同步的修改')).toBeVisible()
  expect(await accountNamed(admin, `${name}b`)).toMatchObject({ userName: '离线新增', status: 'normal' })
  expect(await accountNamed(admin, name)).toMatchObject({ userName: '先到者' })
})
