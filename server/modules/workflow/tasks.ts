/**
 * Instances and tasks (SPEC §7 "Workflow"; /admin/workflow-query), the runtime's verbs as signed calls:
 *
 *   POST wfInstance/start        { modelHistoryId | modelKey, variables… }: the published version in use, by whom its use scope lets
 *   GET  wfInstance/listPage     every instance within the caller's data scope (by the starter's unit): model, starter, status, dates
 *   GET  wfInstance/myPage       the instances I started
 *   GET  wfInstance/detail       the version's BPMN XML, the nodes waiting now and passed, its tasks and timeline
 *   POST wfInstance/withdraw     撤回 (function withdraw)
 *   GET  wfTask/todoPage         my pending tasks (待办); wfTask/donePage the ones I handled (已办)
 *   POST wfTask/approve|reject|reset|delegate|transfer|cc, GET wfTask/returnList
 *   GET  wfCc/myPage             what was copied to me (抄送)
 *
 * Only the task's assignee acts on it (20021 otherwise); a task handled meanwhile answers 20008 with the
 * task as it is now (an offline outbox shows a conflict). An instance the caller has no part in and
 * that lies outside its data scope is 20002, as if it did not exist.
 */
import { and, asc, count, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { perm } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import type { Page } from '../../../src/contract/envelope'
import {
  WORKFLOW_API,
  wfApproveBody,
  wfCcBody,
  wfHandOverBody,
  wfInstanceIdQuery,
  wfInstanceListQuery,
  wfMyQuery,
  wfRejectBody,
  wfResetBody,
  wfStartBody,
  wfTaskIdQuery,
  wfWithdrawBody,
  type WfApproveMethod,
  type WfCcRow,
  type WfCommentRow,
  type WfInstanceDetail,
  type WfInstanceRow,
  type WfInstanceStatus,
  type WfReturnTarget,
  type WfTaskRow,
  type WfTaskStatus,
  type WfStartableVersion,
} from '../../../src/contract/schemas/workflow'
import type { Ctx } from '../../context'
import { wfCc, wfComment, wfInstance, wfModelHistory, wfTask } from '../../db/schema'
import { ApiError, ok, parse } from '../../lib/http'
import { inScope } from '../../lib/orgScope'
import { scopeOrgIds } from '../../lib/permissions'
import { anyLike } from '../../lib/sql'
import { accountShownNameOf, accountsWithHolder } from '../account'
import type { WorkflowRuntime } from './runtime'
import { startInstance, starterCheck } from './start'
import { startFormOf, startFormValues } from './startForm'
import { RUN_TEXT } from './texts'
import { historyOut } from './models'
import { pageOf } from '../../lib/paging'

/** Accounts a verb's picker offers (the caller's data scope; a keyword narrows them in the picker). */
const ACCOUNT_OPTIONS_MAX = 500

const MENU = '/admin/workflow-query'

type InstanceRow = typeof wfInstance.$inferSelect

const instanceSelection = {
  instanceId: wfInstance.instanceId,
  modelId: wfInstance.modelId,
  modelHistoryId: wfInstance.modelHistoryId,
  modelVersion: wfModelHistory.modelVersion,
  modelName: wfModelHistory.name,
  title: wfInstance.title,
  businessKey: wfInstance.businessKey,
  starterAccountId: wfInstance.starterAccountId,
  starterName: accountShownNameOf(wfInstance.starterAccountId),
  status: wfInstance.status,
  startTime: wfInstance.startTime,
  endTime: wfInstance.endTime,
}
type InstanceSel = { [K in keyof typeof instanceSelection]: unknown } & { startTime: Date; endTime: Date | null }
const instanceOut = (r: InstanceSel): WfInstanceRow => ({
  ...(r as unknown as WfInstanceRow),
  startTime: r.startTime.toISOString(),
  endTime: r.endTime?.toISOString() ?? null,
})

const taskSelection = {
  taskId: wfTask.taskId,
  instanceId: wfTask.instanceId,
  instanceTitle: wfInstance.title,
  modelName: wfModelHistory.name,
  activityId: wfTask.activityId,
  activityName: wfTask.activityName,
  approveMethod: wfTask.approveMethod,
  assigneeAccountId: wfTask.assigneeAccountId,
  assigneeName: accountShownNameOf(wfTask.assigneeAccountId),
  ownerAccountId: wfTask.ownerAccountId,
  starterAccountId: wfInstance.starterAccountId,
  starterName: accountShownNameOf(wfInstance.starterAccountId),
  status: wfTask.status,
  comment: wfTask.comment,
  createTime: wfTask.createTime,
  endTime: wfTask.endTime,
}
/** An instance's own tasks (the instance detail's history): the task columns, without the instance's. */
const {
  instanceTitle: _instanceTitle,
  modelName: _modelName,
  starterAccountId: _starterAccountId,
  starterName: _starterName,
  ...instanceTaskSelection
} = taskSelection
const taskOut = (r: { createTime: Date; endTime: Date | null; approveMethod: string; status: string }): WfTaskRow => ({
  ...(r as unknown as WfTaskRow),
  approveMethod: r.approveMethod as WfApproveMethod,
  status: r.status as WfTaskStatus,
  createTime: r.createTime.toISOString(),
  endTime: r.endTime?.toISOString() ?? null,
})

/** The day after an ISO date, for `< next day` (inclusive end). */
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000)

export function registerTaskRoutes(app: FastifyInstance, ctx: Ctx, runtime: WorkflowRuntime): void {
  const API = WORKFLOW_API
  const signed = (fn?: 'delegate' | 'withdraw') => ({ config: { auth: 'signed' as const, perm: perm(MENU, fn) } })
  const me = (req: FastifyRequest) => req.auth!.account.accountId

  app.get(API.instance.startable, signed(), async (req) => {
    const versions = await ctx.db
      .select()
      .from(wfModelHistory)
      .where(and(eq(wfModelHistory.versionType, 1), eq(wfModelHistory.status, 1)))
      .orderBy(asc(wfModelHistory.name), desc(wfModelHistory.modelVersion))
    const startable: WfStartableVersion[] = []
    for (const v of await starterCheck(ctx, req)(versions)) startable.push({ ...historyOut(v), startForm: await startFormOf(v) })
    return ok(req, startable)
  })

  app.get(API.task.accountOptions, signed(), async (req) => {
    const rows = await accountsWithHolder(ctx.db, {
      statuses: ['normal'],
      organizationIds: await scopeOrgIds(ctx, req.auth!.account, req.auth!.grant?.scope ?? 'own'),
      limit: ACCOUNT_OPTIONS_MAX + 1,
    })
    // not the caller: a task is not handed to oneself (RUN_TEXT.sameAccount)
    return ok(req, rows.filter((r) => r.accountId !== me(req)).slice(0, ACCOUNT_OPTIONS_MAX))
  })

  app.post(API.instance.start, signed(), async (req) => {
    const body = parse(wfStartBody, req.body, req)
    return ok(req, await startInstance(ctx, runtime, req, body, { startForm: true }))
  })

  async function instancePage(req: FastifyRequest, conds: (SQL | undefined)[], q: { pageIndex: number; pageSize: number }) {
    const where = and(...conds)
    const ofVersion = eq(wfModelHistory.modelHistoryId, wfInstance.modelHistoryId)
    const rows = ctx.db
      .select(instanceSelection)
      .from(wfInstance)
      .innerJoin(wfModelHistory, ofVersion)
      .where(where)
      .orderBy(desc(wfInstance.startTime), asc(wfInstance.instanceId))
    const counted = ctx.db.select({ n: count() }).from(wfInstance).innerJoin(wfModelHistory, ofVersion).where(where)
    return ok<Page<WfInstanceRow>>(req, await pageOf(q, rows, counted, instanceOut))
  }
  const titleLike = (keyword?: string) => (keyword ? anyLike(keyword, wfInstance.title, wfModelHistory.name) : undefined)

  app.get(API.instance.listPage, signed(), async (req) => {
    const q = parse(wfInstanceListQuery, req.query, req)
    const orgIds = await scopeOrgIds(ctx, req.auth!.account, req.auth!.grant?.scope ?? 'own')
    return instancePage(
      req,
      [
        inScope(wfInstance.starterOrganizationId, orgIds),
        q.modelId ? eq(wfInstance.modelId, q.modelId) : undefined,
        q.starterAccountId ? eq(wfInstance.starterAccountId, q.starterAccountId) : undefined,
        q.status ? eq(wfInstance.status, q.status) : undefined,
        q.startDateFrom ? gte(wfInstance.startTime, new Date(`${q.startDateFrom}T00:00:00Z`)) : undefined,
        q.startDateTo ? lt(wfInstance.startTime, dayAfter(q.startDateTo)) : undefined,
        titleLike(q.keyword),
      ],
      q,
    )
  })

  app.get(API.instance.myPage, signed(), async (req) => {
    const q = parse(wfMyQuery, req.query, req)
    return instancePage(
      req,
      [eq(wfInstance.starterAccountId, me(req)), q.status ? eq(wfInstance.status, q.status) : undefined, titleLike(q.keyword)],
      q,
    )
  })

  /** The instance if the caller has a part in it (starter, a task, a cc) or it lies within its data scope; else 20002. */
  async function visibleInstance(req: FastifyRequest, instanceId: string): Promise<InstanceRow> {
    const [inst] = await ctx.db.select().from(wfInstance).where(eq(wfInstance.instanceId, instanceId))
    const notFound = new ApiError(Code.NOT_FOUND, null, RUN_TEXT.instanceNotFound)
    if (!inst) throw notFound
    const accountId = me(req)
    if (inst.starterAccountId === accountId) return inst
    const [part] = await ctx.db
      .select({ n: count() })
      .from(wfTask)
      .where(
        and(
          eq(wfTask.instanceId, instanceId),
          or(eq(wfTask.assigneeAccountId, accountId), eq(wfTask.ownerAccountId, accountId), eq(wfTask.handledBy, accountId)),
        ),
      )
    if (Number(part?.n ?? 0) > 0) return inst
    const [copied] = await ctx.db
      .select({ n: count() })
      .from(wfCc)
      .where(and(eq(wfCc.instanceId, instanceId), eq(wfCc.accountId, accountId)))
    if (Number(copied?.n ?? 0) > 0) return inst
    const orgIds = await scopeOrgIds(ctx, req.auth!.account, req.auth!.grant?.scope ?? 'own')
    if (orgIds === null || (inst.starterOrganizationId && orgIds.includes(inst.starterOrganizationId))) return inst
    throw notFound
  }

  app.get(API.instance.detail, signed(), async (req) => {
    const { instanceId } = parse(wfInstanceIdQuery, req.query, req)
    await visibleInstance(req, instanceId)
    const [row] = await ctx.db
      .select({
        ...instanceSelection,
        bpmnXml: wfModelHistory.bpmnXml,
        configs: wfModelHistory.configs,
        startData: wfInstance.startData,
      })
      .from(wfInstance)
      .innerJoin(wfModelHistory, eq(wfModelHistory.modelHistoryId, wfInstance.modelHistoryId))
      .where(eq(wfInstance.instanceId, instanceId))
    const tasks = await ctx.db
      .select(instanceTaskSelection)
      .from(wfTask)
      .where(eq(wfTask.instanceId, instanceId))
      .orderBy(asc(wfTask.createdStep), asc(wfTask.createTime), asc(wfTask.taskId))
    const comments = await ctx.db
      .select({
        commentId: wfComment.commentId,
        taskId: wfComment.taskId,
        activityId: wfComment.activityId,
        accountId: wfComment.accountId,
        accountName: accountShownNameOf(wfComment.accountId),
        action: wfComment.action,
        comment: wfComment.comment,
        targetAccountId: wfComment.targetAccountId,
        createTime: wfComment.createTime,
      })
      .from(wfComment)
      .where(eq(wfComment.instanceId, instanceId))
      .orderBy(asc(wfComment.step), asc(wfComment.createTime), asc(wfComment.commentId))
    const current = [...new Set(tasks.filter((t) => t.status === 'pending').map((t) => t.activityId))]
    const finished = [
      ...new Set(
        tasks.filter((t) => t.status !== 'pending' && t.status !== 'cancelled' && t.status !== 'withdrawn').map((t) => t.activityId),
      ),
    ].filter((a) => !current.includes(a))
    const { bpmnXml, configs, startData, ...instance } = row!
    const startForm = await startFormValues(
      ctx.db,
      await startFormOf({ modelHistoryId: instance.modelHistoryId, bpmnXml, configs }),
      startData,
    )
    return ok<WfInstanceDetail>(req, {
      instance: instanceOut(instance as InstanceSel),
      bpmnXml,
      currentActivityIds: current,
      finishedActivityIds: finished,
      tasks: tasks.map(taskOut),
      comments: comments.map((c): WfCommentRow => ({ ...c, createTime: c.createTime.toISOString() })),
      startForm,
    })
  })

  app.post(API.instance.withdraw, signed('withdraw'), async (req) => {
    const body = parse(wfWithdrawBody, req.body, req)
    await visibleInstance(req, body.instanceId)
    await runtime.withdraw(body.instanceId, me(req), body.comment ?? null)
    return ok(req, { instanceId: body.instanceId })
  })

  async function taskPage(req: FastifyRequest, conds: (SQL | undefined)[], q: { pageIndex: number; pageSize: number }, done: boolean) {
    const where = and(...conds)
    const ofInstance = eq(wfInstance.instanceId, wfTask.instanceId)
    const ofVersion = eq(wfModelHistory.modelHistoryId, wfInstance.modelHistoryId)
    const rows = ctx.db
      .select(taskSelection)
      .from(wfTask)
      .innerJoin(wfInstance, ofInstance)
      .innerJoin(wfModelHistory, ofVersion)
      .where(where)
      .orderBy(done ? desc(wfTask.endTime) : desc(wfTask.createTime), asc(wfTask.taskId))
    const counted = ctx.db
      .select({ n: count() })
      .from(wfTask)
      .innerJoin(wfInstance, ofInstance)
      .innerJoin(wfModelHistory, ofVersion)
      .where(where)
    return ok<Page<WfTaskRow>>(req, await pageOf(q, rows, counted, taskOut))
  }

  app.get(API.task.todoPage, signed(), async (req) => {
    const q = parse(wfMyQuery, req.query, req)
    return taskPage(req, [eq(wfTask.assigneeAccountId, me(req)), eq(wfTask.status, 'pending'), titleLike(q.keyword)], q, false)
  })

  app.get(API.task.donePage, signed(), async (req) => {
    const q = parse(wfMyQuery, req.query, req)
    return taskPage(
      req,
      [eq(wfTask.handledBy, me(req)), q.status ? eq(wfInstance.status, q.status) : undefined, titleLike(q.keyword)],
      q,
      true,
    )
  })

  app.get(API.cc.myPage, signed(), async (req) => {
    const q = parse(wfMyQuery, req.query, req)
    const where = and(eq(wfCc.accountId, me(req)), q.status ? eq(wfInstance.status, q.status) : undefined, titleLike(q.keyword))
    const from = () =>
      ctx.db
        .select({
          ccId: wfCc.ccId,
          instanceId: wfCc.instanceId,
          instanceTitle: wfInstance.title,
          modelName: wfModelHistory.name,
          activityId: wfCc.activityId,
          fromAccountId: wfCc.fromAccountId,
          fromName: accountShownNameOf(wfCc.fromAccountId),
          starterName: accountShownNameOf(wfInstance.starterAccountId),
          instanceStatus: wfInstance.status,
          createTime: wfCc.createTime,
        })
        .from(wfCc)
        .innerJoin(wfInstance, eq(wfInstance.instanceId, wfCc.instanceId))
        .innerJoin(wfModelHistory, eq(wfModelHistory.modelHistoryId, wfInstance.modelHistoryId))
    const counted = ctx.db
      .select({ n: count() })
      .from(wfCc)
      .innerJoin(wfInstance, eq(wfInstance.instanceId, wfCc.instanceId))
      .innerJoin(wfModelHistory, eq(wfModelHistory.modelHistoryId, wfInstance.modelHistoryId))
      .where(where)
    const rows = from().where(where).orderBy(desc(wfCc.createTime), asc(wfCc.ccId))
    return ok<Page<WfCcRow>>(
      req,
      await pageOf(q, rows, counted, (r) => ({
        ...r,
        instanceStatus: r.instanceStatus as WfInstanceStatus,
        createTime: r.createTime.toISOString(),
      })),
    )
  })

  app.post(API.task.approve, signed(), async (req) => {
    const body = parse(wfApproveBody, req.body, req)
    await runtime.approve(body.taskId, me(req), { comment: body.comment ?? null, variables: body.variables })
    return ok(req, { taskId: body.taskId })
  })

  app.post(API.task.reject, signed(), async (req) => {
    const body = parse(wfRejectBody, req.body, req)
    await runtime.reject(body.taskId, me(req), body.comment)
    return ok(req, { taskId: body.taskId })
  })

  app.get(API.task.returnTargets, signed(), async (req) => {
    const { taskId } = parse(wfTaskIdQuery, req.query, req)
    const [task] = await ctx.db
      .select({ assignee: wfTask.assigneeAccountId, status: wfTask.status })
      .from(wfTask)
      .where(eq(wfTask.taskId, taskId))
    if (!task) throw new ApiError(Code.NOT_FOUND, null, RUN_TEXT.taskNotFound)
    if (task.assignee !== me(req)) throw new ApiError(Code.REFUSED, null, RUN_TEXT.notAssignee)
    return ok<WfReturnTarget[]>(req, task.status === 'pending' ? await runtime.returnTargets(taskId) : [])
  })

  app.post(API.task.reset, signed(), async (req) => {
    const body = parse(wfResetBody, req.body, req)
    await runtime.returnTo(body.taskId, me(req), body.targetActivityId, body.comment ?? null)
    return ok(req, { taskId: body.taskId })
  })

  app.post(API.task.delegate, signed('delegate'), async (req) => {
    const body = parse(wfHandOverBody, req.body, req)
    await runtime.delegate(body.taskId, me(req), body.accountId, body.comment ?? null)
    return ok(req, { taskId: body.taskId })
  })

  app.post(API.task.transfer, signed(), async (req) => {
    const body = parse(wfHandOverBody, req.body, req)
    await runtime.transfer(body.taskId, me(req), body.accountId, body.comment ?? null)
    return ok(req, { taskId: body.taskId })
  })

  app.post(API.task.cc, signed(), async (req) => {
    const body = parse(wfCcBody, req.body, req)
    await runtime.cc(body.taskId, me(req), body.accountIds)
    return ok(req, { taskId: body.taskId })
  })
}
