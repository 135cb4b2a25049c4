/**
 * Approving and returning on a tablet without a connection (issue 29, field use), 1024×768 in Chinese:
 * zhangwei's 待办 holds three tasks of a two-node process (现场初审 或签 by zhangwei and the
 * administrator, then 项目复核 by zhangwei). Offline he approves one, returns one and approves a third;
 * each goes into the outbox, its row marked and its buttons refused. Meanwhile the administrator
 * approves the third's 现场初审 himself. Back online the outbox replays: the first approved once, the
 * second back at 现场初审, and the third a conflict the sync centre shows as his decision beside the
 * administrator's — taken, nothing else sent.
 * Screenshots: .tmp/shots/workflow-offline-{queued,conflict}-1024.png.
 */
import { expect, test, type Page } from './fixtures'
import { Client, newKey } from '../api/client'
import { PASSWORD, signIn, waitForServiceWorker } from './helpers'
import { badge, storedEntries } from './offline-helpers'

// the service worker keeps the shell and the reads for offline (the config blocks it elsewhere)
test.use({ serviceWorkers: 'allow' })

const A = '/api/admin/v1'
const XML = `<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="http://trestle.test"><process id="p" isExecutable="true">
<startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="T1"/><userTask id="T1" name="现场初审"/><sequenceFlow id="f2" sourceRef="T1" targetRef="T2"/>
<userTask id="T2" name="项目复核"/><sequenceFlow id="f3" sourceRef="T2" targetRef="e"/><endEvent id="e"/></process></definitions>`

interface Task {
  taskId: string
  instanceId: string
  activityId: string
}
interface Detail {
  currentActivityIds: string[]
  comments: { action: string; comment: string | null; accountId: string | null }[]
}

const ok = <T>(r: { body: { code: number; data: T }; text: string }): T => {
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}
const post = <T>(c: Client, path: string, json: unknown) => c.call<T>('POST', path, { json, idempotencyKey: newKey() })
const rowOf = (page: Page, text: string) => page.getByRole('tabpanel').getByRole('row').filter({ hasText: text })
const shot = (page: Page, name: string) => page.screenshot({ path: `.tmp/shots/workflow-offline-${name}-1024.png` })

async function accountId(admin: Client, name: string): Promise<string> {
  const page = ok(
    await admin.call<{ records: { accountId: string; accountName: string }[] }>('GET', `${A}/generalAccount/listPage`, {
      query: { keyword: name, pageSize: 20 },
    }),
  )
  return page.records.find((a) => a.accountName === name)!.accountId
}

test('approve and return offline: replayed once, a task handled meanwhile is a conflict', async ({ browser, baseURL }) => {
  test.setTimeout(240_000)
  const admin = await new Client(baseURL!).signIn('admin', PASSWORD)
  const zw = await new Client(baseURL!).signIn('zhangwei', PASSWORD)
  const apps = ok(await admin.call<{ applicationId: string }[]>('GET', `${A}/application/list`))
  const [adminId, zwId] = [await accountId(admin, 'admin'), await accountId(admin, 'zhangwei')]
  const key = `wfo_${Date.now().toString(36)}`
  const m = ok(
    await post<{ modelId: string }>(admin, `${A}/actReModel/add`, {
      model: { applicationId: apps[0]!.applicationId, category: '审批', modelKey: key, name: `离线审批${key}`, bpmnXml: XML },
      executorList: [
        { nodeId: 'T1', settingMode: 'user', ids: [zwId, adminId] },
        { nodeId: 'T2', settingMode: 'user', ids: [zwId] },
      ],
    }),
  )
  ok(await post(admin, `${A}/actReModel/deploymentModel`, { modelId: m.modelId }))
  const tag = key.slice(-5)
  const titles = [`离线同意${tag}`, `离线退回${tag}`, `他人已办${tag}`]
  const ids: string[] = []
  for (const title of titles)
    ids.push(ok(await post<{ instanceId: string }>(admin, `${A}/wfInstance/start`, { modelKey: key, title })).instanceId)
  const todo = async (who: Client, instanceId: string) =>
    ok(await who.call<{ records: Task[] }>('GET', `${A}/wfTask/todoPage`, { query: { pageSize: 100 } })).records.find(
      (r) => r.instanceId === instanceId,
    )!
  // the second is at 项目复核 already (zhangwei passed 现场初审): it can go back
  ok(await post(zw, `${A}/wfTask/approve`, { taskId: (await todo(zw, ids[1]!)).taskId }))
  const detail = (id: string) => admin.call<Detail>('GET', `${A}/wfInstance/detail`, { query: { instanceId: id } }).then(ok)

  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: 'zh-CN', hasTouch: true })
  const page = await context.newPage()
  try {
    await signIn(page, 'zhangwei')
    await waitForServiceWorker(page)
    // the list, and what 退回 offers for the second (asked by its row): both kept in the persisted cache
    const asked = new Set<string>()
    page.on('response', (r) => {
      const taskId = /\/wfTask\/returnList\?.*taskId=([^&]+)/.exec(r.url())?.[1]
      if (taskId && r.ok()) asked.add(taskId)
    })
    await page.goto('/admin/workflow-query')
    await expect(rowOf(page, titles[1]!)).toContainText('项目复核')
    await expect(rowOf(page, titles[2]!)).toBeVisible()
    const second = (await todo(zw, ids[1]!)).taskId
    await expect.poll(() => asked.has(second)).toBe(true)
    // the first's 现场初审 has no earlier node: its 退回 is refused
    await expect(rowOf(page, titles[0]!).getByRole('button', { name: '退回' })).toBeDisabled()
    await page.waitForTimeout(1500)

    await context.setOffline(true)
    // ---- 同意 the first
    await rowOf(page, titles[0]!).getByRole('button', { name: '同意' }).click()
    let dialog = page.getByRole('dialog', { name: '同意' })
    await dialog.getByLabel('审批意见').fill('离线同意，现场已核')
    await dialog.getByRole('button', { name: '同意' }).click()
    await expect(page.getByText('网络不可用，修改已保存在本机').first()).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(badge(page)).toContainText('1 条待同步')
    await expect(rowOf(page, titles[0]!).getByRole('button', { name: '同意' })).toBeDisabled()

    // ---- 退回 the second to 现场初审
    await rowOf(page, titles[1]!).getByRole('button', { name: '退回' }).click()
    dialog = page.getByRole('dialog', { name: '退回' })
    await dialog.getByRole('combobox', { name: '退回到' }).click()
    await page.getByRole('option', { name: '现场初审' }).click()
    await dialog.getByLabel('审批意见').fill('资料不全')
    await dialog.getByRole('button', { name: '退回' }).click()
    await expect(dialog).toBeHidden()
    await expect(badge(page)).toContainText('2 条待同步')

    // ---- 同意 the third; meanwhile the administrator approves its 现场初审
    await rowOf(page, titles[2]!).getByRole('button', { name: '同意' }).click()
    dialog = page.getByRole('dialog', { name: '同意' })
    await dialog.getByLabel('审批意见').fill('我也同意')
    await dialog.getByRole('button', { name: '同意' }).click()
    await expect(dialog).toBeHidden()
    await expect(badge(page)).toContainText('3 条待同步')
    ok(await post(admin, `${A}/wfTask/approve`, { taskId: (await todo(admin, ids[2]!)).taskId, comment: '管理员已核' }))
    await shot(page, 'queued')
    // reload offline: the marks are still there
    await page.reload()
    await expect(rowOf(page, titles[0]!).getByRole('button', { name: '同意' })).toBeDisabled({ timeout: 30_000 })
    expect((await storedEntries(page)).filter((e) => e.entity === 'wfTask')).toHaveLength(3)

    // ---- online: two replay, the third is a conflict
    await context.setOffline(false)
    await expect(badge(page)).toContainText('1 条需处理', { timeout: 60_000 })
    expect((await detail(ids[0]!)).currentActivityIds).toEqual(['T2'])
    const approvals = (await detail(ids[0]!)).comments.filter((c) => c.action === 'approve' && c.accountId === zwId)
    expect(approvals.map((c) => c.comment)).toEqual(['离线同意，现场已核'])
    expect((await detail(ids[1]!)).currentActivityIds).toEqual(['T1'])

    await badge(page).click()
    const centre = page.getByRole('dialog', { name: '同步中心' })
    await centre.getByRole('tab', { name: '冲突 (1)' }).click()
    await centre.getByRole('button', { name: '处理冲突' }).click()
    const screen = page.getByRole('dialog', { name: /^处理冲突：/ })
    await expect(screen.getByText('已由他人办理')).toBeVisible()
    await expect(screen.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '审批意见' }) })).toContainText('管理员已核')
    await expect(screen.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '办理人' }) })).toContainText('王建国')
    await expect(screen.getByRole('button', { name: '保留我的' })).toHaveCount(0)
    await shot(page, 'conflict')
    await screen.getByRole('button', { name: '知道了，放弃我的办理' }).click()
    await expect(screen).toBeHidden()
    await expect.poll(async () => (await storedEntries(page)).filter((e) => e.entity === 'wfTask').length, { timeout: 30_000 }).toBe(0)
    // the third went on with the administrator's decision alone
    const third = await detail(ids[2]!)
    expect(third.currentActivityIds).toEqual(['T2'])
    expect(third.comments.filter((c) => c.action === 'approve').map((c) => c.comment)).toEqual(['管理员已核'])
  } finally {
    await context.close()
  }
})
