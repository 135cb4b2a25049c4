/**
 * Third-party login round trip in Chromium, against a local OAuth2 provider speaking the WeChat
 * and QQ dialects (tests/support/oauth-provider.ts) and a gateway of the test's own configured for
 * it. The flow as built:
 *
 *   /login → 微信登录 → the provider's authorize page → /loginThirdPlatform?platform=wechat&code&state;
 *   an identity bound to no account is refused there with what to do (sign in with the password,
 *   bind under 个人中心 → 第三方账号); binding goes through the provider once more and back to
 *   /personal-view; from then on 微信登录 signs straight in as that account.
 *
 * Refusals shown on the callback page: the user cancels at the provider (WeChat sends only the
 * state back, QQ `error=access_denied`), and the provider refuses the code. The provider's consent
 * page is answered with page.route for these, as the local provider always consents.
 * A callback link started in one browser (context) and opened in another is refused there and
 * signs nobody in (login CSRF): the flow is tied to the verifier the starting browser keeps.
 * Screenshots of the callback page at 1440×900 and 1024×768 in .tmp/shots.
 */
import { expect, test, type BrowserContext, type Page, type Route } from './fixtures'
import { startOAuthProvider, type LocalOAuthProvider } from '../support/oauth-provider'
import { signIn } from './helpers'
import { ownGateway, type Gateway } from './offline-helpers'

const SUBJECT = 'zhang-e2e'
const NICKNAME = '张伟的微信'

let provider: LocalOAuthProvider
let gw: Gateway
let context: BrowserContext
let page: Page

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ browser }) => {
  provider = await startOAuthProvider()
  gw = await ownGateway(provider.env())
  context = await browser.newContext({ baseURL: gw.baseURL, locale: 'zh-CN', viewport: { width: 1440, height: 900 } })
  page = await context.newPage()
})
test.afterAll(async () => {
  await context?.close()
  await gw?.kill()
  await provider?.close()
})

/** /login → the WeChat (or QQ) button; resolves once the browser has been to the provider's authorize page. */
async function quickLogin(platform: 'wechat' | 'qq', p: Page = page) {
  await p.goto('/login')
  const button = p.getByRole('button', { name: platform === 'wechat' ? '微信登录' : 'QQ登录', exact: true })
  await expect(button).toBeEnabled()
  const toProvider = p.waitForRequest((r) => r.isNavigationRequest() && r.url().startsWith(`${provider.url}/${platform}/authorize?`))
  await button.click()
  return toProvider
}

async function shoot(name: string, p: Page = page) {
  await p.setViewportSize({ width: 1440, height: 900 })
  await p.screenshot({ path: `.tmp/shots/oauth-${name}-1440.png` })
  await p.setViewportSize({ width: 1024, height: 768 })
  await p.screenshot({ path: `.tmp/shots/oauth-${name}-1024.png` })
  await p.setViewportSize({ width: 1440, height: 900 })
}

/** The account signed in, as the header's user menu shows it. */
async function expectSignedInAs(userName: string, accountName: string, p: Page = page) {
  await expect(p).toHaveURL(/\/admin\/home/)
  const menu = p.getByRole('button', { name: `${userName} · 用户菜单` })
  await menu.click()
  await expect(p.getByRole('menu').getByText(`账号：${accountName}`)).toBeVisible()
  await p.keyboard.press('Escape')
}

test('an unknown WeChat identity is refused with what to do; bound in the personal centre, WeChat signs straight in', async () => {
  test.setTimeout(120_000)

  // 1. WeChat login with an identity bound to no account
  provider.approveAs(SUBJECT, NICKNAME)
  const authorize = await quickLogin('wechat')
  const sent = new URL(authorize.url())
  expect(sent.searchParams.get('appid')).toBe(provider.wechat.id)
  expect(sent.searchParams.get('redirect_uri')).toBe(`${gw.baseURL}/loginThirdPlatform?platform=wechat`)
  // back from the provider; the code and state leave the address bar
  await expect(page).toHaveURL(`${gw.baseURL}/loginThirdPlatform?platform=wechat`)
  await expect(page.getByRole('heading', { name: '第三方登录' })).toBeVisible()
  await expect(page.getByText('微信登录失败')).toBeVisible()
  const refusal = page.getByRole('alert')
  await expect(refusal).toContainText('该微信账号尚未绑定平台账号')
  await expect(refusal).toContainText('个人中心 → 第三方账号')
  await shoot('not-bound')
  // nobody is signed in
  await page.goto('/admin/home')
  await expect(page).toHaveURL(/\/login/)

  // 2. as the message says: sign in with the password, bind WeChat in the personal centre
  await signIn(page, 'zhangwei')
  await page.getByRole('button', { name: '张伟 · 用户菜单' }).click()
  await page.getByRole('menuitem', { name: '个人中心' }).click()
  await page.getByRole('tab', { name: '第三方账号' }).click()
  const row = page.getByTestId('third-wechat')
  await expect(row).toContainText('未绑定')
  const toProvider = page.waitForRequest((r) => r.isNavigationRequest() && r.url().startsWith(`${provider.url}/wechat/authorize?`))
  await row.getByRole('button', { name: '绑定' }).click()
  expect(new URL((await toProvider).url()).searchParams.get('redirect_uri')).toBe(`${gw.baseURL}/personal-view?platform=wechat`)
  await expect(page).toHaveURL(`${gw.baseURL}/personal-view?tab=thirdParty`)
  await expect(page.getByText('微信已绑定', { exact: true })).toBeVisible()
  await expect(row).toContainText(`已绑定：${NICKNAME}`)

  // 3. sign out; WeChat login with the same identity: straight into the console as zhangwei
  await page.getByRole('button', { name: '退出登录' }).click()
  await expect(page).toHaveURL(/\/login/)
  await quickLogin('wechat')
  await expectSignedInAs('张伟', 'zhangwei')
  // the session is listed as a WeChat one
  await page.goto('/personal-view?tab=sessions')
  await expect(page.getByRole('row').filter({ hasText: '当前设备' })).toContainText('WeChat')
})

/** Answers the provider's consent page as a user who cancels: back to redirect_uri with `extra` and no code. */
function cancelAt(extra: Record<string, string>) {
  return async (route: Route) => {
    const asked = new URL(route.request().url())
    const back = new URL(asked.searchParams.get('redirect_uri')!)
    back.searchParams.set('state', asked.searchParams.get('state')!)
    for (const [k, v] of Object.entries(extra)) back.searchParams.set(k, v)
    await route.fulfill({ status: 302, headers: { location: back.toString() } })
  }
}

test('cancelling at the provider says so, for WeChat (state only) and QQ (error=access_denied)', async () => {
  await page.getByRole('button', { name: '退出登录' }).click()
  await expect(page).toHaveURL(/\/login/)

  await page.route(`${provider.url}/wechat/authorize?**`, cancelAt({}))
  await quickLogin('wechat')
  await expect(page).toHaveURL(/\/loginThirdPlatform\?platform=wechat/)
  await expect(page.getByRole('status')).toHaveText('您已取消微信授权，请返回登录页重新选择登录方式。')
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(page.getByRole('button', { name: '重新进行微信授权' })).toBeVisible()
  await shoot('cancelled')
  await page.unroute(`${provider.url}/wechat/authorize?**`)

  await page.route(`${provider.url}/qq/authorize?**`, cancelAt({ error: 'access_denied', error_description: 'user cancelled' }))
  await quickLogin('qq')
  await expect(page).toHaveURL(/\/loginThirdPlatform\?platform=qq/)
  await expect(page.getByRole('status')).toHaveText('您已取消QQ授权，请返回登录页重新选择登录方式。')
  await page.unroute(`${provider.url}/qq/authorize?**`)

  // back to the login page from there
  await page.getByRole('link', { name: '返回登录' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('button', { name: '微信登录', exact: true })).toBeEnabled()
})

test('a code the provider refuses: the page says WeChat sign-in failed, with the provider’s reason', async () => {
  provider.approveAs(SUBJECT, NICKNAME)
  // The consent page sends back a code the provider's token endpoint does not know.
  await page.route(`${provider.url}/wechat/authorize?**`, async (route) => {
    const answer = await route.fetch({ maxRedirects: 0 })
    const back = new URL(answer.headers()['location']!)
    back.searchParams.set('code', 'not-a-code-of-this-provider')
    await route.fulfill({ status: 302, headers: { location: back.toString() } })
  })
  await quickLogin('wechat')
  await expect(page).toHaveURL(`${gw.baseURL}/loginThirdPlatform?platform=wechat`)
  await expect(page.getByText('微信登录失败')).toBeVisible()
  await expect(page.getByRole('alert')).toHaveText('微信授权失败，请重试（invalid code (40029)）')
  await shoot('refused')
  await page.unroute(`${provider.url}/wechat/authorize?**`)
  // still nobody signed in; the page's own retry goes to WeChat again and this time it works
  await page.getByRole('button', { name: '重新进行微信授权' }).click()
  await expectSignedInAs('张伟', 'zhangwei')
})

test('a callback link started in another browser signs nobody in: the page says so; started here, WeChat signs in', async ({ browser }) => {
  test.setTimeout(120_000)
  // The identity is bound to zhangwei (first test): followed by the browser that started it, the link signs in as 张伟.
  provider.approveAs(SUBJECT, NICKNAME)

  // Browser A goes to WeChat and keeps the callback link instead of following it.
  const starter = await browser.newContext({ baseURL: gw.baseURL, locale: 'zh-CN', viewport: { width: 1440, height: 900 } })
  let link = ''
  try {
    const a = await starter.newPage()
    await a.route(`${provider.url}/wechat/authorize?**`, async (route) => {
      const answer = await route.fetch({ maxRedirects: 0 })
      link = answer.headers()['location']!
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>kept the link</p>' })
    })
    await quickLogin('wechat', a)
    await expect.poll(() => link).toContain(`${gw.baseURL}/loginThirdPlatform?platform=wechat&`)
    expect(new URL(link).searchParams.get('code')).toBeTruthy()
    expect(new URL(link).searchParams.get('state')).toBeTruthy()
  } finally {
    await starter.close()
  }

  // Browser B, a fresh one, opens the link: refused on the page, nobody signed in.
  const other = await browser.newContext({ baseURL: gw.baseURL, locale: 'zh-CN', viewport: { width: 1440, height: 900 } })
  try {
    const b = await other.newPage()
    await b.goto(link)
    await expect(b).toHaveURL(`${gw.baseURL}/loginThirdPlatform?platform=wechat`)
    await expect(b.getByText('微信登录失败')).toBeVisible()
    await expect(b.getByRole('alert')).toHaveText('授权已失效或不是从本浏览器发起，请重新登录')
    await expect(b.getByRole('button', { name: '重新进行微信授权' })).toBeVisible()
    await shoot('other-browser', b)
    await b.goto('/admin/home')
    await expect(b).toHaveURL(/\/login/)
    await expect(b.getByRole('button', { name: '微信登录', exact: true })).toBeVisible()

    // Started in this browser, the same WeChat login goes straight in.
    await quickLogin('wechat', b)
    await expectSignedInAs('张伟', 'zhangwei', b)
  } finally {
    await other.close()
  }
})
