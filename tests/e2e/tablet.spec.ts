/**
 * Issue 10, item 6: 1024 × 768 landscape (a tablet) is a first-class layout — the menu as icons,
 * the unit tree docked (and collapsible) so the organisation page does not open empty, tab strips
 * that show they scroll, and 44 px touch targets. Screenshots in zh and en go to .tmp/shots/.
 */
import { expect, test, type Page } from './fixtures'
import { signIn } from './helpers'

test.use({ viewport: { width: 1024, height: 768 } })

const UNIT = '中铁恒岳建设集团有限公司'
const PAGES = [
  '/admin/organization',
  '/admin/role-manage',
  '/admin/user-audit',
  '/admin/app-manage',
  '/admin/account-quantity-management',
  '/admin/systemLog',
  '/admin/message-center',
  '/personal-view',
]

async function box(locator: ReturnType<Page['locator']>) {
  const b = await locator.boundingBox()
  expect(b, 'the element is laid out').not.toBeNull()
  return b!
}

/** The elements that scroll vertically and have something to scroll (the page's scroll areas). */
const scrollAreas = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => {
        const s = getComputedStyle(el)
        return (
          /(auto|scroll)/.test(s.overflowY) &&
          el.scrollHeight > el.clientHeight + 1 &&
          el.clientHeight > 0 &&
          !el.closest('[role="tree"],aside,nav')
        )
      })
      .map((el) => el.id || el.getAttribute('data-testid') || el.className.slice(0, 60)),
  )

for (const lang of ['zh', 'en'] as const) {
  test(`1024×768 (${lang}): icons menu, docked unit tree, one scroll area, scrolling tabs fade, 44 px targets`, async ({ page }) => {
    await signIn(page, 'admin')
    if (lang === 'en') {
      await page.getByRole('button', { name: 'English' }).click()
      await expect(page.getByRole('button', { name: '中文' })).toBeVisible()
    }
    const zh = lang === 'zh'
    // the menu starts as icons below 1280 px
    const menu = page.getByRole('complementary', { name: zh ? '主菜单' : 'Main menu' })
    expect((await box(menu)).width).toBeLessThanOrEqual(80)

    // the organisation page opens with its unit tree docked (no drawer to open first)
    await page.goto('/admin/organization')
    const tree = page.getByRole('tree', { name: zh ? '单位树' : 'Unit tree' })
    const type = tree.getByRole('treeitem', { name: /施工单位|Construction/ }).first()
    await expect(type).toBeVisible()
    await type.click()
    await tree.getByRole('treeitem', { name: UNIT }).click()
    await page.getByRole('tab', { name: zh ? '部门与人员' : /Departments/ }).click()
    const panel = page.getByTestId('departments-panel')
    await expect(panel.getByRole('table')).toBeVisible()
    await page.screenshot({ path: `.tmp/shots/tablet-organization-${lang}.png` })
    // one scroll area for the page (the content area), plus the long staff list's own; no box nested between
    const areas = await scrollAreas(page)
    expect(areas[0]).toBe('main-content')
    expect(areas.length).toBeLessThanOrEqual(2)
    // scrolled to the staff, the table fills the screen (it showed 3 rows)
    await page.locator('#main-content').evaluate((el) => (el.scrollTop = el.scrollHeight))
    await page.screenshot({ path: `.tmp/shots/tablet-staff-${lang}.png` })
    // counted in one look at the page: the list may still be taking its remaining people (its rows drawn again)
    const onScreen = () =>
      panel.getByRole('row').evaluateAll(
        (rows) =>
          rows.filter((r) => {
            const b = r.getBoundingClientRect()
            return b.height > 0 && b.bottom <= 768
          }).length,
      )
    await expect.poll(onScreen).toBeGreaterThanOrEqual(8)

    // the tree is collapsible, and comes back
    await page.getByRole('button', { name: zh ? '收起单位树' : 'Hide unit tree' }).click()
    await expect(tree).toBeHidden()
    await page.getByRole('button', { name: zh ? '展开单位树' : 'Show unit tree' }).click()
    await expect(tree).toBeVisible()

    // touch targets: switches and reveal buttons are at least 44 px square
    for (const sw of await panel.getByRole('switch').all()) {
      const b = await box(sw)
      expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(44)
    }
    const reveal = panel.getByRole('button', { name: zh ? /查看完整/ : /Show full|Reveal/ }).first()
    if (await reveal.count()) {
      const b = await box(reveal)
      expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(44)
    }

    // open enough pages that the tab strip overflows: it fades the edge where more are hidden
    const strip = page.getByRole('navigation', { name: zh ? '已打开的页面' : 'Open pages' })
    for (const p of PAGES) {
      await page.goto(p)
      await expect(strip.locator('a[aria-current="page"]')).toHaveAttribute('href', p)
    }
    const closeBtn = strip.getByRole('button').first()
    const b = await box(closeBtn)
    expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(44)
    await strip.evaluate((el) => (el.scrollLeft = 0))
    await expect.poll(() => strip.evaluate((el) => getComputedStyle(el).maskImage)).toContain('gradient')
    await page.screenshot({ path: `.tmp/shots/tablet-tabs-${lang}.png` })
  })
}

test('the shell’s tooltips and menus load on first use and work by mouse, keyboard and tap; the drawer below 1024 px', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
  })
  await signIn(page, 'admin')
  const menu = page.getByRole('complementary', { name: '主菜单' })
  await expect(menu.getByRole('link', { name: '首页' })).toBeVisible()
  // nothing of the menus (Radix's dropdown menu, the popups, the drawer) has loaded yet
  const menuScripts = () => scripts.filter((s) => /\/(dropdown-menu|GroupMenuPopup|UserMenuPopup|MenuDrawer)-/.test(s))
  expect(menuScripts()).toEqual([])

  // a mouse over a page's icon: its name as a tooltip. Just after sign-in the menu may be drawn again
  // from the server's answer under a resting mouse (no new pointerenter): moved off and on again, as a user would
  await expect(async () => {
    await page.mouse.move(600, 400)
    await menu.getByRole('link', { name: '首页' }).hover()
    await expect(page.getByRole('tooltip', { name: '首页' })).toBeVisible({ timeout: 2000 })
  }).toPass({ timeout: 15_000 })
  await page.screenshot({ path: '.tmp/shots/tablet-tooltip-zh.png' })
  await page.mouse.move(600, 400)
  await expect(page.getByRole('tooltip')).toHaveCount(0)

  // the keyboard on a group's icon: its pages in a menu, Escape gives the focus back
  const group = menu.getByRole('button', { name: '组织机构' })
  await expect(group).toHaveAttribute('aria-haspopup', 'menu')
  await group.focus()
  await page.keyboard.press('Enter')
  const pages = page.getByRole('menu')
  await expect(pages.getByRole('menuitem', { name: '角色管理' })).toBeVisible()
  expect(menuScripts().some((s) => s.includes('/GroupMenuPopup-'))).toBe(true)
  await page.screenshot({ path: '.tmp/shots/tablet-group-menu-zh.png' })
  await page.keyboard.press('Escape')
  await expect(pages).toHaveCount(0)
  await expect(menu.getByRole('button', { name: '组织机构' })).toBeFocused()
  // and a tap opens it again, a page in it navigates
  await menu.getByRole('button', { name: '组织机构' }).click()
  await page.getByRole('menuitem', { name: '角色管理' }).click()
  await expect(page).toHaveURL(/\/admin\/role-manage/)

  // the keyboard on a header button: the focus stays on it and its tooltip shows
  const theme = page.getByRole('button', { name: /深色模式|浅色模式/ })
  await page.getByRole('button', { name: /· 用户菜单$/ }).focus()
  await page.keyboard.press('Shift+Tab')
  await expect(theme).toBeFocused()
  await expect(page.getByRole('tooltip')).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/tablet-header-tooltip-zh.png' })

  // the user menu, first opened by a tap
  await page.getByRole('button', { name: /· 用户菜单$/ }).click()
  await expect(page.getByRole('menuitem', { name: '个人中心' })).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/tablet-user-menu-zh.png' })
  await page.keyboard.press('Escape')

  // below 1024 px the menu is a drawer
  await page.setViewportSize({ width: 800, height: 1000 })
  await page.getByRole('button', { name: '打开菜单' }).click()
  const drawer = page.getByRole('dialog', { name: '主菜单' })
  await expect(drawer).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/drawer-800-zh.png' })
  // (the group of the page shown, 组织机构, is open)
  await drawer.getByRole('link', { name: '用户审核' }).click()
  await expect(page).toHaveURL(/\/admin\/user-audit/)
  await expect(drawer).toHaveCount(0)
})

test('a list’s selects load Radix’s select on first use and work by mouse and keyboard', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
  })
  await signIn(page, 'admin', { to: '/admin/work-site-information' })
  const size = page.getByRole('combobox', { name: '每页条数' })
  const type = page.getByRole('combobox', { name: '工点类型' })
  await expect(type).toHaveText('全部')
  await expect(size).toHaveText(/^\d+ 条\/页$/)
  // drawn closed without Radix's select (./option-select-open and the select it brings)
  const selectScripts = () => scripts.filter((s) => /\/option-select-open-/.test(s))
  expect(selectScripts()).toEqual([])

  // the mouse: the page size
  await size.click()
  await page.getByRole('option', { name: '50 条/页' }).click()
  await expect(size).toHaveText('50 条/页')
  await expect(page).toHaveURL(/pageSize=50/)
  expect(selectScripts()).toHaveLength(1)

  // the keyboard on a filter not opened before: Enter opens it on its choice, ↓ and Enter choose the next
  await type.focus()
  await page.keyboard.press('Enter')
  const list = page.getByRole('listbox')
  await expect(list.getByRole('option', { name: '全部' })).toBeFocused()
  const next = (await list.getByRole('option').nth(1).innerText()).trim()
  await page.keyboard.press('ArrowDown')
  await expect(list.getByRole('option', { name: next })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(list).toHaveCount(0)
  await expect(type).toHaveText(next)
  await expect(type).toBeFocused()
  // Escape closes it unchanged
  await page.keyboard.press('ArrowDown')
  await expect(list).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(list).toHaveCount(0)
  await expect(type).toHaveText(next)
})

test.describe('a finger (a coarse pointer)', () => {
  test.use({ hasTouch: true })

  /** Whether the point `dx`, `dy` from the control's centre reaches it (a tap there lands on it). */
  const reaches = (control: ReturnType<Page['locator']>, dx: number, dy: number) =>
    control.evaluate(
      (el, [x, y]) => {
        const r = el.getBoundingClientRect()
        const hit = document.elementFromPoint(r.left + r.width / 2 + x!, r.top + r.height / 2 + y!)
        return hit !== null && (hit === el || el.contains(hit))
      },
      [dx, dy],
    )
  /** A 44 px square around the centre: 21 px each way reaches the control. */
  async function expect44(control: ReturnType<Page['locator']>, what: string) {
    const b = await box(control)
    expect(Math.min(b.width, b.height), `${what} is drawn small (else this checks nothing)`).toBeLessThan(44)
    for (const [dx, dy] of [
      [0, -21],
      [0, 21],
      [-21, 0],
      [21, 0],
    ] as const)
      expect(await reaches(control, dx, dy), `${what} at ${dx},${dy}`).toBe(true)
  }

  test('a list’s select opens by a tap, and a tap chooses', async ({ page }) => {
    await signIn(page, 'admin', { to: '/admin/work-site-information' })
    const size = page.getByRole('combobox', { name: '每页条数' })
    await size.tap()
    await page.getByRole('option', { name: '50 条/页' }).tap()
    await expect(page.getByRole('listbox')).toHaveCount(0)
    await expect(size).toHaveText('50 条/页')
    await expect(page).toHaveURL(/pageSize=50/)
  })

  test('every small control answers a 44 px square; menu items are 44 px tall', async ({ page }) => {
    await signIn(page, 'admin')
    // the header's icons
    await expect44(page.getByRole('button', { name: 'English' }), 'the language switch')
    // a row's icon action and the authorisation sheet's tree check boxes
    await page.goto('/admin/role-manage')
    const row = page.getByRole('row').filter({ hasText: '普通用户' })
    await expect44(row.getByRole('button', { name: '授权' }), 'a row action')
    await row.getByRole('button', { name: '授权' }).click()
    const sheet = page.getByRole('dialog', { name: '授权 · 普通用户' })
    const check = sheet.getByRole('checkbox', { name: '角色管理', exact: true })
    await expect44(check, 'a tree check box')
    await expect44(sheet.getByRole('button', { name: '关闭' }).first(), 'the sheet’s ×')
    await page.keyboard.press('Escape')
    // a group's pages in the icon menu's flyout
    await page.getByRole('complementary', { name: '主菜单' }).getByRole('button', { name: '组织机构' }).click()
    for (const item of await page.getByRole('menu').getByRole('menuitem').all()) expect((await box(item)).height).toBeGreaterThanOrEqual(44)
  })
})

test('a wide table’s row actions turn to icons with their text as tooltip where it does not fit, and back where it does', async ({
  page,
}) => {
  await signIn(page, 'admin')
  await page.goto('/admin/work-site-information')
  // the seeded site's first row (other tests add sites with names like it)
  const row = page.getByRole('row').filter({ hasText: '汉口特大桥1号工点' }).first()
  const view = row.getByRole('button', { name: '查看工点' })
  const header = page.getByRole('columnheader', { name: '操作' })
  const shadow = () => header.evaluate((el) => getComputedStyle(el, '::after').backgroundImage)
  // 1024 px: the table is wider than its box — icons only, the text as tooltip, a shadow where columns hide behind the actions
  await expect(view).toHaveAttribute('title', '查看工点')
  expect((await box(view)).width).toBeLessThanOrEqual(40)
  await expect.poll(shadow).toContain('gradient')
  // scrolled to its end: no column hides behind the actions, so no shadow
  await page
    .locator('[data-row-actions]')
    .first()
    .evaluate((el) => {
      const scroller = el.closest('table')!.parentElement!
      scroller.scrollLeft = scroller.scrollWidth
    })
  await expect.poll(shadow).toBe('none')
  // a wide window: the table fits — the actions show their text, without the tooltip
  await page.setViewportSize({ width: 2560, height: 1000 })
  await expect(view).not.toHaveAttribute('title')
  expect((await box(view)).width).toBeGreaterThan(60)
  await expect(view).toHaveText('查看工点')
  // and back to the tablet
  await page.setViewportSize({ width: 1024, height: 768 })
  await expect(view).toHaveAttribute('title', '查看工点')
})
