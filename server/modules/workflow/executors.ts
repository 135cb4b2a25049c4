/**
 * Who a node's executor (or cc) config names, when the node is reached: accounts whose status is
 * normal, in a stable order, each once. Accounts, roles and departments are read through their
 * modules' indexes; workflow roles are this module's.
 */
import { eq } from 'drizzle-orm'
import type { WfCcConfig, WfExecutorConfig } from '../../../src/contract/schemas/workflow'
import type { Db } from '../../db/client'
import { wfRole, wfRoleAccount } from '../../db/schema'
import { normalAccountIds, normalAccountIdsOfRoles } from '../account'
import { departmentHeadAccountIds } from '../people'

export interface ResolveContext {
  starterAccountId: string
  variables: Record<string, unknown>
}

/** Account ids in a variable: one id, a comma-joined list or an array of ids. */
function idsIn(value: unknown): string[] {
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim())
  return []
}

async function wfRoleAccounts(db: Db, roleIds: string[]): Promise<string[]> {
  const out: string[] = []
  for (const id of roleIds) {
    const rows = await db
      .select({ accountId: wfRoleAccount.accountId })
      .from(wfRoleAccount)
      .innerJoin(wfRole, eq(wfRole.wfRoleId, wfRoleAccount.wfRoleId))
      .where(eq(wfRoleAccount.wfRoleId, id))
    out.push(...rows.map((r) => r.accountId).sort())
  }
  return out
}

/** The accounts a config names now (empty when nobody qualifies). */
export async function resolveAccounts(db: Db, config: WfExecutorConfig | WfCcConfig, ctx: ResolveContext): Promise<string[]> {
  let ids: string[]
  switch (config.settingMode) {
    case 'user':
      ids = config.ids
      break
    case 'role':
      ids = await normalAccountIdsOfRoles(db, config.ids)
      break
    case 'wfRole':
      ids = await wfRoleAccounts(db, config.ids)
      break
    case 'starter':
      ids = [ctx.starterAccountId]
      break
    case 'starterDeptHead':
      ids = await departmentHeadAccountIds(db, ctx.starterAccountId)
      break
    case 'starterSelect':
    case 'formField':
      ids = idsIn(config.variable ? ctx.variables[config.variable] : undefined)
      break
  }
  const unique = [...new Set(ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id)))]
  return normalAccountIds(db, unique)
}
