/**
 * 流程模型管理 at 1024×768 (issue 29): a new model drawn in the modeler from its palette (start event,
 * task turned user task, end event, connected), the browser's lint on save (an unnamed user task),
 * the user task named and given an executor in our panel, saved, published as v1, seen in the
 * published list and stopped there. The modeler's chunk loads on this page only. Screenshot:
 * .tmp/shots/workflow-models-1024.png (the editor), workflow-published-1024.png (the published list).
 */
import { expect, test, type Locator, type Page } from './fixtures'
import { signIn } from './helpers'

/** Places a palette entry's element at (x, y) of the canvas (right of the palette, which covers its first 110 px). */
async function place(page: Page, canvas: Locator, action: string, x: number, y: number) {
  const box = (await canvas.boundingBox())!
  await canvas.locator(`.djs-palette [data-action="${action}"]`).click()
  await page.mouse.move(box.x + x, box.y + y, { steps: 4 })
  await page.mouse.click(box.x + x, box.y + y)
}

/** Connects two elements through the first one's context pad. */
async function connect(page: Page, canvas: Locator, from: [number, number], to: [number, number]) {
  const box = (await canvas.boundingBox())!
  // an empty spot first: a click on the last click's place would be a double click (label editing)
  await page.mouse.click(box.x + 300, box.y + 330)
  await page.mouse.click(box.x + from[0], box.y + from[1])
  await canvas.locator('.djs-context-pad [data-action="connect"]').click()
  await page.mouse.move(box.x + to[0], box.y + to[1], { steps: 4 })
  await page.mouse.click(box.x + to[0], box.y + to[1])
}

test('draw, configure, save, publish and stop a process model', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1024, height: 768 })
  const modelerChunks: string[] = []
  page.on('request', (r) => {
    if (/\/assets\/bpmn(Modeler)?-[^/]*\.js$/.test(r.url())) modelerChunks.push(r.url())
  })
  await signIn(page, 'admin')
  expect(modelerChunks, 'the modeler loads on its page only').toEqual([])

  const key = `wf_e2e_${Date.now()}`
  const name = `请假审批${Date.now() % 100000}`
  await page.goto('/admin/process-model-management')
  await expect(page.getByRole('heading', { name: '流程模型管理' })).toBeVisible()
  await page.getByRole('button', { name: '新增模型' }).click()
  await expect(page.getByRole('heading', { name: '新增流程模型' })).toBeVisible()
  await page.getByLabel('分类').fill('人事')
  await page.getByLabel('流程标识').fill(key)
  await page.getByLabel('流程名称').fill(name)

  const canvas = page.getByRole('application', { name: '流程图' })
  await expect(canvas.locator('.djs-palette')).toBeVisible()
  expect(modelerChunks.length).toBeGreaterThan(0)
  // the palette speaks Chinese, and bpmn.io's watermark is there
  await expect(canvas.locator('.djs-palette [data-action="create.start-event"]')).toHaveAttribute('aria-label', '创建开始事件')
  await expect(canvas.locator('.bjs-powered-by')).toBeVisible()

  const y = 140
  await place(page, canvas, 'create.start-event', 170, y)
  await page.keyboard.press('Escape')
  await place(page, canvas, 'create.task', 300, y)
  // the task becomes a user task through its context pad's replace menu
  await canvas.locator('.djs-context-pad [data-action="replace"]').click()
  await page.locator('.djs-popup [data-id="replace-with-user-task"]').click()
  await page.keyboard.press('Escape')
  await place(page, canvas, 'create.end-event', 440, y)
  await page.keyboard.press('Escape')
  await connect(page, canvas, [170, y], [300, y])
  await connect(page, canvas, [300, y], [440, y])
  await expect(canvas.locator('g.djs-connection')).toHaveCount(2)

  // save before the user task has a name: the browser's lint says so, nothing is sent
  await page.getByRole('button', { name: '保存' }).click()
  const problems = page.getByRole('alert').filter({ hasText: '流程图有 1 个问题' })
  await expect(problems).toContainText('未命名')

  // our panel: the selected user task's name and executor
  const box = (await canvas.boundingBox())!
  await page.mouse.click(box.x + 300, box.y + 330)
  await page.mouse.click(box.x + 300, box.y + y + 25)
  const panel = page.getByRole('complementary', { name: '节点属性' })
  await panel.getByLabel('节点名称').fill('部门审批')
  await panel.getByLabel('节点名称').press('Tab')
  await expect(canvas.getByText('部门审批')).toBeVisible()
  const executor = panel.getByRole('group', { name: '执行人' })
  await executor.getByRole('combobox', { name: '设置方式' }).click()
  await page.getByRole('option', { name: '指定用户' }).click()
  await executor.getByRole('combobox', { name: '对象' }).click()
  await page.getByPlaceholder('搜索').fill('zhangwei')
  await page
    .getByRole('option', { name: /zhangwei/ })
    .first()
    .click()
  await expect(executor.getByRole('button', { name: /移除 .*zhangwei/ })).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/workflow-models-1024.png' })

  await page.getByRole('button', { name: '保存' }).click()
  await expect(page.getByText('流程模型已保存').first()).toBeVisible()
  await expect(problems).toHaveCount(0)
  await expect(page.getByRole('heading', { name: `编辑流程模型 · ${name}` })).toBeVisible()

  await page.getByRole('button', { name: '发布' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click()
  await expect(page.getByText('已发布版本 v1').first()).toBeVisible()

  await page.getByRole('button', { name: '返回列表' }).click()
  await expect(page.getByRole('row').filter({ hasText: key })).toContainText('v1')
  await page.getByRole('tab', { name: '已发布' }).click()
  const published = page.getByRole('tabpanel').getByRole('row').filter({ hasText: key })
  await expect(published).toContainText('v1')
  await expect(published).toContainText('使用中')
  await published.getByRole('button', { name: '停用' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click()
  await expect(published).toContainText('已停用')
  await page.screenshot({ path: '.tmp/shots/workflow-published-1024.png' })
  await published.getByRole('button', { name: '启用' }).click()
  await expect(published).toContainText('使用中')
})
