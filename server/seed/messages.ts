/**
 * Demo of the message area (embedded database only, after the accounts and terminals): an auditor
 * (zhoushen, 安全审计员) who reads the message centre; two account groups of the owner unit for the
 * receiver tree, and who the settings of "account stopped or expiring", "terminal applied" and
 * "offline edit conflicted" tell (answered to seed.ts, which writes every event's setting:
 * ./messageSettings.ts); and a few messages already delivered to the auditor, read and unread, so
 * the message centre has something to open offline.
 */
import { eq, inArray } from 'drizzle-orm'
import { newId } from '../../src/contract/ids'
import type { MsgEvent, MsgReceiver } from '../../src/contract/schemas/message'
import type { Db } from '../db/client'
import * as t from '../db/schema'

const day = 86_400_000

export async function seedMessageDemo(
  tx: Db,
  orgIds: Map<string, string>,
  passwordHash: string,
): Promise<Partial<Record<MsgEvent, MsgReceiver[]>>> {
  const owner = orgIds.get('owner')
  if (!owner) return {}
  const auditorId = newId()
  await tx.insert(t.account).values({
    accountId: auditorId,
    accountName: 'zhoushen',
    userName: '周慎',
    cellphone: '13770561928',
    email: 'zhoushen@trestle.example.cn',
    level: 'general',
    status: 'normal',
    passwordHash,
    organizationId: owner,
  })
  const [auditorRole] = await tx.select({ id: t.role.roleId }).from(t.role).where(eq(t.role.roleName, '安全审计员'))
  if (auditorRole) await tx.insert(t.accountRole).values({ accountId: auditorId, roleId: auditorRole.id })
  const [sysadmin] = await tx.select({ id: t.role.roleId }).from(t.role).where(eq(t.role.roleName, '系统管理员'))

  const names = await tx
    .select({ id: t.account.accountId, name: t.account.accountName })
    .from(t.account)
    .where(inArray(t.account.accountName, ['admin', 'orgadmin']))
  const idOf = new Map(names.map((a) => [a.name, a.id]))
  const groups = [
    { name: '账号审核组', members: [idOf.get('admin'), idOf.get('orgadmin')] },
    { name: '安全审计组', members: [auditorId] },
  ].map((g, i) => ({ ...g, id: newId(), sort: i + 1 }))
  for (const g of groups) {
    await tx.insert(t.orgGroup).values({ orgGroupId: g.id, organizationId: owner, groupName: g.name, sort: g.sort })
    for (const [j, accountId] of g.members.entries())
      if (accountId)
        await tx
          .insert(t.orgGroupAccount)
          .values({ orgGroupAccountId: newId(), orgGroupId: g.id, accountId, organizationId: owner, sort: j + 1 })
  }
  const group = (i: number): MsgReceiver => ({ type: 'group', id: groups[i]!.id, name: groups[i]!.name })
  const admins: MsgReceiver[] = sysadmin ? [{ type: 'role', id: sysadmin.id, name: '系统管理员' }] : []

  // who the demo's settings tell (server/seed/messageSettings.ts writes them; the other events: the administrators)
  const receivers: Partial<Record<MsgEvent, MsgReceiver[]>> = {
    'account.stopped': [group(0), group(1)],
    'terminal.applied': [...admins, group(1)],
    'offline.conflict': [...admins, group(1)],
  }
  const now = Date.now()

  // messages the auditor has already received (their events written as delivered: no job)
  const delivered = [
    {
      eventCode: 'terminal.applied',
      titleZh: '终端申请：工地平板-03',
      titleEn: 'Terminal applied: 工地平板-03',
      contentZh: 'lisite 申请在终端「工地平板-03」上使用，请授权或拒绝。',
      contentEn: 'lisite applied to use the terminal “工地平板-03”; authorise or reject it.',
      link: '/admin/terminal-authentication',
      daysAgo: 2,
      read: true,
    },
    {
      eventCode: 'account.stopped',
      titleZh: '账号已被admin停用：chenjing',
      titleEn: 'Account stopped by admin: chenjing',
      contentZh: '陈静（chenjing）已被admin停用。',
      contentEn: '陈静 (chenjing): stopped by admin.',
      link: null,
      daysAgo: 1,
      read: false,
    },
    {
      eventCode: 'offline.conflict',
      titleZh: '离线编辑冲突：人员「赵磊」',
      titleEn: 'Offline edit conflicted: Person "赵磊"',
      contentZh: '李思婷 离线所做的修改与他人的修改冲突，已在其同步中心等待处理。',
      contentEn: 'An offline edit by 李思婷 met someone else’s change; it waits in their sync centre.',
      link: null,
      daysAgo: 0.2,
      read: false,
    },
  ]
  for (const m of delivered) {
    const at = new Date(now - m.daysAgo * day)
    const [e] = await tx
      .insert(t.eventOutbox)
      .values({ topic: m.eventCode, payload: { demo: true }, organizationId: owner, createdAt: at })
      .returning({ id: t.eventOutbox.id })
    await tx.insert(t.msgInbox).values({
      accountId: auditorId,
      eventId: Number(e!.id),
      eventCode: m.eventCode,
      titleZh: m.titleZh,
      titleEn: m.titleEn,
      contentZh: m.contentZh,
      contentEn: m.contentEn,
      link: m.link,
      readAt: m.read ? new Date(at.getTime() + 3_600_000) : null,
      createTime: at,
    })
  }
  return receivers
}
