/**
 * Conflicts (DESIGN §4): one browser edits offline while another changes the same records online;
 * the replay gets 20008 with the server's record, the conflict screen shows mine against theirs
 * field by field, and "keep mine" / "take theirs" each end in the expected server state.
 */
import { expect, test, type Browser, type Page } from './fixtures'
import { signIn, waitForServiceWorker } from './helpers'
import { addPerson, api, badge, openStaff, people, storedEntries, uniq } from './offline-helpers'

// the service worker keeps the shell and the reads for offline (the config blocks it elsewhere)
test.use({ serviceWorkers: 'allow' })

async function editEmail(page: Page, name: string, email: string) {
  const panel = page.getByTestId('departments-panel')
  await panel.getByRole('searchbox').fill(name)
  await panel
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: `编辑 ${name}` })
    .click()
  const edit = page.getByRole('dialog', { name: '编辑人员' })
  await edit.getByRole('textbox', { name: '邮箱' }).fill(email)
  await edit.getByRole('button', { name: '提交' }).click()
  await expect(edit).toBeHidden()
}

async function session(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  await signIn(page, 'admin')
  return { context, page }
}

test('two browsers change the same people, one offline: keep mine and take theirs each end as chosen', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const admin = await api(baseURL!)
  const keep = await addPerson(admin, `冲突保留${uniq()}`)
  const take = await addPerson(admin, `冲突采用${uniq()}`)
  const mine = { keep: `mine-k${uniq()}@example.com`, take: `mine-t${uniq()}@example.com` }
  const theirs = { keep: `theirs-k${uniq()}@example.com`, take: `theirs-t${uniq()}@example.com` }

  // A edits offline
  const a = await session(browser, baseURL!)
  await waitForServiceWorker(a.page)
  await openStaff(a.page)
  await a.context.setOffline(true)
  await editEmail(a.page, keep.name, mine.keep)
  await editEmail(a.page, take.name, mine.take)
  await expect(badge(a.page)).toContainText('2 条待同步')

  // B changes the same people online
  const b = await session(browser, baseURL!)
  await openStaff(b.page)
  await editEmail(b.page, keep.name, theirs.keep)
  await editEmail(b.page, take.name, theirs.take)
  await expect(b.page.getByText('提交成功').first()).toBeVisible()
  await b.context.close()

  // A back online: both conflict
  await a.context.setOffline(false)
  await expect(badge(a.page)).toContainText('2 条需处理', { timeout: 30_000 })
  expect((await storedEntries(a.page)).map((e) => e.status)).toEqual(['conflicted', 'conflicted'])
  const panel = a.page.getByTestId('departments-panel')
  await panel.getByRole('searchbox').fill(keep.name)
  await expect(panel.getByRole('row').filter({ hasText: keep.name }).getByText('有冲突')).toBeVisible()

  await badge(a.page).click()
  const centre = a.page.getByRole('dialog', { name: '同步中心' })
  await centre.getByRole('tab', { name: '冲突 (2)' }).click()

  // keep mine: re-sent on the server's current version
  await centre.locator('li', { hasText: keep.name }).getByRole('button', { name: '处理冲突' }).click()
  let screen = a.page.getByRole('dialog', { name: `处理冲突：${keep.name}` })
  const emailRow = screen.getByRole('row').filter({ has: a.page.getByRole('rowheader', { name: '邮箱' }) })
  await expect(emailRow).toContainText(mine.keep)
  await expect(emailRow).toContainText(theirs.keep)
  await expect(screen.getByRole('columnheader', { name: `服务器当前（版本 ${keep.version + 1}）` })).toBeVisible()
  await a.page.screenshot({ path: '.tmp/shots/offline-conflict-1440.png' })
  await screen.getByRole('button', { name: '保留我的' }).click()
  await expect(screen).toBeHidden()
  await expect.poll(async () => (await people(admin, keep.name))[0]?.email, { timeout: 30_000 }).toBe(mine.keep)
  expect((await people(admin, keep.name))[0]!.version).toBe(keep.version + 2)

  // take theirs: mine is dropped, nothing more reaches the server
  await centre.locator('li', { hasText: take.name }).getByRole('button', { name: '处理冲突' }).click()
  screen = a.page.getByRole('dialog', { name: `处理冲突：${take.name}` })
  await screen.getByRole('button', { name: '采用服务器的' }).click()
  await expect(screen).toBeHidden()
  await expect.poll(async () => (await storedEntries(a.page)).length, { timeout: 30_000 }).toBe(0)
  expect((await people(admin, take.name))[0]).toMatchObject({ email: theirs.take, version: take.version + 1 })
  await a.page.keyboard.press('Escape')
  await panel.getByRole('searchbox').fill(take.name)
  await expect(panel.getByRole('row').filter({ hasText: take.name })).toContainText(theirs.take)
  await a.context.close()
})
