/**
 * Long pickers on a tablet (issue 33): 工点负责人 offers the project's people, searchable by typing
 * and shown under their units — not a flat list of everyone. The add dialog is submitted with the
 * person found, and the site is saved with them (checked through the API). Screenshot at 1024×768.
 */
import { expect, test } from './fixtures'
import { Client } from '../api/client'
import { PASSWORD, signIn } from './helpers'

const A = '/api/admin/v1'
const PROJECT = '沪渝蓉高铁武宜段站前工程'

test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true })

test('工点负责人: typed to find a person of the project, grouped by unit; the site is saved with them', async ({ page, baseURL }) => {
  const admin = await new Client(baseURL!).signIn('admin', PASSWORD)
  const projects = await admin.call<{ records: { projectId: string; projectName: string }[] }>('GET', `${A}/project/listPage`, {
    query: { pageIndex: 1, pageSize: 20, keyword: PROJECT },
  })
  const projectId = projects.body.data.records.find((p) => p.projectName === PROJECT)!.projectId
  const options = await admin.call<{ staff: { userId: string; name: string; organizationName: string | null }[] }>(
    'GET',
    `${A}/workSite/options`,
    { query: { projectId } },
  )
  const staff = options.body.data.staff
  expect(staff.length).toBeGreaterThanOrEqual(12)
  const person = staff.find((p) => p.organizationName && staff.filter((q) => q.name === p.name).length === 1)!

  await signIn(page, 'admin', { to: `/admin/work-site-information?projectId=${projectId}` })
  await page.getByRole('button', { name: '新增', exact: true }).click()
  const form = page.getByRole('dialog', { name: '新增工点' })
  const tag = Date.now().toString(36).slice(-6).toUpperCase()
  await form.getByRole('textbox', { name: '工点名称' }).fill(`负责人工点${tag}`)
  await form.getByRole('textbox', { name: '工点编码' }).fill(`FZR-${tag}`)
  await form.getByRole('combobox', { name: '工点类型' }).click()
  await page.getByRole('option', { name: '隧道', exact: true }).click()

  await form.getByRole('combobox', { name: '工点负责人' }).tap()
  const search = page.getByPlaceholder('输入以搜索…')
  await expect(search).toBeFocused()
  await search.fill(person.name)
  const found = page.getByRole('option', { name: new RegExp(person.name) })
  await expect(found).toHaveCount(1)
  // only what matches is left, under the person's unit
  await expect(page.getByRole('option')).toHaveCount(await found.count())
  await expect(page.getByRole('group', { name: person.organizationName! })).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/picker-person-1024-zh.png' })
  await found.tap()
  await expect(form.getByRole('combobox', { name: '工点负责人' })).toContainText(person.name)

  await form.getByRole('button', { name: '提交' }).click()
  await expect(form).toBeHidden()
  const saved = await admin.call<{ records: { workSiteCode: string; managerUserId: string | null }[] }>('GET', `${A}/workSite/listPage`, {
    query: { pageIndex: 1, pageSize: 10, projectId, keyword: `FZR-${tag}` },
  })
  expect(saved.body.data.records).toEqual([expect.objectContaining({ workSiteCode: `FZR-${tag}`, managerUserId: person.userId })])
})
