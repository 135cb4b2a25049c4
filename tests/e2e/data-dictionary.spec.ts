/**
 * 数据字典 (issue 33) in Chromium against the real gateway: an item added to 容器类型 on the screen
 * (its dialog submitted), moved up, then chosen as a container's type in 项目容器's add dialog (also
 * submitted) — the tree shows the new label; while the container uses it, the item's delete is refused
 * with the reason; once the container is gone the item is deleted. The same for 岗位 (SPEC §3 posts):
 * a post added on the screen is chosen in the person dialog, for the person and a project experience,
 * the dialog submitted — the staff list and the saved person show it; its delete is refused while they
 * hold it, and goes through once the person is deleted. The container types and the
 * posts are kept in the service worker's cache of the account, as the other option sources are (read offline).
 */
import { expect, test, type Page } from './fixtures'
import { idCardNumber, uniqueTag } from './dialog-fill'
import { signIn, waitForServiceWorker } from './helpers'

const PROJECT = '沪渝蓉高铁武宜段站前工程'
const tag = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 10)}`

const main = (page: Page) => page.getByRole('main')
const itemsRegion = (page: Page, key = '容器类型') => main(page).getByRole('region', { name: `“${key}”的字典项` })

/** Confirms the delete asked for (the alert dialog's 删除 / 确定). */
const confirmDelete = (page: Page) =>
  page
    .getByRole('alertdialog')
    .getByRole('button', { name: /删除|确定/ })
    .last()
    .click()

/** The key's items on 数据字典 (one of them, `shown`, is seen). */
async function openKey(page: Page, key: string, shown: string) {
  await page.goto('/admin/data-dictionary')
  await main(page)
    .getByRole('button', { name: new RegExp(`^${key}`) })
    .first()
    .click()
  await expect(itemsRegion(page, key).getByRole('cell', { name: shown, exact: true })).toBeVisible()
}
const openContainerTypes = (page: Page) => openKey(page, '容器类型', '桥梁')
async function findItem(page: Page, text: string, key?: string) {
  await itemsRegion(page, key).getByLabel('关键字', { exact: true }).fill(text)
  await itemsRegion(page, key).getByRole('button', { name: '查询', exact: true }).click()
}
/** Adds an item to the key shown (its dialog submitted). */
async function addItem(page: Page, key: string, item: { code: string; label: string; labelEn: string }) {
  await itemsRegion(page, key).getByRole('button', { name: '新增', exact: true }).click()
  const form = page.getByRole('dialog', { name: '新增字典项' })
  await form.getByRole('textbox', { name: '编码' }).fill(item.code)
  await form.getByRole('textbox', { name: '中文名称' }).fill(item.label)
  await form.getByRole('textbox', { name: '英文名称' }).fill(item.labelEn)
  await form.getByRole('button', { name: '提交' }).click()
  await expect(form).toBeHidden()
}

test('数据字典: an item added to 容器类型 is choosable in the container form, shown in the tree, and not deleted while used', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await signIn(page, 'admin')
  const t = tag()
  const code = `tram${t}`
  const label = `有轨电车${t}`

  // add the item (the dialog submitted); it lands last, 上移 puts it before the one above
  await openContainerTypes(page)
  await addItem(page, '容器类型', { code, label, labelEn: `Tram ${t}` })
  await findItem(page, code)
  const row = itemsRegion(page).getByRole('row').filter({ hasText: code })
  await expect(row.getByRole('cell', { name: label, exact: true })).toBeVisible()
  const sortCell = row.getByRole('cell', { name: /^\d+$/ })
  const sortBefore = Number(await sortCell.textContent())
  await row.getByRole('button', { name: `上移 ${label}` }).click()
  await expect(page.getByText('顺序已调整')).toBeVisible()
  await expect(sortCell).toHaveText(String(sortBefore - 1))

  // 项目容器: a top node of the new type (the add dialog submitted), its label in the tree
  await page.goto('/admin/project-container')
  const picker = page.getByRole('combobox', { name: '项目', exact: true })
  await expect(picker).toBeVisible()
  if (!(await picker.textContent())?.includes(PROJECT)) {
    await picker.click()
    await page.getByRole('option', { name: new RegExp(PROJECT) }).click()
  }
  await main(page).getByRole('button', { name: '新增顶级节点' }).click()
  const node = page.getByRole('dialog', { name: /新增/ })
  await node.getByRole('textbox', { name: '节点名称' }).fill(`电车段${t}`)
  await node.getByRole('textbox', { name: '节点编码' }).fill(`TRAM-${t}`)
  await node.getByRole('combobox', { name: '节点类型' }).click()
  await page.getByRole('option', { name: label, exact: true }).click()
  await node.getByRole('button', { name: '提交' }).click()
  await expect(node).toBeHidden()
  const tree = page.getByRole('tree', { name: '容器节点树' })
  const added = tree.getByRole('treeitem', { name: `电车段${t}`, exact: true })
  await expect(added).toBeVisible()
  await expect(added.getByText(label, { exact: true })).toBeVisible()

  // while the node uses it, the item is not deleted: the reason is shown
  await openContainerTypes(page)
  await findItem(page, code)
  await row.getByRole('button', { name: '删除', exact: true }).click()
  await confirmDelete(page)
  const refusal = page.getByRole('alertdialog', { name: '提示' })
  await expect(refusal.getByText(`字典项“${code}”正被1条项目容器节点使用，不能删除，也不能修改其编码（可停用）`)).toBeVisible()
  await refusal.getByRole('button', { name: '确定' }).click()
  await expect(row).toBeVisible()

  // the node deleted, the item goes too
  await page.goto('/admin/project-container')
  await added.hover()
  await added.getByRole('button', { name: `删除 电车段${t}` }).click()
  await confirmDelete(page)
  await expect(added).toBeHidden()
  await openContainerTypes(page)
  await findItem(page, code)
  await row.getByRole('button', { name: '删除', exact: true }).click()
  await confirmDelete(page)
  await expect(row).toHaveCount(0)
})

const UNIT_TYPE = '施工单位'
const UNIT = '中铁恒岳建设集团有限公司'

test('数据字典: a post added to 岗位 is choosable in the person dialog, for the person and a project experience, and shown on the saved person', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await signIn(page, 'admin')
  const t = tag()
  const code = `survey${t}`
  const label = `测量${t}`

  // the post added on 数据字典 (the dialog submitted)
  await openKey(page, '岗位', '工程技术')
  await addItem(page, '岗位', { code, label, labelEn: `Surveying ${t}` })
  await findItem(page, code, '岗位')
  const item = itemsRegion(page, '岗位').getByRole('row').filter({ hasText: code })
  await expect(item.getByRole('cell', { name: label, exact: true })).toBeVisible()

  // 单位管理 → the unit's 部门与人员 → 新增人员: the new post chosen for the person and a project experience
  await page.goto('/admin/organization')
  const units = page.getByRole('tree', { name: '单位树' })
  await units.getByRole('treeitem', { name: UNIT_TYPE }).click()
  await units.getByRole('treeitem', { name: UNIT }).click()
  await main(page).getByRole('tab', { name: '部门与人员', exact: true }).click()
  const panel = page.getByTestId('departments-panel')
  await expect(panel.getByRole('heading', { name: `${UNIT} 的人员` })).toBeVisible()
  await panel.getByRole('button', { name: '新增人员', exact: true }).click()
  const form = page.getByRole('dialog', { name: '新增人员' })
  const name = `岗位${t}`
  await form.getByRole('textbox', { name: '姓名' }).fill(name)
  await form.getByRole('textbox', { name: '身份证号' }).fill(idCardNumber(uniqueTag()))
  await form.getByRole('textbox', { name: '手机号' }).fill(`138${uniqueTag().padStart(8, '0').slice(-8)}`)
  const basic = form.getByRole('region', { name: '基本信息' })
  await basic.getByRole('combobox', { name: '岗位' }).click()
  await page.getByRole('option', { name: label, exact: true }).click()
  await form.getByRole('button', { name: '添加项目经历' }).click()
  const jobs = form.getByRole('region', { name: '项目经历' })
  await jobs.getByRole('textbox', { name: '项目（机构）' }).fill(`沪渝蓉高铁${t}`)
  await jobs.getByRole('combobox', { name: '岗位' }).click()
  await page.getByRole('option', { name: label, exact: true }).click()
  await form.getByRole('button', { name: '提交' }).click()
  await expect(form).toBeHidden()

  // the staff list shows the post by its name; the saved person (and the experience) hold it
  await panel.getByRole('searchbox').fill(name)
  const row = panel.getByRole('row').filter({ hasText: name })
  await expect(row.getByRole('cell', { name: label, exact: true })).toBeVisible()
  await row.getByRole('button', { name: `编辑 ${name}`, exact: true }).click()
  const edit = page.getByRole('dialog', { name: '编辑人员' })
  await expect(edit.getByRole('region', { name: '基本信息' }).getByRole('combobox', { name: '岗位' })).toHaveText(label)
  await expect(edit.getByRole('region', { name: '项目经历' }).getByRole('combobox', { name: '岗位' })).toHaveText(label)
  await edit.getByRole('button', { name: '取消' }).click()
  await expect(edit).toBeHidden()

  // while the person and the experience hold it, the post is not deleted: the reason is shown
  await openKey(page, '岗位', '工程技术')
  await findItem(page, code, '岗位')
  await item.getByRole('button', { name: '删除', exact: true }).click()
  await confirmDelete(page)
  const refusal = page.getByRole('alertdialog', { name: '提示' })
  await expect(refusal.getByText(`字典项“${code}”正被2条人员或项目经历使用，不能删除，也不能修改其编码（可停用）`)).toBeVisible()
  await refusal.getByRole('button', { name: '确定' }).click()
  await expect(item).toBeVisible()

  // the person deleted (the experience with them), the post goes too
  await page.goto('/admin/organization')
  await units.getByRole('treeitem', { name: UNIT_TYPE }).click()
  await units.getByRole('treeitem', { name: UNIT }).click()
  await main(page).getByRole('tab', { name: '部门与人员', exact: true }).click()
  await panel.getByRole('searchbox').fill(name)
  await row.getByRole('button', { name: `删除 ${name}`, exact: true }).click()
  await confirmDelete(page)
  await expect(row).toHaveCount(0)
  await openKey(page, '岗位', '工程技术')
  await findItem(page, code, '岗位')
  await item.getByRole('button', { name: '删除', exact: true }).click()
  await confirmDelete(page)
  await expect(item).toHaveCount(0)
})

/** The data dictionary keys whose items the service worker keeps for the account. */
const cachedKeys = (page: Page) =>
  page.evaluate(async () => {
    const found: string[] = []
    for (const name of await caches.keys())
      for (const req of await (await caches.open(name)).keys()) {
        const url = new URL(req.url)
        if (url.pathname === '/api/admin/v1/dictionary/items') found.push(url.searchParams.get('key') ?? '')
      }
    return found
  })

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' })

  test('项目容器 and 单位管理 keep the container types and the posts in the account’s offline cache, as the other option sources', async ({
    page,
  }) => {
    await signIn(page, 'admin')
    await waitForServiceWorker(page)
    await page.goto('/admin/project-container')
    await expect(page.getByRole('combobox', { name: '项目', exact: true })).toBeVisible()
    await expect.poll(() => cachedKeys(page)).toContain('container_type')
    // the staff list labels its posts from the dictionary
    await page.goto('/admin/organization')
    const units = page.getByRole('tree', { name: '单位树' })
    await units.getByRole('treeitem', { name: UNIT_TYPE }).click()
    await units.getByRole('treeitem', { name: UNIT }).click()
    await main(page).getByRole('tab', { name: '部门与人员', exact: true }).click()
    await expect(page.getByTestId('departments-panel').getByRole('heading', { name: `${UNIT} 的人员` })).toBeVisible()
    await expect.poll(() => cachedKeys(page)).toContain('post')
  })
})
