/** Demo terminals (embedded database only): one of each state, so 终端授权 shows what it does. */
import { sql } from 'drizzle-orm'
import { newId } from '../../src/contract/ids'
import type { Db } from '../db/client'
import * as t from '../db/schema'

const day = 86_400_000

const DEMO = [
  {
    deviceId: 'PAD-HZ-0001',
    deviceName: '项目部平板 01',
    os: 'Android',
    osVersion: '14',
    memory: '8 GB',
    processor: '骁龙 8 Gen 2',
    ip: '192.168.10.21',
    status: 'unauthorised',
    validDays: null,
    count: 1,
    org: 'contractor',
    account: 'orgadmin',
  },
  {
    deviceId: 'PAD-HZ-0002',
    deviceName: '项目部平板 02',
    os: 'HarmonyOS',
    osVersion: '4.2',
    memory: '12 GB',
    processor: '麒麟 9000S',
    ip: '192.168.10.22',
    status: 'authorised',
    validDays: 300,
    count: 1,
    org: 'contractor',
    account: 'orgadmin',
  },
  {
    deviceId: 'KIOSK-SITE-07',
    deviceName: '工地门禁终端 07',
    os: 'Linux',
    osVersion: '5.15',
    memory: '4 GB',
    processor: 'RK3588',
    ip: '10.20.0.7',
    status: 'authorised',
    validDays: 5,
    count: 2,
    org: 'owner',
    account: 'admin',
  },
  {
    deviceId: 'PC-DESIGN-112',
    deviceName: '设计院工作站',
    os: 'Windows',
    osVersion: '11',
    memory: '32 GB',
    processor: 'Intel i7-13700',
    ip: '114.114.114.114',
    status: 'rejected',
    validDays: null,
    count: 1,
    org: 'owner',
    account: 'admin',
  },
] as const

export async function seedTerminalDemo(tx: Db, orgIds: Map<string, string>): Promise<void> {
  const now = Date.now()
  for (const d of DEMO) {
    const terminalId = newId()
    const authorised = d.status === 'authorised'
    await tx.insert(t.terminal).values({
      terminalId,
      deviceId: d.deviceId,
      deviceName: d.deviceName,
      os: d.os,
      osVersion: d.osVersion,
      memory: d.memory,
      processor: d.processor,
      applyIp: d.ip,
      applyCity: d.ip.startsWith('114.') ? 'nanjing' : 'private',
      accountName: d.account,
      accountId: sql`(select account_id from account where account_name = ${d.account})`,
      organizationId: orgIds.get(d.org) ?? null,
      applyCount: d.count,
      appliedAt: new Date(now - 3 * day),
      status: d.status,
      authorisedAt: authorised ? new Date(now - 2 * day) : null,
      validityDays: d.validDays,
      validUntil: authorised && d.validDays ? new Date(now - 2 * day + d.validDays * day) : null,
      heartbeatIntervalMin: 5,
      decidedBy: d.status === 'unauthorised' ? null : 'admin',
    })
    await tx
      .insert(t.terminalEvent)
      .values({ terminalEventId: newId(), terminalId, kind: 'apply', at: new Date(now - 3 * day), by: d.account })
  }
}
