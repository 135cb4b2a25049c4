/**
 * Issue 10, item 10 (layout details): /login while signed in goes home; the home sync card does
 * not say "never synced" and "all synced" at once; stopping an account is not drawn as a checkbox;
 * toasts appear away from the header's sync badge. At 1024 × 768, zh and en.
 */
import { expect, test, type Page } from './fixtures'
import { signIn } from './helpers'

test.use({ viewport: { width: 1024, height: 768 } })

const UNIT = '中铁恒岳建设集团有限公司'

/** Signs in as admin and opens ${UNIT}'s 部门与人员 tab on /admin/organization. */
async function openDepartments(page: Page) {
  await signIn(page, 'admin', { to: '/admin/organization' })
  const tree = page.getByRole('tree', { name: '单位树' })
  await tree.getByRole('treeitem', { name: '施工单位' }).click()
  await tree.getByRole('treeitem', { name: UNIT }).click()
  await page.getByRole('tab', { name: '部门与人员' }).click()
}

for (const lang of ['zh', 'en'] as const) {
  test(`signed in: /login goes home, the sync card is consistent, stop is a stop icon (${lang})`, async ({ page }) => {
    const zh = lang === 'zh'
    await signIn(page, 'admin')
    if (!zh) await page.getByRole('button', { name: 'English' }).click()
    const card = page.getByTestId('sync-widget')
    await expect(card.getByText(zh ? '所有修改均已同步' : 'Everything is synced')).toBeVisible()
    await expect(card.getByText(zh ? '尚未同步' : 'Not synced yet')).toHaveCount(0)
    await page.screenshot({ path: `.tmp/shots/details-home-${lang}.png` })

    await page.goto('/login')
    await expect(page).toHaveURL(/\/admin\/home/)

    await page.goto('/admin/organization')
    const tree = page.getByRole('tree', { name: zh ? '单位树' : 'Unit tree' })
    await tree
      .getByRole('treeitem', { name: /施工单位|Construction/ })
      .first()
      .click()
    await tree.getByRole('treeitem', { name: UNIT }).click()
    await page.getByRole('tab', { name: zh ? '账号' : 'Accounts', exact: true }).click()
    const stop = page.getByRole('button', { name: zh ? /停用/ : /Stop/ }).first()
    await expect(stop).toBeVisible()
    await expect(stop.locator('svg.lucide-ban')).toHaveCount(1)
    await expect(stop.locator('svg.lucide-square')).toHaveCount(0)
    await page.screenshot({ path: `.tmp/shots/details-accounts-${lang}.png` })
  })
}

test('/test/demo shows the controlled buttons to the admin, and none to the tourist', async ({ page }) => {
  await signIn(page, 'admin')
  await page.goto('/test/demo')
  for (const name of ['新增', '编辑', '删除', '导出']) await expect(page.getByRole('main').getByRole('button', { name })).toBeVisible()
  await page.getByRole('main').getByRole('button', { name: '导出' }).click()
  await expect(page.getByRole('status')).toContainText('export')
  await page.screenshot({ path: '.tmp/shots/details-demo-zh.png' })
  await page.getByRole('button', { name: '退出登录' }).click()
  // signed out once the sign-in page shows (opened before, /login still goes home to the old session)
  await expect(page).toHaveURL(/\/login/)
  await signIn(page, 'tourist')
  await page.goto('/test/demo')
  await expect(page.getByRole('main').getByText('当前菜单：')).toBeVisible()
  await expect(page.getByRole('main').getByRole('button', { name: /新增|编辑|删除|导出/ })).toHaveCount(0)
})

test('the menu state’s flags (SPEC §2): the menu header follows the sidebar’s toggle and is kept on a reload (1024 × 768)', async ({
  page,
}) => {
  await signIn(page, 'admin')
  await page.goto('/test/demo')
  const main = page.getByRole('main')
  await expect(main.getByText('菜单状态：')).toBeVisible()
  await expect(main.getByText('首页：否')).toBeVisible()
  await expect(main.getByText('签署页：否')).toBeVisible()
  // below 1280 px the menu starts as icons: no header
  await expect(main.getByText('菜单标题：否')).toBeVisible()
  await page.getByRole('button', { name: '展开侧边栏' }).click()
  await expect(main.getByText('菜单标题：是')).toBeVisible()
  await expect(page.getByRole('complementary', { name: '主菜单' }).getByText('工程协同管理平台')).toBeVisible()
  await page.reload()
  await expect(main.getByText('菜单标题：是')).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/details-menu-flags-zh.png' })
  await page.getByRole('button', { name: '收起侧边栏' }).click()
  await expect(main.getByText('菜单标题：否')).toBeVisible()
  await expect(page.getByRole('complementary', { name: '主菜单' }).getByText('工程协同管理平台')).toHaveCount(0)
})

test('the org-chart drawer opens again as it was left (1024 × 768)', async ({ page }) => {
  await openDepartments(page)
  const panel = page.getByTestId('departments-panel')
  const opener = panel.getByRole('button', { name: '组织架构' })
  await opener.click()
  const chart = page.getByRole('tree', { name: '组织架构' })
  const root = chart.getByRole('treeitem', { name: UNIT, exact: true })
  await expect(root).toHaveAttribute('aria-expanded', 'true')
  await root.getByRole('button', { name: '收起' }).click()
  await expect(root).toHaveAttribute('aria-expanded', 'false')
  await page.keyboard.press('Escape')
  await expect(chart).toBeHidden()
  await opener.click()
  await expect(chart.getByRole('treeitem', { name: UNIT, exact: true })).toHaveAttribute('aria-expanded', 'false')
})

test('the sub-department dialog offers a type and says nothing is wrong before anything is typed', async ({ page }) => {
  await openDepartments(page)
  const panel = page.getByTestId('departments-panel')
  await panel.getByRole('button', { name: '组织架构' }).click()
  const chart = page.getByRole('tree', { name: '组织架构' })
  await chart.getByRole('button', { name: `${UNIT} 的操作` }).click()
  await page.getByRole('menuitem', { name: '新增下级' }).click()
  const dialog = page.getByRole('dialog', { name: '新增下级单位或部门' })
  await expect(dialog.getByRole('combobox', { name: '类型' })).toBeVisible()
  await expect(dialog.getByText(/请输入|请选择/)).toHaveCount(0)
  await dialog.getByRole('combobox', { name: '类型' }).click()
  for (const name of ['公司', '子公司', '部门']) await expect(page.getByRole('option', { name, exact: true })).toBeVisible()
  await page.getByRole('option', { name: '部门', exact: true }).click()
  await page.screenshot({ path: '.tmp/shots/details-subdept-zh.png' })
  await dialog.getByRole('button', { name: '提交' }).click()
  await expect(dialog.getByText('请输入名称')).toBeVisible()
})

test('under a department: the dialog adds a sub-department, shows its type 部门 and no error before anything is typed', async ({
  page,
}) => {
  await openDepartments(page)
  await page.getByTestId('departments-panel').getByRole('button', { name: '组织架构' }).click()
  await page.getByRole('tree', { name: '组织架构' }).getByRole('button', { name: '工程部 的操作' }).click()
  await page.getByRole('menuitem', { name: '新增下级' }).click()
  const dialog = page.getByRole('dialog', { name: '新增下级部门' })
  await expect(dialog.getByText('类型', { exact: true })).toBeVisible()
  await expect(dialog.getByText('部门', { exact: true })).toBeVisible()
  // the name field has the focus, untouched: nothing is wrong yet
  await expect(dialog.getByRole('textbox', { name: '名称' })).toBeFocused()
  await expect(dialog.getByText(/请输入|请选择/)).toHaveCount(0)
  await page.screenshot({ path: '.tmp/shots/details-subdept-under-dept-zh.png' })
  // leaving it empty, or submitting, says what is missing
  await dialog.getByRole('button', { name: '提交' }).click()
  await expect(dialog.getByText('请输入名称')).toBeVisible()
})

test.describe('a form that arrives after its dialog opened', () => {
  // the form's code comes over the network and is held back here (a service worker would answer it from its precache)
  test.use({ serviceWorkers: 'block' })

  /**
   * On a fresh load of 项目工点信息, opens 新增工点 with the form's script (or the `part` given) held
   * back until `release`; the dialog's own comes.
   */
  async function openWhileLoading(page: Page, part?: RegExp) {
    await signIn(page, 'admin', { to: '/admin/project-worksite-information' })
    const add = page.getByRole('main').getByRole('button', { name: '新增', exact: true })
    await expect(add).toBeVisible()
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    const scripts: string[] = []
    await page.route(part ?? /\/form-[\w-]+\.js$/, async (route) => {
      scripts.push(route.request().url())
      await released
      await route.continue()
    })
    await add.click()
    const dialog = page.getByRole('dialog', { name: '新增工点' })
    // the dialog is open, its form still loading
    await expect(dialog.getByRole('status')).toBeVisible()
    await expect.poll(() => scripts.some((url) => (part ?? /\/form-[\w-]+\.js$/).test(url))).toBe(true)
    await expect(dialog.getByRole('textbox', { name: '工点名称' })).toHaveCount(0)
    return { dialog, release }
  }

  test('its first field takes the focus when it appears', async ({ page }) => {
    const { dialog, release } = await openWhileLoading(page)
    release()
    await expect(dialog.getByRole('textbox', { name: '工点名称' })).toBeFocused()
    // untouched: nothing is wrong yet
    await expect(dialog.locator('[aria-invalid="true"]')).toHaveCount(0)
  })

  test('unless the focus was moved in the dialog while it loaded', async ({ page }) => {
    const { dialog, release } = await openWhileLoading(page)
    await page.keyboard.press('Tab')
    const close = dialog.getByRole('button', { name: '关闭', exact: true })
    await expect(close).toBeFocused()
    release()
    await expect(dialog.getByRole('textbox', { name: '工点名称' })).toBeVisible()
    await expect(dialog.getByRole('status')).toHaveCount(0)
    await expect(close).toBeFocused()
  })

  test('its submit waits for fields still loading', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 })
    // the form is there, the site's fields (their own chunk) not yet
    const { dialog, release } = await openWhileLoading(page, /\/WorkSiteFields-[\w-]+\.js$/)
    const submit = dialog.getByRole('button', { name: '提交', exact: true })
    await expect(submit).toBeVisible()
    await expect(submit).toBeDisabled()
    await page.screenshot({ path: '.tmp/shots/details-form-fields-loading-1024.png' })
    release()
    const name = dialog.getByRole('textbox', { name: '工点名称' })
    await expect(name).toBeVisible()
    await expect(submit).toBeEnabled()
    // nothing was refused meanwhile; submitting now says what is missing, on its field
    await expect(dialog.getByRole('alert')).toHaveCount(0)
    await submit.click()
    await expect(dialog.getByText('请输入工点名称')).toBeVisible()
  })
})

test('a toast over the org-chart drawer: a tap on it reaches what lies under it, its button closes it, the drawer stays open (1024 × 768)', async ({
  page,
}) => {
  await openDepartments(page)
  await page.getByTestId('departments-panel').getByRole('button', { name: '组织架构' }).click()
  const chart = page.getByRole('tree', { name: '组织架构' })
  await chart.getByRole('button', { name: '工程部 的操作' }).click()
  await page.getByRole('menuitem', { name: '新增下级' }).click()
  const dialog = page.getByRole('dialog', { name: '新增下级部门' })
  const name = `测量组${Date.now() % 100_000}`
  await dialog.getByRole('textbox', { name: '名称' }).fill(name)
  await dialog.getByRole('button', { name: '提交' }).click()
  await expect(dialog).toBeHidden()
  const toasts = page.getByRole('region', { name: /^通知/ })
  await expect(toasts.getByText('提交成功')).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/details-toast-over-drawer-zh.png' })
  // the toast does not stand between the pointer and what lies under it (a tap there reaches the page,
  // and a resting pointer does not hold it open); its close button does take the pointer, over the modal
  const text = (await toasts.getByText('提交成功').boundingBox())!
  const at = { x: text.x + text.width / 2, y: text.y + text.height / 2 }
  await page.mouse.move(at.x, at.y)
  const under = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-sonner-toast]') ?? null, at)
  expect(under).toBeNull()
  await toasts.getByRole('button', { name: '关闭通知' }).click()
  await expect(toasts.getByText('提交成功')).toHaveCount(0)
  await expect(chart.getByRole('treeitem', { name })).toBeVisible()
})

test('a toast that says what went wrong, raised over a dialog, is read aloud and stays long enough to be read: 8 s, where a confirmation stays 4 (1024 × 768)', async ({
  page,
}) => {
  await signIn(page, 'lisite', { to: '/admin/project-worksite-information' })
  await page.getByRole('button', { name: '新增', exact: true }).click()
  const form = page.getByRole('dialog', { name: '新增工点' })
  await form
    .getByTestId('site-photo-input')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') })
  // the first toast of the page, raised while a modal dialog is open: read aloud all the same (a role
  // query finds nothing the dialog hid from assistive technology)
  const refused = page.getByRole('region', { name: /^通知/ }).getByText(/^仅支持 .+ 格式的文件$/)
  await expect(refused).toBeVisible()
  const shown = Date.now()
  await page.screenshot({ path: '.tmp/shots/details-error-toast-zh.png' })
  // past Sonner's 4 s it is still there, with the pointer nowhere near it; then it goes by itself
  await page.waitForTimeout(5000)
  await expect(refused).toBeVisible()
  await expect(refused).toBeHidden({ timeout: 8000 })
  expect(Date.now() - shown).toBeLessThan(10_000)
  await expect(form).toBeVisible()
})
