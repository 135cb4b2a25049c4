/**
 * Demo accounts in every state (embedded database only, after the people seed): waiting for
 * review (with their pending staff records), review failed, stopped, locked, expired, a password
 * past its valid period, and registered (project) accounts with project departments — each with
 * the change history that led there. All use the demo password.
 */
import { newId } from '../../src/contract/ids'
import type { AccountChangeField } from '../../src/contract/schemas/account'
import type { AccountLevel, AccountStatus } from '../../src/contract/enums'
import type { Db } from '../db/client'
import * as t from '../db/schema'

interface DemoAccount {
  name: string
  userName: string
  cellphone: string
  org: string
  level: AccountLevel
  status: AccountStatus
  /** Days from now (negative: past). */
  validDays?: number
  pwdValidDays?: number
  project?: [string, string, string]
  phoneLogin?: boolean
  history: { field: AccountChangeField; from?: string; to?: string; remark?: string; daysAgo: number }[]
}

const DEMO: DemoAccount[] = [
  {
    name: 'wangfang',
    userName: '王芳',
    cellphone: '13609180231',
    org: 'contractor-1',
    level: 'general',
    status: 'pending',
    history: [{ field: 'created', to: 'pending', remark: 'invite', daysAgo: 1 }],
  },
  {
    name: 'hejun',
    userName: '何军',
    cellphone: '13609180232',
    org: 'contractor-bridge',
    level: 'general',
    status: 'pending',
    history: [{ field: 'created', to: 'pending', remark: 'invite', daysAgo: 2 }],
  },
  {
    name: 'liuyang',
    userName: '刘洋',
    cellphone: '13609180233',
    org: 'contractor-1',
    level: 'general',
    status: 'rejected',
    history: [
      { field: 'created', to: 'pending', remark: 'invite', daysAgo: 9 },
      { field: 'status', from: 'pending', to: 'rejected', remark: '非本单位人员', daysAgo: 8 },
    ],
  },
  {
    name: 'zhaolei',
    userName: '赵磊',
    cellphone: '13609180234',
    org: 'contractor',
    level: 'general',
    status: 'stopped',
    history: [
      { field: 'created', to: 'normal', remark: 'manual', daysAgo: 120 },
      { field: 'status', from: 'normal', to: 'stopped', daysAgo: 12 },
    ],
  },
  {
    name: 'sunli',
    userName: '孙丽',
    cellphone: '13609180235',
    org: 'contractor',
    level: 'general',
    status: 'locked',
    history: [{ field: 'created', to: 'normal', remark: 'manual', daysAgo: 60 }],
  },
  {
    name: 'chenjing',
    userName: '陈静',
    cellphone: '13609180236',
    org: 'contractor-bridge',
    level: 'general',
    status: 'normal',
    validDays: -20,
    history: [
      { field: 'created', to: 'normal', remark: 'manual', daysAgo: 200 },
      { field: 'validUntil', from: undefined, to: 'past', daysAgo: 150 },
    ],
  },
  {
    name: 'gaoming',
    userName: '高明',
    cellphone: '13609180237',
    org: 'contractor-1',
    level: 'general',
    status: 'normal',
    pwdValidDays: -3,
    history: [
      { field: 'created', to: 'normal', remark: 'manual', daysAgo: 100 },
      { field: 'passwordValidUntil', to: 'past', daysAgo: 95 },
    ],
  },
  {
    name: 'zhoumin',
    userName: '周敏',
    cellphone: '13609180238',
    org: 'ccc',
    level: 'registered',
    status: 'normal',
    validDays: 180,
    project: ['沪渝蓉高铁武宜段站前工程', '中交瀚海沪渝蓉项目经理部', '工程管理部'],
    history: [
      { field: 'created', to: 'normal', remark: 'manual', daysAgo: 40 },
      { field: 'projectDept', to: '沪渝蓉高铁武宜段站前工程 / 中交瀚海沪渝蓉项目经理部 / 工程管理部', daysAgo: 40 },
    ],
  },
  {
    name: 'xuhao',
    userName: '许浩',
    cellphone: '13609180239',
    org: 'ccc',
    level: 'registered',
    status: 'normal',
    validDays: 90,
    phoneLogin: false,
    project: ['沪渝蓉高铁武宜段站前工程', '中交瀚海沪渝蓉项目经理部', '安全质量部'],
    history: [
      { field: 'created', to: 'normal', remark: 'manual', daysAgo: 30 },
      { field: 'phoneLogin', from: 'true', to: 'false', daysAgo: 29 },
    ],
  },
  {
    name: 'tangwei',
    userName: '唐伟',
    cellphone: '13609180240',
    org: 'supervision',
    level: 'registered',
    status: 'stopped',
    validDays: -5,
    project: ['合新高铁站前工程监理', '恒信监理合新项目监理部', '监理办'],
    history: [
      { field: 'created', to: 'normal', remark: 'manual', daysAgo: 300 },
      { field: 'status', from: 'normal', to: 'stopped', daysAgo: 6 },
    ],
  },
]

const day = 86400_000

export async function seedAccountDemo(tx: Db, orgIds: Map<string, string>, passwordHash: string): Promise<void> {
  const now = Date.now()
  const at = (days: number) => new Date(now + days * day)
  for (const d of DEMO) {
    const accountId = newId()
    const organizationId = orgIds.get(d.org) ?? null
    await tx.insert(t.account).values({
      accountId,
      accountName: d.name,
      userName: d.userName,
      cellphone: d.cellphone,
      level: d.level,
      status: d.status,
      passwordHash,
      organizationId,
      validUntil: d.validDays === undefined ? null : at(d.validDays),
      passwordValidUntil: d.pwdValidDays === undefined ? null : at(d.pwdValidDays),
      phoneLoginEnabled: d.phoneLogin ?? true,
      projectName: d.project?.[0] ?? null,
      projectOrganizationName: d.project?.[1] ?? null,
      projectDepartmentName: d.project?.[2] ?? null,
      createTime: at(-(d.history[0]?.daysAgo ?? 0)),
      version: d.history.length - 1,
      createBy: 'system',
      updateBy: 'system',
    })
    if (d.status === 'pending')
      await tx.insert(t.person).values({
        userId: newId(),
        organizationId,
        name: d.userName,
        cellphone: d.cellphone,
        accountId,
        status: 'active',
        auditStatus: 'pending',
        submitTime: at(-(d.history[0]?.daysAgo ?? 0)),
        submitKind: 'registration',
        createBy: accountId,
        updateBy: accountId,
      })
    const dayText = (v: string | undefined, days: number | undefined) =>
      v === 'past' && days !== undefined ? at(days).toISOString().slice(0, 10) : (v ?? null)
    await tx.insert(t.accountChange).values(
      d.history.map((h) => ({
        changeId: newId(),
        accountId,
        accountName: d.name,
        field: h.field,
        fromValue: h.from ?? null,
        toValue:
          h.field === 'validUntil'
            ? dayText(h.to, d.validDays)
            : h.field === 'passwordValidUntil'
              ? dayText(h.to, d.pwdValidDays)
              : (h.to ?? null),
        remark: h.remark ?? null,
        changedBy: null,
        changedByName: h.remark === 'invite' ? d.name : 'admin',
        changedAt: at(-h.daysAgo),
      })),
    )
  }
}
