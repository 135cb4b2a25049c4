/**
 * Project scope (DESIGN §3): which projects a caller may see. Every project record (lines, project
 * organisations, containers, design units, work sites…) carries `projectId`; a record of a project
 * outside the caller's answers 20002, as another unit's record does.
 *
 *  - A registered (project) account sees the projects of its project department (account.
 *    project_department_id → project_department.project_id) — and nothing else.
 *  - Any other account sees the projects whose owner unit or one of whose participating units lies
 *    within its data scope (scopeOrgIds: own unit, with children, role-granted units); scope `all`
 *    sees every project.
 *  - Reading is all a tourist does: the function permissions refuse every change (gate).
 *
 * Resources declare `projectField` (server/lib/resource.ts) and get the filter and the checks;
 * hand-written calls use `visibleProjectIds` + `projectWhere` / `requireProjects`.
 *
 * Seeing is not owning (DESIGN §3 "Ownership"): a project belongs to its owner unit. Only callers whose
 * data scope holds that unit (`requireProjectOwner`) rename it, re-own it, change its participating
 * units or delete it; the owner unit never leaves its participants. The participating units' accounts
 * work in its structure (lines, majors, organisations, containers, design units, work sites…) within
 * their grants.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { Code } from '../../src/contract/codes'
import { DATA_SCOPES, type DataScope } from '../../src/contract/enums'
import type { Ctx } from '../context'
import type { Db } from '../db/client'
import { accountRole, project, projectDepartment, projectUnit } from '../db/schema'
import { activeRoles } from './modulePorts'
import { scopeOrgIds } from './permissions'
import type { AuthContext } from '../types'
import { ApiError } from './http'
import { inScope } from './orgScope'
import texts from './texts.json'

/** The widest data scope of the account's active roles (for calls that name no menu, such as the project picker). */
async function widestScope(db: Db, accountId: string): Promise<DataScope> {
  const role = activeRoles()
  const rows = await db
    .select({ s: role.dataScope })
    .from(accountRole)
    .innerJoin(role, eq(role.roleId, accountRole.roleId))
    .where(eq(accountRole.accountId, accountId))
  return DATA_SCOPES[Math.max(0, ...rows.map((r) => DATA_SCOPES.indexOf(r.s as DataScope)))] ?? 'own'
}

/**
 * A registered account's project, read once per request (its AuthContext): a project department
 * never moves to another project, and a request asks up to three times (the payload's project, the
 * scope of the read back, the record's).
 */
const departmentProjects = new WeakMap<AuthContext, string[]>()

/**
 * The ids of the projects the caller sees; null: every project. The data scope is the one the
 * route's permission resolved (auth.grant), else the widest of the account's roles. Inside a
 * transaction pass its handle as `db` (PGlite has one connection).
 */
export async function visibleProjectIds(ctx: Ctx, auth: AuthContext, db: Db = ctx.db): Promise<string[] | null> {
  const acc = auth.account
  if (acc.level === 'registered') {
    if (!acc.projectDepartmentId) return []
    const known = departmentProjects.get(auth)
    if (known) return known
    const rows = await db
      .select({ id: projectDepartment.projectId })
      .from(projectDepartment)
      .where(eq(projectDepartment.projectDepartmentId, acc.projectDepartmentId))
    const ids = rows.map((r) => r.id)
    departmentProjects.set(auth, ids)
    return ids
  }
  const scope = auth.grant?.scope ?? (await widestScope(db, acc.accountId))
  const orgIds = await scopeOrgIds(ctx, acc, scope, db)
  if (orgIds === null) return null
  if (orgIds.length === 0) return []
  const owned = await db.select({ id: project.projectId }).from(project).where(inArray(project.organizationId, orgIds))
  const joined = await db.selectDistinct({ id: projectUnit.projectId }).from(projectUnit).where(inArray(projectUnit.organizationId, orgIds))
  return [...new Set([...owned, ...joined].map((r) => r.id))]
}

/** `column in ids` (ids null: no condition; none: nothing): the same condition as a unit scope's. */
export const projectWhere = (column: AnyPgColumn, ids: string[] | null): SQL | undefined => inScope(column, ids)

/** Every wanted project must be visible, else 20002 (on `field` when given). */
export function requireProjects(ids: string[] | null, wanted: (string | null | undefined)[], field?: string): void {
  if (ids === null) return
  const set = new Set(ids)
  const missing = wanted.filter((id): id is string => !!id && !set.has(id))
  if (missing.length) throw new ApiError(Code.NOT_FOUND, field ? { field } : missing)
}

/** The caller's projects, checked: 20002 when `projectId` is not one of them. */
export async function requireProject(ctx: Ctx, auth: AuthContext, projectId: string, db: Db = ctx.db, field = 'projectId'): Promise<void> {
  requireProjects(await visibleProjectIds(ctx, auth, db), [projectId], field)
}

/**
 * A record a payload names (`value`, the id in `id`'s table) must belong to the project
 * (`projectColumn` of that table): 20002 on `field` otherwise. No value: nothing to check.
 */
export async function requireInProject(
  db: Db,
  field: string,
  id: AnyPgColumn,
  projectColumn: AnyPgColumn,
  value: string | null | undefined,
  projectId: string,
): Promise<void> {
  if (!value) return
  const [row] = await db
    .select({ id })
    .from(id.table)
    .where(and(eq(id, value), eq(projectColumn, projectId)))
  if (!row) throw new ApiError(Code.NOT_FOUND, { field })
}

export const NOT_PROJECT_OWNER = texts.projectScope.notProjectOwner

/**
 * Every project of `projectIds` must be owned by the caller: its owner unit within the caller's data
 * scope (a registered account owns none), else 20021. Call it after the visibility check, so a
 * project the caller cannot see stays 20002.
 */
export async function requireProjectOwner(ctx: Ctx, auth: AuthContext, projectIds: string[], db: Db = ctx.db): Promise<void> {
  const ids = [...new Set(projectIds)]
  if (!ids.length) return
  const acc = auth.account
  const orgIds =
    acc.level === 'registered' ? [] : await scopeOrgIds(ctx, acc, auth.grant?.scope ?? (await widestScope(db, acc.accountId)), db)
  if (orgIds === null) return
  const owners = await db.select({ org: project.organizationId }).from(project).where(inArray(project.projectId, ids))
  if (owners.some((o) => !orgIds.includes(o.org))) throw new ApiError(Code.REFUSED, null, NOT_PROJECT_OWNER)
}
