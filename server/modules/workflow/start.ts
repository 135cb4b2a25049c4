/**
 * Starting an instance — by a published version's id, or by a model's key (its newest published
 * version) — with the start call's checks: the version is published and in use, and the caller is
 * within its use scope. Used by the start call (./tasks.ts) and by other areas that start a process
 * for one of their records (a filled sheet's submit, issue 30); what they ask of a running instance
 * too: where it waits now.
 * An area may also start a process on the system's behalf (startSystemProcess: a registration under
 * review, whose registrant is no user of the model's use scope): no caller, so no use-scope check — only
 * code calls it, never the start call. Such an instance carries a business type, and the area's hook
 * (./outcomes.ts) decides its record when it ends; `boundVersion` finds the process bound to a menu (a
 * model's 所属菜单) and `runningInstances` where the area's records' instances wait.
 */
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { Code } from '../../../src/contract/codes'
import type { WfUseScope } from '../../../src/contract/schemas/workflow'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { wfInstance, wfModelHistory, wfTask } from '../../db/schema'
import { ApiError } from '../../lib/http'
import { activeRoleIds } from '../../lib/permissions'
import { normalAccountIdsOfRoles } from '../account'
import { rolesGranted } from '../roleAuth'
import { configsOf, WorkflowRuntime, type Variables } from './runtime'
import { startFormOf, startVariables } from './startForm'
import { RUN_TEXT } from './texts'

type Version = typeof wfModelHistory.$inferSelect

/**
 * Who may start a version: those its use scope names (an account, a unit, a role) and members of the
 * roles granted its model in role authorisation (资源 → 流程模型). A model with neither is open to
 * everybody ('all' in the use scope too). One checker per request: the caller's roles are read once.
 */
export function starterCheck(ctx: Ctx, req: FastifyRequest) {
  const acc = req.auth!.account
  let myRoles: Promise<string[]> | undefined
  const roles = () => (myRoles ??= activeRoleIds(ctx, acc.accountId).then((rs) => rs.map((r) => r.roleId)))
  return async (versions: Version[]): Promise<Version[]> => {
    const granted = await rolesGranted(ctx.db, 'wfModel', [...new Set(versions.map((v) => v.modelId))])
    const out: Version[] = []
    for (const v of versions) {
      const scopes = configsOf(v.configs).useScopeList
      const grantees = granted.get(v.modelId) ?? []
      if (await admits(ctx, acc, scopes, grantees, roles)) out.push(v)
    }
    return out
  }
}

async function admits(
  ctx: Ctx,
  acc: { accountId: string; organizationId: string | null },
  scopes: WfUseScope[],
  grantees: string[],
  myRoles: () => Promise<string[]>,
): Promise<boolean> {
  if ((scopes.length === 0 && grantees.length === 0) || scopes.some((s) => s.scopeType === 'all')) return true
  if (grantees.length && (await myRoles()).some((r) => grantees.includes(r))) return true
  for (const s of scopes) {
    if (s.scopeType === 'account' && s.ids.includes(acc.accountId)) return true
    if (s.scopeType === 'org' && acc.organizationId && s.ids.includes(acc.organizationId)) return true
    if (s.scopeType === 'role' && s.ids.length && (await normalAccountIdsOfRoles(ctx.db, s.ids)).includes(acc.accountId)) return true
  }
  return false
}

export interface StartRequest {
  modelHistoryId?: string
  modelKey?: string
  businessKey?: string | null
  title?: string | null
  variables?: Variables
}

/** The newest published version of a model key (or the version of that id), or undefined. */
async function publishedVersion(db: Db, by: { modelHistoryId?: string; modelKey?: string }) {
  const [version] = await db
    .select()
    .from(wfModelHistory)
    .where(
      by.modelHistoryId
        ? eq(wfModelHistory.modelHistoryId, by.modelHistoryId)
        : and(eq(wfModelHistory.modelKey, by.modelKey!), eq(wfModelHistory.versionType, 1)),
    )
    .orderBy(desc(wfModelHistory.modelVersion))
    .limit(1)
  return version?.versionType === 1 ? version : undefined
}

/**
 * Starts an instance. `opts.startForm`: the starter's variables are the values of the version's
 * start form, checked against it and typed (the start call); another area's start passes its own.
 */
export async function startInstance(
  ctx: Ctx,
  runtime: WorkflowRuntime,
  req: FastifyRequest,
  input: StartRequest,
  opts: { startForm?: boolean } = {},
) {
  const version = await publishedVersion(ctx.db, input)
  if (!version) throw new ApiError(Code.NOT_FOUND, null, RUN_TEXT.modelNotPublished)
  if (version.status !== 1) throw new ApiError(Code.REFUSED, null, RUN_TEXT.versionStopped)
  if ((await starterCheck(ctx, req)([version])).length === 0) throw new ApiError(Code.REFUSED, null, RUN_TEXT.notStarter)
  let variables = input.variables
  if (opts.startForm) {
    const form = await startFormOf(version)
    if (form?.fields.length) variables = await startVariables(ctx.db, req, form, variables ?? {})
  }
  const acc = req.auth!.account
  const instanceId = await runtime.start({
    modelHistoryId: version.modelHistoryId,
    starterAccountId: acc.accountId,
    starterOrganizationId: acc.organizationId,
    businessKey: input.businessKey ?? null,
    title: input.title ?? null,
    variables,
  })
  return { instanceId, modelHistoryId: version.modelHistoryId, modelVersion: version.modelVersion }
}

/** Starts the newest published version of a model for another area's record (the caller's request: its checks apply). */
export const startProcess = (ctx: Ctx, req: FastifyRequest, input: StartRequest & { modelKey: string }) =>
  startInstance(ctx, new WorkflowRuntime(ctx.db), req, input)

export interface SystemStart {
  /** A version published and in use (boundVersion's). */
  modelHistoryId: string
  /** Whose process it is (an account that exists; it need not be in the use scope). */
  starterAccountId: string
  starterOrganizationId: string | null
  businessType: string
  businessKey: string
  title: string
  variables?: Variables
}

/**
 * Starts a version on the system's behalf, in the caller's transaction (`db`): the version must still be
 * published and in use (a stopped one refuses, 20021), the use scope is not asked. Not reachable from
 * the start call (./tasks.ts), which always checks the caller.
 */
export async function startSystemProcess(db: Db, input: SystemStart): Promise<{ instanceId: string }> {
  const version = await publishedVersion(db, { modelHistoryId: input.modelHistoryId })
  if (!version) throw new ApiError(Code.NOT_FOUND, null, RUN_TEXT.modelNotPublished)
  const instanceId = await new WorkflowRuntime(db).start(input)
  return { instanceId }
}

/**
 * The process bound to a menu: among the published versions in use of models whose menu is one of
 * `menuIds`, the one deployed last (a newer deploy of any model on that menu takes over; stopping it
 * hands back to the one before). Undefined when none.
 */
export async function boundVersion(db: Db, menuIds: string[]): Promise<{ modelHistoryId: string; name: string } | undefined> {
  if (menuIds.length === 0) return undefined
  const [v] = await db
    .select({ modelHistoryId: wfModelHistory.modelHistoryId, name: wfModelHistory.name })
    .from(wfModelHistory)
    .where(and(inArray(wfModelHistory.applicationMenuId, menuIds), eq(wfModelHistory.versionType, 1), eq(wfModelHistory.status, 1)))
    .orderBy(desc(wfModelHistory.deployTime), desc(wfModelHistory.modelVersion))
    .limit(1)
  return v
}

/** A running instance of a record: its id and the names of the nodes it waits at. */
export interface RunningInstance {
  instanceId: string
  nodeNames: string[]
}

/** The running instances of these records of a business type, by business key (at most one each: the newest). */
export async function runningInstances(db: Db, businessType: string, businessKeys: string[]): Promise<Map<string, RunningInstance>> {
  const out = new Map<string, RunningInstance>()
  if (businessKeys.length === 0) return out
  const rows = await db
    .select({ instanceId: wfInstance.instanceId, businessKey: wfInstance.businessKey })
    .from(wfInstance)
    .where(
      and(
        eq(wfInstance.businessType, businessType),
        inArray(wfInstance.businessKey, [...new Set(businessKeys)]),
        eq(wfInstance.status, 'running'),
      ),
    )
    .orderBy(desc(wfInstance.startTime))
  for (const r of rows) if (r.businessKey && !out.has(r.businessKey)) out.set(r.businessKey, { instanceId: r.instanceId, nodeNames: [] })
  if (out.size === 0) return out
  const ids = [...out.values()].map((r) => r.instanceId)
  const waiting = await db
    .selectDistinct({ instanceId: wfTask.instanceId, activityId: wfTask.activityId, name: wfTask.activityName })
    .from(wfTask)
    .where(and(inArray(wfTask.instanceId, ids), eq(wfTask.status, 'pending')))
    .orderBy(wfTask.activityId)
  for (const r of out.values()) r.nodeNames = waiting.filter((w) => w.instanceId === r.instanceId).map((w) => w.name ?? w.activityId)
  return out
}

/** Whether a model key has a published version (another area binding a process to its records). */
export async function modelKeyPublished(db: Db, modelKey: string): Promise<boolean> {
  return (await publishedVersion(db, { modelKey })) !== undefined
}

/** The nodes a running instance waits at (its pending tasks' activities); none once it ended. */
export async function currentNodeIds(db: Db, instanceId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ activityId: wfTask.activityId })
    .from(wfTask)
    .innerJoin(wfInstance, eq(wfInstance.instanceId, wfTask.instanceId))
    .where(and(eq(wfTask.instanceId, instanceId), eq(wfTask.status, 'pending'), eq(wfInstance.status, 'running')))
  return rows.map((r) => r.activityId)
}
