/**
 * People in Chromium against the real gateway (demo data): user audit (approve, reject with a
 * reason, confirm prompts), and — through /admin/organization's 部门与人员 tab — a department, a
 * person with education and a certificate (masked ID number, reveal), moving them, and the staff
 * import with one bad row and its report.
 */
import ExcelJS from 'exceljs'
import { expect, test, type Page } from './fixtures'
import { Client } from '../api/client'
import { addDept, addPerson } from '../api/people-fixtures'
import { PASSWORD, signIn } from './helpers'

const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]

/** A valid mainland ID number (GB 11643 check character) for a birth date and a sequence number. */
function idNumber(birth: string, seq: number): string {
  const body = `110105${birth.replace(/-/g, '')}${String(seq % 1000).padStart(3, '0')}`
  const sum = W.reduce((a, w, i) => a + w * Number(body[i]), 0)
  return body + '10X98765432'[sum % 11]
}

const UNIT = '中铁恒岳建设集团有限公司'
const uniq = () => `${Date.now() % 100000}${Math.floor(Math.random() * 10)}`

test('user audit: approve one pending person and reject another with a reason, each after a confirm prompt', async ({ page }) => {
  await signIn(page, 'admin', { to: '/admin/user-audit' })
  await expect(page.getByRole('heading', { name: '用户审核' })).toBeVisible()

  // two pending people whose names are unique in the whole list (other tests add audit rows too)
  await page.getByRole('combobox', { name: '每页条数' }).click()
  await page.getByRole('option', { name: '100 条/页' }).click()
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') })
  await expect(rows.first()).toBeVisible()
  const all = await rows.evaluateAll((trs) => trs.map((tr) => [tr.children[1]?.textContent?.trim() ?? '', tr.textContent ?? ''] as const))
  const count = (n: string) => all.filter(([name]) => name === n).length
  const candidates = all.filter(([name, text]) => text.includes('待审核') && count(name) === 1).map(([name]) => name)
  expect(candidates.length).toBeGreaterThanOrEqual(2)
  const [firstName, secondName] = candidates as [string, string]
  const first = page.getByRole('row').filter({ hasText: firstName })

  // approve: the review dialog of 账号 (issue 10 #1) offers the roles; a confirm prompt naming the person; cancelling changes nothing
  await first.getByRole('button', { name: '通过' }).click()
  const review = page.getByRole('dialog', { name: '审核账号' })
  await expect(review.getByRole('radio', { name: '通过' })).toHaveAttribute('aria-checked', 'true')
  await expect(review.getByText('通过后授予的角色（可选）')).toBeVisible()
  // not blind (issue 10 #5): what the person submitted, how and when, is in the dialog
  const submission = review.getByTestId('submission')
  await expect(submission.getByRole('heading', { name: '提交的内容' })).toBeVisible()
  await expect(submission.getByText(firstName, { exact: true })).toBeVisible()
  await expect(submission.getByText(/(注册申请|邀请完善资料) · .+ 提交/)).toBeVisible()
  await review.getByRole('checkbox', { name: '普通用户' }).click()
  await page.setViewportSize({ width: 1024, height: 768 })
  await page.screenshot({ path: '.tmp/shots/user-audit-review-1024-zh.png' })
  await review.getByRole('button', { name: '提交' }).click()
  const prompt = page.getByRole('alertdialog')
  await expect(prompt).toContainText(`确定审核通过账号「${firstName}」吗？`)
  await prompt.getByRole('button', { name: '取消' }).click()
  await review.getByRole('button', { name: '取消' }).click()
  await expect(review).toBeHidden()
  await expect(page.getByRole('row').filter({ hasText: firstName }).getByText('待审核')).toBeVisible()
  await page.getByRole('row').filter({ hasText: firstName }).getByRole('button', { name: '通过' }).click()
  await review.getByRole('button', { name: '提交' }).click()
  await prompt.getByRole('button', { name: '通过' }).click()
  await expect(page.getByText('已处理 1 人')).toBeVisible()

  // reject: the same dialog opened on 驳回; the reason is required, then a confirm prompt
  await page.getByRole('row').filter({ hasText: secondName }).getByRole('button', { name: '驳回' }).click()
  await expect(review.getByRole('radio', { name: '驳回' })).toHaveAttribute('aria-checked', 'true')
  await review.getByRole('button', { name: '提交' }).click()
  await expect(review.getByText('请输入驳回原因')).toBeVisible()
  const reason = `身份证照片不清晰 ${uniq()}`
  await review.getByRole('textbox', { name: '驳回原因' }).fill(reason)
  await review.getByRole('button', { name: '提交' }).click()
  await expect(prompt).toContainText(`确定驳回账号「${secondName}」的注册申请吗？`)
  await prompt.getByRole('button', { name: '驳回' }).click()
  await expect(review).toBeHidden()

  // both decisions are in the list, the reason with the rejection; the status filter finds them
  await page.getByRole('combobox', { name: '审核状态' }).click()
  await page.getByRole('option', { name: '已驳回' }).click()
  await page.getByRole('button', { name: '查询' }).click()
  await expect(page.getByRole('row').filter({ hasText: reason })).toHaveCount(1)
  await expect(page.getByRole('row').filter({ hasText: firstName })).toHaveCount(0)
  await page.getByRole('combobox', { name: '审核状态' }).click()
  await page.getByRole('option', { name: '全部' }).click()
  await page.getByRole('button', { name: '查询' }).click()
  await expect(page.getByRole('row').filter({ hasText: firstName }).getByText('已通过')).toBeVisible()
  const rejected = page.getByRole('row').filter({ hasText: reason })
  await expect(rejected).toHaveCount(1)
  await expect(rejected.getByText('已驳回')).toBeVisible()
  await expect(rejected.getByText(secondName)).toBeVisible()
})

/** /admin/organization → 施工单位 → 中铁恒岳建设集团有限公司 → 部门与人员 (ORG's page renders our DepartmentsPanel there). */
async function openPeopleTab(page: Page) {
  await page.goto('/admin/organization')
  const units = page.getByRole('tree', { name: '单位树' })
  await units.getByRole('treeitem', { name: '施工单位' }).click()
  await units.getByRole('treeitem', { name: UNIT }).click()
  await page.getByRole('tab', { name: '部门与人员' }).click()
  const panel = page.getByTestId('departments-panel')
  await expect(panel.getByRole('heading', { name: `${UNIT} 的人员` })).toBeVisible()
  return panel
}

/** The department tree: beside the table on a wide panel, else in the drawer that 组织架构 opens (choosing a node closes it). */
async function deptTree(page: Page) {
  const panel = page.getByTestId('departments-panel')
  const opener = panel.getByRole('button', { name: '组织架构' })
  await expect(opener.or(panel.getByRole('tree'))).toBeVisible()
  if (await opener.isVisible()) {
    await opener.click()
    return page.getByRole('dialog', { name: '组织架构' }).getByRole('tree')
  }
  return panel.getByRole('tree')
}

test('departments and people: add a department, add a person with education and a certificate, reveal the ID number, move them', async ({
  page,
}) => {
  await signIn(page, 'admin')
  const panel = await openPeopleTab(page)
  let tree = await deptTree(page)
  const root = tree.getByRole('treeitem').first()

  // a department under the organisation
  const deptName = `测绘部${uniq()}`
  await root.getByRole('button', { name: /的操作$/ }).click()
  await page.getByRole('menuitem', { name: '新增下级' }).click()
  const deptDialog = page.getByRole('dialog', { name: '新增下级单位或部门' })
  await deptDialog.getByRole('button', { name: '提交' }).click()
  await expect(deptDialog.getByText('请输入名称')).toBeVisible()
  await deptDialog.getByRole('textbox', { name: '名称' }).fill(deptName)
  await deptDialog.getByRole('button', { name: '提交' }).click()
  await expect(deptDialog).toBeHidden()
  await expect(tree.getByRole('treeitem').filter({ hasText: deptName })).toBeVisible()

  // back to the organisation: add a person there
  await tree.getByTitle(UNIT, { exact: true }).click()
  await expect(panel.getByRole('heading', { name: `${UNIT} 的人员` })).toBeVisible()
  await panel.getByRole('button', { name: '新增人员' }).click()
  const form = page.getByRole('dialog', { name: '新增人员' })
  const name = `测试${uniq()}`
  const idCard = idNumber('1988-04-17', Number(uniq()))
  await form.getByRole('textbox', { name: '姓名' }).fill(name)
  // a wrong check character is refused by the same rule as the gateway's
  await form.getByRole('textbox', { name: '身份证号' }).fill(idCard.slice(0, 17) + (idCard[17] === '1' ? '2' : '1'))
  await form.getByRole('textbox', { name: '手机号' }).click()
  await expect(form.getByText('身份证号码格式错误')).toBeVisible()
  await form.getByRole('textbox', { name: '身份证号' }).fill(idCard)
  // birth date and sex come from the ID number
  await expect(form.locator('[name="birthDate"]')).toHaveValue('1988-04-17')
  await form.getByRole('textbox', { name: '手机号' }).fill(`139${uniq().padStart(8, '0').slice(-8)}`)
  await form.getByRole('button', { name: '添加教育经历' }).click()
  await form.locator('[name="educations.0.startMonth"]').fill('2006-09')
  await form.locator('[name="educations.0.endMonth"]').fill('2010-07')
  await form.getByRole('textbox', { name: '学校' }).fill('西南交通大学')
  await form.getByRole('combobox', { name: '学历' }).click()
  await page.getByRole('option', { name: '本科' }).click()
  await form.getByRole('button', { name: '添加职业证书' }).click()
  await form.getByRole('textbox', { name: '证书名称' }).fill('一级建造师')
  await form.getByRole('combobox', { name: '职称等级' }).click()
  await page.getByRole('option', { name: '中级' }).click()
  await form.getByRole('textbox', { name: '证书编号' }).fill(`JZ${uniq()}`)
  await form.getByRole('button', { name: '提交' }).click()
  await expect(form).toBeHidden()

  // in the list with the ID number masked; revealed on request
  await panel.getByRole('searchbox').fill(name)
  const row = panel.getByRole('row').filter({ hasText: name })
  await expect(row).toBeVisible()
  const masked = `${idCard.slice(0, 3)}${'*'.repeat(11)}${idCard.slice(-4)}`
  await expect(row.getByText(masked)).toBeVisible()
  await expect(row.getByText(idCard)).toHaveCount(0)
  await row.getByRole('button', { name: '查看完整身份证号' }).click()
  await expect(row.getByText(idCard)).toBeVisible()

  // the same ID number typed for another person is said to be registered as it is typed, before any submit
  await panel.getByRole('button', { name: '新增人员' }).click()
  const again = page.getByRole('dialog', { name: '新增人员' })
  await again.getByRole('textbox', { name: '身份证号' }).fill(idCard)
  await expect(again.getByText('该身份证号码已登记')).toBeVisible()
  await again.getByRole('textbox', { name: '身份证号' }).fill(idNumber('1988-04-18', Number(uniq())))
  await expect(again.getByText('该身份证号码已登记')).toHaveCount(0)
  await again.getByRole('button', { name: '取消' }).click()
  await expect(again).toBeHidden()

  // the education and certificate were stored with the person
  await row.getByRole('button', { name: `编辑 ${name}` }).click()
  const edit = page.getByRole('dialog', { name: '编辑人员' })
  await expect(edit.getByRole('textbox', { name: '学校' })).toHaveValue('西南交通大学')
  await expect(edit.getByRole('textbox', { name: '证书名称' })).toHaveValue('一级建造师')
  await edit.getByRole('button', { name: '取消' }).click()

  // move them to the new department
  await row.getByRole('checkbox').check()
  await panel.getByRole('button', { name: '调动' }).click()
  const move = page.getByRole('dialog', { name: /调动 1 人/ })
  await move.getByRole('tree').getByTitle(deptName, { exact: true }).click()
  await move.getByRole('button', { name: '确定' }).click()
  await expect(page.getByText('已调动 1 人')).toBeVisible()
  await expect(move).toBeHidden()
  tree = await deptTree(page)
  await expect(tree.getByRole('treeitem').filter({ hasText: deptName })).toContainText('1') // head count
  await tree.getByTitle(deptName, { exact: true }).click()
  await expect(panel.getByRole('heading', { name: `${deptName} 的人员` })).toBeVisible()
  await expect(panel.getByRole('row').filter({ hasText: name })).toBeVisible()
})

test('a large department shows its first screen of people at once, then the rest as it arrives', async ({ page, baseURL }) => {
  // a department of 80 people, added through the API
  const admin = await new Client(baseURL!).signIn('admin', PASSWORD)
  const orgs = await admin.call<{ organizationId: string; organizationName: string }[]>('GET', '/api/admin/v1/org/list', {
    query: { keyword: UNIT },
  })
  const organizationId = orgs.body.data.find((o) => o.organizationName === UNIT)!.organizationId
  const deptName = `大部门${uniq()}`
  const dept = await addDept(admin, organizationId, deptName)
  expect(dept.body.code, dept.text).toBe(10000)
  for (let i = 0; i < 80; i++) {
    const r = await addPerson(admin, organizationId, { departmentId: dept.body.data.id })
    expect(r.body.code, r.text).toBe(10000)
  }
  // and one of 3, whose first screen is the whole list
  const smallName = `小部门${uniq()}`
  const small = await addDept(admin, organizationId, smallName)
  for (let i = 0; i < 3; i++) expect((await addPerson(admin, organizationId, { departmentId: small.body.data.id })).body.code).toBe(10000)
  // and one of 1, chosen last, on a slow link
  const slowName = `慢部门${uniq()}`
  const slow = await addDept(admin, organizationId, slowName)
  expect((await addPerson(admin, organizationId, { departmentId: slow.body.data.id })).body.code).toBe(10000)
  // the departments whose whole list (pageSize 2000) is asked for
  const wholeAsked: string[] = []
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (url.searchParams.get('pageSize') === '2000' && url.searchParams.has('departmentId'))
      wholeAsked.push(url.searchParams.get('departmentId')!)
  })

  // the whole list's answer (pageSize 2000) is held on its way, as on a slow network: the gateway's own answer, late
  let release = () => {}
  const held = new Promise<void>((r) => (release = r))
  await page.route(/\/user\/listPage\?.*pageSize=2000/, async (route) => {
    const answer = await route.fetch()
    await held
    await route.fulfill({ response: answer })
  })
  await signIn(page, 'admin')
  const panel = await openPeopleTab(page)
  let tree = await deptTree(page)
  await tree.getByRole('treeitem').filter({ hasText: smallName }).click()
  const smallTable = panel.getByRole('table', { name: `${smallName} 的人员` })
  await expect(smallTable).toHaveAttribute('aria-rowcount', '4')
  await expect(smallTable.getByRole('status')).toHaveCount(0)

  // what the panel draws from the click on: the large department's table first appears with its rows
  // (not as a skeleton drawn again with them), the small one's staying until then, marked busy
  await panel.evaluate((box, label) => {
    const seen: { busyBeforeIt?: boolean; rowsWhenItCame?: boolean } = ((window as unknown as { __seen: object }).__seen = {})
    const mo = new MutationObserver(() => {
      const table = box.querySelector(`table[aria-label="${label}"]`)
      if (!table) {
        if (box.querySelector('[aria-busy="true"] table')) seen.busyBeforeIt = true
        return
      }
      seen.rowsWhenItCame = !!table.querySelector('tbody tr[aria-rowindex="2"]')
      mo.disconnect()
    })
    mo.observe(box, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] })
  }, `${deptName} 的人员`)
  tree = await deptTree(page)
  await tree.getByRole('treeitem').filter({ hasText: deptName }).click()
  // choosing in the drawer closes it, and the focus is back on the button that opened it
  const opener = panel.getByRole('button', { name: '组织架构' })
  if (await opener.isVisible()) await expect(opener).toBeFocused()

  // its first 50 people are drawn, and a line says how many more are coming
  const table = panel.getByRole('table', { name: `${deptName} 的人员` })
  await expect(table).toHaveAttribute('aria-rowcount', '51')
  await expect(table.getByRole('status')).toHaveText('正在载入其余 30 条…')
  const firstName = await table.locator('tbody tr[aria-rowindex="2"] td').nth(1).textContent()
  expect(firstName).toMatch(/^赵/)
  expect(await page.evaluate(() => (window as unknown as { __seen: object }).__seen)).toEqual({ busyBeforeIt: true, rowsWhenItCame: true })

  // the whole list arrives: all 80, in the same order, the line gone
  release()
  await expect(table).toHaveAttribute('aria-rowcount', '81')
  await expect(table.getByRole('status')).toHaveCount(0)
  await expect(table.locator('tbody tr[aria-rowindex="2"] td').nth(1)).toHaveText(firstName!)
  // of the two departments, only the large one's whole list was asked for
  expect(wholeAsked).toEqual([dept.body.data.id])

  // on a slow link: a department whose first answer is held keeps the list before it, dimmed, for a
  // second at most; then its own panel opens with its skeleton, and its rows come with the answer
  let releaseSlow = () => {}
  const slowHeld = new Promise<void>((r) => (releaseSlow = r))
  await page.route(new RegExp(`/user/listPage\\?.*departmentId=${slow.body.data.id}`), async (route) => {
    const answer = await route.fetch()
    await slowHeld
    await route.fulfill({ response: answer })
  })
  tree = await deptTree(page)
  await tree.getByRole('treeitem').filter({ hasText: slowName }).click()
  const busy = panel.locator('section[aria-busy="true"]')
  await expect(busy.getByRole('table', { name: `${deptName} 的人员` })).toBeVisible()
  await expect(busy).toHaveCSS('opacity', '0.6')
  const slowTable = panel.getByRole('table', { name: `${slowName} 的人员` })
  await expect(slowTable).toHaveAttribute('aria-busy', 'true')
  await expect(busy).toHaveCount(0)
  // its count is not known yet, so none is shown (not 共 0 人)
  await expect(panel.getByText(/^共 \d+ 人$/)).toHaveCount(0)
  releaseSlow()
  await expect(slowTable).toHaveAttribute('aria-rowcount', '2')
  await expect(panel.getByText('共 1 人', { exact: true })).toBeVisible()
})

test('staff import: a file with one bad row imports the good row and offers the report of the bad one', async ({ page }, info) => {
  await signIn(page, 'admin')
  const panel = await openPeopleTab(page)
  await panel.getByRole('button', { name: '导入' }).click()
  const dialog = page.getByRole('dialog', { name: /导入/ })
  // the dialog says where rows without a unit go: the unit the import was started from
  await expect(dialog.getByTestId('import-target')).toHaveText(`未填写“单位”的行将导入到“${UNIT}”`)

  // the gateway's template, filled with one good row and one with a bad ID number
  const [template] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '下载模板' }).click()])
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile((await template.path())!)
  const sheet = book.getWorksheet('导入模板') ?? book.worksheets[0]!
  const col: Record<string, number> = {}
  sheet.getRow(1).eachCell((cell, n) => (col[String(cell.value).replace(/\*/g, '').trim()] = n))
  const good = `导入${uniq()}`
  const bad = `坏行${uniq()}`
  const put = (r: number, v: Record<string, string>) => Object.entries(v).forEach(([k, x]) => (sheet.getRow(r).getCell(col[k]!).value = x))
  put(2, {
    姓名: good,
    性别: '男',
    身份证号码: idNumber('1990-01-02', Number(uniq())),
    手机号码: `137${uniq().padStart(8, '0').slice(-8)}`,
  })
  put(3, { 单位: UNIT, 姓名: bad, 性别: '女', 身份证号码: '110105199001021230', 手机号码: `137${uniq().padStart(8, '1').slice(-8)}` })
  const file = info.outputPath('staff.xlsx')
  await book.xlsx.writeFile(file)

  await dialog.locator('input[type=file]').setInputFiles(file)
  await dialog.getByRole('button', { name: '开始导入' }).click()
  await expect(dialog.getByText('共 2 行：成功 1 行，失败 1 行')).toBeVisible({ timeout: 30_000 })
  const [report] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '下载失败报告' }).click()])
  const rep = new ExcelJS.Workbook()
  await rep.xlsx.readFile((await report.path())!)
  const text = rep.worksheets.map((ws) => ws.getSheetValues().flat().join('|')).join('|')
  expect(text).toContain(bad)
  expect(text).not.toContain(good)
  expect(text).toContain('身份证号码格式错误')
  await dialog.getByRole('button', { name: '关闭' }).first().click()

  // the good row is in the list
  await panel.getByRole('searchbox').fill(good)
  await expect(panel.getByRole('row').filter({ hasText: good })).toBeVisible()
})
