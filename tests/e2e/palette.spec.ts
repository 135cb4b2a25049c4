/**
 * The command palette (issue 27): opened by Ctrl K and by a tap on the header's search button; finds
 * a page by its pinyin initials, runs an area's command (新建项目 opens the add dialog, which is
 * submitted), and finds a person of the caller's scope but not one of another unit. Its chunk loads
 * on first use only. Screenshots at 1024×768 in zh and en go to .tmp/shots/.
 */
import { expect, test, type Page } from './fixtures'
import { Client, newKey } from '../api/client'
import { idCard, phone } from '../api/people-fixtures'
import { PASSWORD, signIn } from './helpers'

const A = '/api/admin/v1'
const CONTRACTOR = '中铁恒岳建设集团有限公司'
const DESIGN = '中铁远景勘察设计院有限公司'
const tag = Date.now().toString(36).slice(-5)
/** Two people named alike: one in orgadmin's unit, one in a unit outside its scope. */
const OWN = `巡检员${tag}甲`
const FOREIGN = `巡检员${tag}乙`

test.beforeAll(async ({ baseURL }) => {
  const admin = await new Client(baseURL!).signIn('admin', PASSWORD)
  const orgs = await admin.call<{ organizationId: string; organizationName: string }[]>('GET', `${A}/org/list`)
  const idOf = (name: string) => orgs.body.data.find((o) => o.organizationName === name)!.organizationId
  for (const [name, unit] of [
    [OWN, CONTRACTOR],
    [FOREIGN, DESIGN],
  ] as const) {
    const r = await admin.call('POST', `${A}/user/add`, {
      json: {
        organizationId: idOf(unit),
        name,
        sex: 'male',
        idCard: idCard(),
        cellphone: phone(),
        post: 'engineering',
        positionLevel: 'staff',
      },
      idempotencyKey: newKey(),
    })
    expect(r.body.code, r.text).toBe(10000)
  }
})

const palette = (page: Page) => page.getByRole('dialog', { name: /命令面板|Command palette/ })
const input = (page: Page) => palette(page).getByRole('combobox')

test('Ctrl K opens it (its chunk loads then, not before); pinyin initials find a page; a command opens its dialog, which is submitted', async ({
  page,
}) => {
  const chunks: string[] = []
  page.on('request', (r) => {
    if (/CommandPalette|cmdk/.test(r.url())) chunks.push(r.url())
  })
  await signIn(page, 'admin', { to: '/admin/home' })
  await expect(page.getByRole('button', { name: /搜索或执行命令/ })).toBeVisible()
  expect(chunks).toEqual([])

  await page.keyboard.press('Control+k')
  await expect(palette(page)).toBeVisible()
  expect(chunks.length).toBeGreaterThan(0)
  await expect(input(page)).toBeFocused()
  await page.keyboard.type('zzjg')
  // 单位管理 sits in the 组织机构 group
  await expect(palette(page).getByRole('option', { name: /单位管理/ })).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/organization/)
  await expect(palette(page)).toBeHidden()

  // a command: 新建项目 (found by its initials too), on the project overview's add dialog
  await page.keyboard.press('Control+k')
  await page.keyboard.type('xjxm')
  await expect(palette(page).getByRole('option').first()).toHaveText(/新建项目/)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/project-manage/)
  const form = page.getByRole('dialog', { name: '新增项目' })
  await expect(form).toBeVisible()
  const name = `命令面板项目${tag}`
  await form.getByLabel('项目名称').fill(name)
  await form.getByLabel('项目编码').fill(`PAL-${tag}`.toUpperCase())
  await form.getByRole('combobox', { name: /建设单位/ }).click()
  await page.getByRole('option', { name: '中国铁路华东投资集团有限公司' }).click()
  await form.getByRole('button', { name: '提交' }).click()
  await expect(page).toHaveURL(/\/admin\/project-information\?projectId=/)
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible()

  // the administrator finds both people, and the project just made
  await page.keyboard.press('Control+k')
  await page.keyboard.type(`巡检员${tag}`)
  await expect(palette(page).getByRole('option', { name: new RegExp(OWN) })).toBeVisible()
  await expect(palette(page).getByRole('option', { name: new RegExp(FOREIGN) })).toContainText(DESIGN)
  await input(page).fill(name)
  await expect(
    palette(page)
      .getByRole('group', { name: '项目' })
      .getByRole('option', { name: new RegExp(name) }),
  ).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(palette(page)).toBeHidden()
})

test.describe('on a 1024×768 tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true })

  test('a tap opens it; a unit administrator finds a person of its unit, not one of another unit, and opens it', async ({ page }) => {
    await signIn(page, 'orgadmin')
    const button = page.getByRole('button', { name: /搜索或执行命令/ })
    const size = await button.boundingBox()
    expect(size!.height).toBeGreaterThanOrEqual(44)
    await button.tap()
    await expect(palette(page)).toBeVisible()
    await input(page).fill(`巡检员${tag}`)
    const own = palette(page).getByRole('option', { name: new RegExp(OWN) })
    await expect(own).toBeVisible()
    await expect(own).toContainText(CONTRACTOR)
    await expect(palette(page).getByRole('option', { name: new RegExp(FOREIGN) })).toHaveCount(0)
    // nothing of another unit at all: no 设计院 anywhere in the answer
    await expect(palette(page)).not.toContainText(DESIGN)
    await page.screenshot({ path: '.tmp/shots/palette-1024-zh.png' })

    await own.tap()
    await expect(page).toHaveURL(/\/admin\/organization\?.*tab=departments/)
    await expect(page.getByRole('row').filter({ hasText: OWN })).toBeVisible()

    // in English, the same palette
    await page.evaluate(() => localStorage.setItem('trestle.locale', 'en'))
    await page.reload()
    await page.getByRole('button', { name: /Search or run a command/ }).tap()
    await input(page).fill('roles')
    await expect(
      palette(page)
        .getByRole('option', { name: /Roles|角色/ })
        .first(),
    ).toBeVisible()
    await page.screenshot({ path: '.tmp/shots/palette-1024-en.png' })
    await page.evaluate(() => localStorage.setItem('trestle.locale', 'zh'))
  })
})
