/**
 * Demo accounts in every state (embedded database only, after the people seed): waiting for
 * review (with their pending staff records), review failed, stopped, locked, expired, a password
 * past its valid period, and registered (project) accounts with project departments — each with
 * the change history that led there. All use the demo password.
 */
import { z } from 'zod'
import { newId } from '../../src/contract/ids'
import { ACCOUNT_CHANGE_FIELDS } from '../../src/contract/schemas/account'
import { ACCOUNT_LEVELS, ACCOUNT_STATUSES } from '../../src/contract/enums'
import type { Db } from '../db/client'
import * as t from '../db/schema'
import demo from './demo/accounts.json'

/** A demo account (./demo/accounts.json); `validDays` and `pwdValidDays` are days from now (negative: past). */
const demoAccount = z.object({
  name: z.string(),
  userName: z.string(),
  cellphone: z.string(),
  org: z.string(),
  level: z.enum(ACCOUNT_LEVELS),
  status: z.enum(ACCOUNT_STATUSES),
  validDays: z.number().optional(),
  pwdValidDays: z.number().optional(),
  project: z.tuple([z.string(), z.string(), z.string()]).optional(),
  phoneLogin: z.boolean().optional(),
  history: z.array(
    z.object({
      field: z.enum(ACCOUNT_CHANGE_FIELDS),
      from: z.string().optional(),
      to: z.string().optional(),
      remark: z.string().optional(),
      daysAgo: z.number(),
    }),
  ),
})

const day = 86400_000

export async function seedAccountDemo(tx: Db, orgIds: Map<string, string>, passwordHash: string): Promise<void> {
  const now = Date.now()
  const at = (days: number) => new Date(now + days * day)
  for (const d of z.array(demoAccount).parse(demo)) {
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
