/**
 * 数据字典 (issue 33) in Chromium against the real gateway: an item added to 容器类型 on the screen
 * (its dialog submitted), moved up, then chosen as a container's type in 项目容器's add dialog (also
 * submitted) — the tree shows the new label; while the container uses it, the item's delete is refused
 * with the reason; once the container is gone the item is deleted. The container types are kept in the
 * service worker's cache of the account, as the other option sources are (read offline).
 */
import { expect, test, type Page } from '@playwright/test'
import { signIn, waitForServiceWorker } from './helpers'

const PROJECT = '沪渝蓉高铁武宜段站前工程'
const tag = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 10)}`

const main = (page: Page) => page.getByRole('main')
const itemsRegion = (page: Page) => main(page).getByRole('region', { name: '“容器类型”的字典项' })

/** Confirms the delete asked for (the alert dialog's 删除 / 确定). */
const confirmDelete = (page: Page) =>
  page
    .getByRole('alertdialog')
    .getByRole('button', { name: /删除|确定/ })
    .last()
    .click()

async function openContainerTypes(page: Page) {
  await page.goto('/admin/data-dictionary')
  await main(page)
    .getByRole('button', { name: /^容器类型/ })
    .first()
    .click()
  await expect(itemsRegion(page).getByRole('cell', { name: '桥梁', exact: true })).toBeVisible()
}
async function findItem(page: Page, text: string) {
  await itemsRegion(page).getByLabel('关键字', { exact: true }).fill(text)
  await itemsRegion(page).getByRole('button', { name: '查询', exact: true }).click()
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
  await itemsRegion(page).getByRole('button', { name: '新增', exact: true }).click()
  const form = page.getByRole('dialog', { name: '新增字典项' })
  await form.getByRole('textbox', { name: '编码' }).fill(code)
  await form.getByRole('textbox', { name: '中文名称' }).fill(label)
  await form.getByRole('textbox', { name: '英文名称' }).fill(`Tram ${t}`)
  await form.getByRole('button', { name: '提交' }).click()
  await expect(form).toBeHidden()
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

test('项目容器 keeps the container types in the account’s offline cache, as the other option sources', async ({ page }) => {
  await signIn(page, 'admin')
  await waitForServiceWorker(page)
  await page.goto('/admin/project-container')
  await expect(page.getByRole('combobox', { name: '项目', exact: true })).toBeVisible()
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const found: string[] = []
        for (const name of await caches.keys())
          for (const req of await (await caches.open(name)).keys()) {
            const url = new URL(req.url)
            if (url.pathname === '/api/admin/v1/dictionary/items') found.push(url.searchParams.get('key') ?? '')
          }
        return found
      }),
    )
    .toContain('container_type')
})
