import { expect, test } from './fixtures'
import { PASSWORD, signIn, submitSignIn, waitForServiceWorker } from './helpers'

test('/ goes to the login page, in Chinese, with the platform name as title', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page).toHaveTitle('工程协同管理平台')
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible()
})

test('who asks the system for less motion gets none: a button’s colour changes at once, fading otherwise', async ({ browser }) => {
  for (const [reducedMotion, duration] of [
    ['no-preference', '0.15s'],
    ['reduce', '1e-05s'],
  ] as const) {
    const context = await browser.newContext({ reducedMotion })
    const page = await context.newPage()
    await page.goto('/login')
    const button = page.getByRole('button', { name: '登录', exact: true })
    expect(await button.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe(duration)
    await context.close()
  }
})

test('a wrong password is refused with the server message', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('账号或手机号').fill('zhangwei')
  await page.getByLabel('密码', { exact: true }).fill('Wrong@2026')
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page.getByText('账号或密码错误')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
})

test('the sign-in form checks its fields (its check loads with the first submit or keystroke, without zod before)', async ({ page }) => {
  await page.goto('/login', { waitUntil: 'networkidle' })
  const account = page.getByLabel('账号或手机号')
  await expect(account).toBeVisible()
  // the scripts the page has loaded: none holds zod (its error class is named in its code)
  const withZod = await page.evaluate(async () => {
    const urls = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((u) => u.endsWith('.js'))
    const hits: string[] = []
    for (const u of urls) if ((await (await fetch(u)).text()).includes('`ZodError`')) hits.push(u)
    return hits
  })
  expect(withZod).toEqual([])
  // submitted untouched: both fields are required, the first gets the focus
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page.getByText('请输入账号')).toBeVisible()
  await expect(page.getByText('请输入密码')).toBeVisible()
  await expect(account).toBeFocused()
  // after a submit the fields are checked as the user types
  await account.fill('admin')
  await expect(page.getByText('请输入账号')).toHaveCount(0)
  await expect(page.getByText('请输入密码')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
})

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' })

  test('the sign-in page paints before it asks for the third-party sign-in buttons or fetches the service worker', async ({ page }) => {
    await page.goto('/login')
    await expect(page.getByLabel('账号或手机号')).toBeVisible()
    await page.waitForFunction(() =>
      ['thirdPlatformConfig', 'workbox-window'].every((part) =>
        performance.getEntriesByType('resource').some((e) => e.name.includes(part)),
      ),
    )
    const started = await page.evaluate(() => {
      const at = (part: string) => performance.getEntriesByType('resource').find((e) => e.name.includes(part))!.startTime
      return {
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        config: at('thirdPlatformConfig'),
        worker: at('workbox-window'),
      }
    })
    expect(started.paint).toBeGreaterThan(0)
    expect(started.config).toBeGreaterThan(started.paint)
    expect(started.worker).toBeGreaterThan(started.paint)
  })
})

test('a first visit to /login runs the sign-in page alone (no router, no query cache); signing in starts the console in the same page, where it was asked to go', async ({
  page,
}) => {
  const scripts: string[] = []
  page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)))
  const consoleFiles = () => scripts.filter((p) => /\/assets\/(framework|console)-[\w-]+\.js$/.test(p))
  await page.goto('/login?redirect=%2Fadmin%2Frole-manage')
  await expect(page.getByLabel('账号或手机号')).toBeVisible()
  // a mark on this document: a reload would start a new one without it
  await page.evaluate(() => ((window as unknown as { signInMark?: number }).signInMark = 1))
  expect(consoleFiles(), 'the console’s framework and start, before signing in').toEqual([])
  await page.getByLabel('账号或手机号').fill('admin')
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL((url) => url.pathname === '/admin/role-manage')
  await expect(page.getByRole('heading', { name: '角色管理' })).toBeVisible()
  await expect(page.getByRole('navigation').first().getByText('组织机构')).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { signInMark?: number }).signInMark)).toBe(1)
  expect(consoleFiles().length, 'the console’s files, loaded once signed in').toBeGreaterThan(0)
  // the browser's back button does not return to the form: the sign-in replaced it
  await page.goBack()
  await expect(page).not.toHaveURL(/\/login/)
})

test('on the sign-in page alone, 注册账号 opens the registration form in the same page, and its 去登录 link comes back to the form', async ({
  page,
}) => {
  await page.goto('/login')
  await page.evaluate(() => ((window as unknown as { signInMark?: number }).signInMark = 1))
  await page.getByRole('link', { name: '注册账号' }).click()
  await expect(page).toHaveURL((url) => url.pathname === '/register')
  await expect(page.getByRole('heading', { name: '注册账号' })).toBeVisible()
  await page.getByRole('link', { name: '去登录' }).click()
  await expect(page).toHaveURL((url) => url.pathname === '/login')
  await expect(page.getByLabel('账号或手机号')).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { signInMark?: number }).signInMark)).toBe(1)
})

test('admin: login → server menu → navigate → add and delete a role → logout', async ({ page }) => {
  await signIn(page, 'admin')
  const nav = page.getByRole('navigation').first()
  // The menu comes from the server: groups and pages of the seeded console application.
  await expect(nav.getByText('组织机构')).toBeVisible()
  await nav.getByText('组织机构').click()
  await nav.getByRole('link', { name: '角色管理' }).click()
  await expect(page).toHaveURL(/\/admin\/role-manage/)
  await expect(page).toHaveTitle('工程协同管理平台')
  // The built-in role says so, and offers no delete (the gateway would refuse it).
  const sysRow = page.getByRole('row').filter({ hasText: '系统管理员' })
  await expect(sysRow.getByText('内置', { exact: true })).toBeVisible()
  await expect(sysRow.getByRole('button', { name: '编辑' })).toBeVisible()
  await expect(sysRow.getByRole('button', { name: '删除' })).toHaveCount(0)
  await expect(sysRow.getByRole('checkbox')).toBeDisabled()

  // Add: an empty name is refused with the form's own message, then a real one is saved.
  await page.getByRole('button', { name: '新增' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: /保存|提交|确定/ }).click()
  await expect(dialog.getByText('请输入角色名称')).toBeVisible()
  const roleName = `测试角色${Date.now() % 100000}`
  await dialog.getByLabel('角色名称').fill(roleName)
  await dialog.getByRole('button', { name: /保存|提交|确定/ }).click()
  await expect(page.getByText('提交成功').first()).toBeVisible()
  await expect(dialog).toBeHidden()
  const row = page.getByRole('row').filter({ hasText: roleName })
  await expect(row).toBeVisible()

  // Delete, with a confirmation naming the action and the role (issue 10 #4; 确定要删除文件吗？ is for files).
  await row.getByRole('button', { name: '删除' }).click()
  await expect(page.getByRole('alertdialog').getByRole('heading', { name: '删除角色' })).toBeVisible()
  await expect(page.getByRole('alertdialog').getByText(`确定要删除角色「${roleName}」吗？`, { exact: false })).toBeVisible()
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /确定|删除/ })
    .click()
  await expect(page.getByRole('row').filter({ hasText: roleName })).toHaveCount(0)

  // Logout from the user menu.
  await page.getByRole('button', { name: /· 用户菜单$/ }).click()
  await page.getByRole('menuitem', { name: '退出登录' }).click()
  await expect(page).toHaveURL(/\/login/)
  await page.goto('/admin/role-manage')
  await expect(page).toHaveURL(/\/login/)
})

test('in English the server menu has English names: sidebar groups and pages, breadcrumbs, tabs', async ({ page }) => {
  await signIn(page, 'admin')
  await page.getByRole('button', { name: /^语言/ }).click()
  const nav = page.getByRole('navigation').first()
  await expect(nav.getByText('Organisation', { exact: true })).toBeVisible()
  await expect(nav.getByText('Application management', { exact: true })).toBeVisible()
  await expect(nav.getByText('组织机构')).toHaveCount(0)
  await nav.getByText('Organisation', { exact: true }).click()
  await nav.getByRole('link', { name: 'Roles' }).click()
  await expect(page).toHaveURL(/\/admin\/role-manage/)
  const crumbs = page.getByRole('navigation', { name: 'You are here' })
  await expect(crumbs).toContainText('Organisation')
  await expect(crumbs).toContainText('Roles')
  await expect(page.getByRole('navigation', { name: 'Open pages' })).toContainText('Roles')
  await expect(page.getByRole('row').filter({ hasText: '系统管理员' }).getByText('Built-in', { exact: true })).toBeVisible()
})

test('a start loads its language’s texts only; a switch shows the other once its texts are in, never a key; a start in English waits for them', async ({
  page,
}) => {
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
  })
  await signIn(page, 'admin', { to: '/admin/work-site-information' })
  await expect(page.getByText(/^项目的工点：/)).toBeVisible()
  expect(scripts.filter((s) => s.includes('/entryEn-'))).toEqual([])
  // a text looking like a key (workSites.description, crud.total …) on screen at any moment of the switch
  await page.evaluate(() => {
    const w = window as unknown as { keysSeen: string[] }
    w.keysSeen = []
    const look = () => {
      const m = /\b(common|auth|shell|crud|files|sync|messages|projectStructure|workSites)\.[a-zA-Z]+/.exec(document.body.innerText)
      if (m) w.keysSeen.push(m[0])
    }
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
  await page.getByRole('button', { name: /^语言/ }).click()
  await expect(page.getByText(/^The project’s work sites:/)).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'You are here' })).toContainText('Work sites')
  await expect(page.getByText(/^\d+ in total$/)).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { keysSeen: string[] }).keysSeen)).toEqual([])
  expect(scripts.filter((s) => s.includes('/entryEn-'))).toHaveLength(1)

  await page.reload()
  await expect(page.getByText(/^The project’s work sites:/)).toBeVisible()
  await expect(page.getByText('项目的工点', { exact: false })).toHaveCount(0)
})

test('tourist: reads the role list but the add, edit and delete buttons are gone', async ({ page }) => {
  await signIn(page, 'tourist', { to: '/admin/role-manage' })
  await expect(page.getByRole('cell', { name: '系统管理员 内置', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: '新增' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: '删除' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: '编辑' })).toHaveCount(0)
})

test('a general account is refused a page its roles do not grant, without an error in the console', async ({ page }) => {
  await signIn(page, 'zhangwei')
  const errors: string[] = []
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto('/admin/role-manage')
  await expect(page.getByRole('heading', { name: '无权访问' })).toBeVisible()
  await expect(page.getByText('您的账号没有访问“角色管理”的权限')).toBeVisible()
  // and by a link inside the app
  await page.goto('/admin/home')
  await page.evaluate(() => {
    history.pushState({}, '', '/admin/user-audit')
    dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(page.getByRole('heading', { name: '无权访问' })).toBeVisible()
  expect(errors.filter((e) => /ForbiddenError|No menu grants/.test(e))).toEqual([])
})

test('a page preloads when the pointer moves over its link, not when a closing dialog leaves a still pointer on it', async ({ page }) => {
  await signIn(page, 'admin')
  const link = page.getByRole('navigation').getByRole('link', { name: '个人中心' })
  const box = (await link.boundingBox())!
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
  // 个人中心's loader asks for the account's details: that request is its preload
  const asked: string[] = []
  page.on('request', (r) => void (r.url().includes('/personal/info') && asked.push(r.url())))
  // the palette covers the sidebar; the pointer rests where the link is, then the palette closes
  await page.keyboard.press('Control+k')
  const palette = page.getByRole('dialog')
  await expect(palette).toBeVisible()
  await page.mouse.move(x, y)
  await page.keyboard.press('Escape')
  await expect(palette).toHaveCount(0)
  // the browser tells the link it is hovered once the layout changed; nothing is preloaded for that
  await page.waitForTimeout(1000)
  expect(asked).toEqual([])
  // the pointer moves on the link: the page preloads, and opens without asking again
  await page.mouse.move(x + 3, y + 1)
  await expect.poll(() => asked.length).toBe(1)
  await link.click()
  await expect(page).toHaveURL(/\/personal-view$/)
  await expect(page.getByRole('heading', { name: '个人中心' })).toBeVisible()
  expect(asked).toHaveLength(1)
})

test('an unknown path shows the 404 page', async ({ page }) => {
  await signIn(page, 'admin')
  await page.goto('/admin/no-such-page')
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible()
})
test('a page opened signed out is where the sign-in returns to, with its query; another site is not', async ({ page }) => {
  await page.goto('/admin/role-manage?roleName=%E7%B3%BB%E7%BB%9F')
  await expect(page).toHaveURL(/\/login\?redirect=/)
  await submitSignIn(page, 'admin')
  await expect(page).toHaveURL((url) => url.pathname === '/admin/role-manage')
  await expect(page.getByRole('heading', { name: '角色管理' })).toBeVisible()
  // the list opened as asked: filtered by the role name
  await expect(page.getByLabel('角色名称', { exact: true })).toHaveValue('系统')
  await expect(page.getByRole('cell', { name: '系统管理员 内置', exact: true })).toBeVisible()

  // signed in already, /login goes on to the page named, and home when it names another site
  await page.goto('/login?redirect=%2Fadmin%2Forganization')
  await expect(page).toHaveURL((url) => url.pathname === '/admin/organization')
  await page.goto('/login?redirect=https%3A%2F%2Fevil.example%2Fadmin%2F')
  await expect(page).toHaveURL((url) => url.pathname === '/admin/home')
})

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' })

  test('an offline reload still shows the shell', async ({ page, context }) => {
    await signIn(page, 'admin')
    await waitForServiceWorker(page)
    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('navigation').first()).toBeVisible()
    await expect(page.getByRole('navigation').first().getByText('组织机构')).toBeVisible()
    await context.setOffline(false)
  })
})

test('the manifest makes it installable', async ({ page }) => {
  const res = await page.request.get('/manifest.webmanifest')
  expect(res.ok()).toBe(true)
  const manifest = await res.json()
  expect(manifest.name).toBe('工程协同管理平台')
  expect(manifest.display).toBe('standalone')
  expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true)
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).ok()).toBe(true)
})

test('every page is built: no 建设中 mark in the sidebar, the home’s quick links or the palette', async ({ page }) => {
  await signIn(page, 'admin')
  const nav = page.getByRole('navigation').first()
  await nav.getByRole('button', { name: '填报模板' }).click()
  await expect(nav.getByRole('link', { name: /表格管理/ })).toBeVisible()
  await expect(nav.getByText('建设中')).toHaveCount(0)
  const links = page.getByRole('main')
  await expect(links.getByRole('link', { name: /表格管理/ })).toBeVisible()
  await expect(links.getByText('建设中')).toHaveCount(0)

  await page.keyboard.press('Control+k')
  const palette = page.getByRole('dialog', { name: '命令面板' })
  await palette.getByRole('combobox').fill('表格')
  await expect(palette.getByRole('option', { name: /表格管理/ }).first()).toBeVisible()
  await expect(palette.getByText('建设中')).toHaveCount(0)
})

test('the user menu says where the account sits (GET nodes) and lists the applications it may use (listAppByPermission)', async ({
  page,
}) => {
  await signIn(page, 'zhangwei')
  await page.getByRole('button', { name: /· 用户菜单$/ }).click()
  const menu = page.getByRole('menu')
  // 恒岳一公司 is a sub-unit of 中铁恒岳: the unit's path from the top
  await expect(menu.getByText(/^所属单位：中铁恒岳建设集团有限公司 \/ 中铁恒岳建设集团第一工程有限公司( \/ .+)?$/)).toBeVisible()
  await expect(menu.getByText('我的应用')).toBeVisible()
  await expect(menu.getByRole('menuitem', { name: /工程协同管理平台\s*当前/ })).toBeVisible()
})

test('every tab shares the sign-in and follows a sign-out at once; the access token is kept as baseAccessToken', async ({
  page,
  context,
}) => {
  await signIn(page, 'admin')
  // the console is the base application: its access token is the local-storage item SPEC §3 names
  const stored = await page.evaluate(() => [localStorage.getItem('trestle.baseAccessToken'), localStorage.getItem('trestle.accessToken')])
  expect(stored[0]).toBeTruthy()
  expect(stored[0]).toBe(stored[1])

  const other = await context.newPage()
  await other.goto('/admin/role-manage')
  await expect(other.getByRole('row').filter({ hasText: '系统管理员' })).toBeVisible()

  await page.getByRole('button', { name: /· 用户菜单$/ }).click()
  await page.getByRole('menuitem', { name: '退出登录' }).click()
  await expect(page).toHaveURL(/\/login/)
  expect(await page.evaluate(() => localStorage.getItem('trestle.baseAccessToken'))).toBeNull()
  // the other tab leaves the console without a click
  await expect(other).toHaveURL(/\/login/)
  await expect(other.getByRole('button', { name: '登录', exact: true })).toBeVisible()
  await other.close()
})
