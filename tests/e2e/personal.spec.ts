/**
 * The personal centre in Chromium: draw a signature with pointer events on the canvas and save it
 * (the saved image is there after a reload), and "sign out elsewhere" ending another browser's
 * session (its next call lands on /login). Screenshots at 1440×900 and 1024×768 in .tmp/screens.
 */
import { expect, test, type Page } from './fixtures'
import { signIn, submitSignIn } from './helpers'

async function draw(page: Page, strokes: [number, number][][]) {
  const canvas = page.getByRole('img', { name: '签名书写区域' })
  const box = (await canvas.boundingBox())!
  for (const stroke of strokes) {
    const [first, ...rest] = stroke
    await page.mouse.move(box.x + first![0] * box.width, box.y + first![1] * box.height)
    await page.mouse.down()
    for (const [x, y] of rest) await page.mouse.move(box.x + x * box.width, box.y + y * box.height, { steps: 6 })
    await page.mouse.up()
  }
}

test('draws a signature on the canvas, saves it, and sees it after a reload', async ({ page }) => {
  await signIn(page, 'zhangwei')
  await page.goto('/personal-view')
  await expect(page.getByRole('heading', { name: '个人中心' })).toBeVisible()
  await expect(page.getByRole('complementary').getByText('zhangwei')).toBeVisible()
  await page.screenshot({ path: '.tmp/screens/personal-profile-1440.png' })

  await page.getByRole('tab', { name: '电子签名' }).click()
  await expect(page).toHaveURL(/tab=signature/)
  // Nothing drawn: saving says so.
  await page.getByRole('button', { name: '保存签名' }).click()
  await expect(page.getByRole('alert').filter({ hasText: '请先书写签名' })).toBeVisible()

  await draw(page, [
    [
      [0.12, 0.6],
      [0.2, 0.3],
      [0.28, 0.7],
      [0.36, 0.35],
      [0.45, 0.65],
    ],
    [
      [0.52, 0.4],
      [0.62, 0.62],
      [0.75, 0.38],
      [0.86, 0.58],
    ],
    [
      [0.3, 0.8],
      [0.7, 0.78],
    ],
  ])
  const canvas = page.getByRole('img', { name: '签名书写区域' })
  await expect(canvas).toHaveAttribute('data-strokes', '3')
  await page.getByRole('button', { name: '撤销' }).click()
  await expect(canvas).toHaveAttribute('data-strokes', '2')
  await page.screenshot({ path: '.tmp/screens/personal-signature-1440.png' })

  await page.getByRole('button', { name: '保存签名' }).click()
  await expect(page.getByText('签名已保存')).toBeVisible()
  const saved = page.getByTestId('saved-signature')
  await expect(saved).toBeVisible()
  const fileId = await saved.getAttribute('data-file-id')
  await expect(canvas).toHaveAttribute('data-strokes', '0')

  await page.reload()
  await expect(page.getByRole('tab', { name: '电子签名' })).toHaveAttribute('aria-selected', 'true')
  const after = page.getByTestId('saved-signature')
  await expect(after).toHaveAttribute('data-file-id', fileId!)
  // The image really loaded: a cropped PNG of the ink, wider than tall.
  await expect
    .poll(() => after.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > img.naturalHeight && img.naturalHeight > 20))
    .toBe(true)

  await page.setViewportSize({ width: 1024, height: 768 })
  await page.screenshot({ path: '.tmp/screens/personal-signature-1024.png' })
  await page.getByRole('tab', { name: '账号安全' }).click()
  await page.screenshot({ path: '.tmp/screens/personal-security-1024.png' })
  await page.getByRole('button', { name: '修改密码' }).click()
  const dialog = page.getByRole('dialog', { name: '修改密码' })
  await dialog.getByRole('textbox', { name: '新密码', exact: true }).fill('zhangwei')
  await dialog.getByRole('textbox', { name: '确认新密码' }).fill('other')
  await dialog.getByRole('button', { name: '确认修改' }).click()
  await expect(dialog.getByText('请输入原密码')).toBeVisible()
  await expect(dialog.getByText('密码不能与账号相同')).toBeVisible()
  await page.screenshot({ path: '.tmp/screens/personal-password-1024.png' })
})

test('"sign out everywhere else" ends the session in another browser', async ({ page, browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN' })
  const other = await context.newPage()
  await signIn(other, 'zhangwei', { to: '/personal-view?tab=security' })

  await signIn(page, 'zhangwei')
  await page.goto('/personal-view?tab=sessions')
  const rows = page.getByTestId('session-row')
  await expect(rows.first()).toBeVisible()
  expect(await rows.count()).toBeGreaterThanOrEqual(2)
  await expect(page.locator('[data-testid=session-row][data-current]')).toContainText('当前设备')
  await page.screenshot({ path: '.tmp/screens/personal-sessions-1440.png' })

  await page.getByRole('button', { name: '退出其他所有设备' }).click()
  const prompt = page.getByRole('alertdialog')
  await expect(prompt).toContainText('确定要退出除当前设备外的所有登录吗？')
  await prompt.getByRole('button', { name: '确定' }).click()
  await expect(page.getByText(/已退出 \d+ 个其他设备/)).toBeVisible()
  await expect(rows).toHaveCount(1)
  await expect(page.getByText('只有当前设备登录了您的账号')).toBeVisible()

  // The other browser's next call is refused (20114): back to /login, and signing in there again
  // returns to the page it was on
  await other.reload()
  await expect(other).toHaveURL(/\/login\?redirect=/)
  await submitSignIn(other, 'zhangwei')
  await expect(other).toHaveURL((url) => url.pathname === '/personal-view' && url.searchParams.get('tab') === 'security')
  await context.close()
})

test("the profile shows the account's valid periods and project as its administrators set them (getLoggedInAccount)", async ({ page }) => {
  // lisite: a registered account valid for 365 days from the seed, in a project department, no password limit
  await signIn(page, 'lisite')
  await page.goto('/personal-view')
  const field = (label: string) => page.getByText(label, { exact: true }).locator('xpath=following-sibling::div[1]')
  // The seed ran when this file's gateway started (minutes before, perhaps the day before near
  // midnight): the period shown ends 365 days after a moment of the last two hours
  await expect(field('账号有效期至')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
  const [date, time] = (await field('账号有效期至').innerText()).split(' ')
  const until = new Date(`${date}T${time}:00`).getTime() - 365 * 86400_000
  expect(until).toBeGreaterThan(Date.now() - 2 * 3600_000)
  expect(until).toBeLessThanOrEqual(Date.now())
  await expect(field('密码有效期至')).toHaveText('长期有效')
  await expect(field('所属项目')).toHaveText('沪渝蓉高铁武宜段站前工程 / 中交瀚海沪渝蓉项目经理部 / 工程管理部')
})
