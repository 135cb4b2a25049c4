/**
 * Models and their deployed versions (SPEC §7 actReModel, wfModelHistory; /admin/process-model-management):
 *
 *   GET  actReModel/list                 drafts, filtered (keyword on name / key, category, application), paged
 *   POST actReModel/add                  a model with its four config lists (key unique: 20006 on modelKey)
 *   PUT  actReModel/update               the same, with the version read (else 20008)
 *   GET  actReModel/detail?modelId       the model, its XML and config lists
 *   POST actReModel/deploymentModel      checks the BPMN (20001 naming each problem) and writes version vN,
 *                                        in use (status 1) and published (version type 1); the versions
 *                                        before it become history (version type 0) and keep their status,
 *                                        so an instance running on one goes on there
 *   GET  wfModelHistory/listPublish      versions (versionType 1 by default), newest first; …/listPagePublish paged
 *   PUT  wfModelHistory/updateStatus     { status, modelHistoryIds }: 1 in use, 0 stopped (no new starts)
 */
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { perm } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import type { Page } from '../../../src/contract/envelope'
import { newId } from '../../../src/contract/ids'
import { V } from '../../../src/contract/rules'
import {
  WORKFLOW_API,
  wfDeployBody,
  wfHistoryQuery,
  wfHistoryStatusBody,
  wfModelAdd,
  wfModelIdQuery,
  wfModelListQuery,
  wfModelUpdate,
  type WfConfigs,
  type WfModelDetail,
  type WfModelHistoryRow,
  type WfModelRow,
} from '../../../src/contract/schemas/workflow'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { wfModel, wfModelHistory } from '../../db/schema'
import { ApiError, ok, parse, requestLang, type Text } from '../../lib/http'
import { isUniqueViolation } from '../../lib/resource'
import { pageOf } from '../../lib/paging'
import { anyLike } from '../../lib/sql'
import type { OwnedResourceKind } from '../roleAuth'
import { checkBpmn, draftGraph } from './bpmn'
import { configsOf } from './runtime'
import { formProblems } from './startForm'
import texts from './texts.json'

const MENU = '/admin/process-model-management'

type ModelRow = typeof wfModel.$inferSelect
type HistoryRow = typeof wfModelHistory.$inferSelect

const modelOut = (r: ModelRow): WfModelRow => ({
  modelId: r.modelId,
  applicationId: r.applicationId,
  applicationMenuId: r.applicationMenuId,
  category: r.category,
  modelKey: r.modelKey,
  name: r.name,
  remark: r.remark,
  latestVersion: r.latestVersion,
  version: r.version,
  createTime: r.createTime.toISOString(),
  updateTime: r.updateTime.toISOString(),
})
export const historyOut = (r: HistoryRow): WfModelHistoryRow => ({
  modelHistoryId: r.modelHistoryId,
  modelId: r.modelId,
  modelVersion: r.modelVersion,
  modelKey: r.modelKey,
  name: r.name,
  category: r.category,
  applicationId: r.applicationId,
  status: r.status === 1 ? 1 : 0,
  versionType: r.versionType === 1 ? 1 : 0,
  deployTime: r.deployTime.toISOString(),
  deployBy: r.deployBy,
})

const keyTaken = (req: FastifyRequest) =>
  new ApiError(Code.DUPLICATE, { field: 'model.modelKey', message: texts.models.keyTaken[requestLang(req)] }, texts.models.keyTaken)

async function keyInUse(db: Db, key: string, except?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: wfModel.modelId })
    .from(wfModel)
    .where(and(eq(wfModel.modelKey, key), except ? ne(wfModel.modelId, except) : undefined))
    .limit(1)
  return Boolean(row)
}

/** The problems of a model's BPMN as a 20001 answer: one entry per problem on `bpmnXml`, the first as the message. */
export function bpmnRefusal(problems: Text[], req: FastifyRequest): ApiError {
  const lang = requestLang(req)
  return new ApiError(
    Code.INVALID,
    problems.map((p) => ({ field: 'bpmnXml', key: V.invalid, message: p[lang] })),
    problems[0],
  )
}

/** The columns an add and an update both write: the model's fields and its config lists. */
function savedColumns({ model, ccList, executorList, formList, useScopeList }: z.infer<typeof wfModelAdd> | z.infer<typeof wfModelUpdate>) {
  const configs: WfConfigs = { ccList, executorList, formList, useScopeList }
  return {
    applicationId: model.applicationId,
    applicationMenuId: model.applicationMenuId ?? null,
    category: model.category,
    modelKey: model.modelKey,
    name: model.name,
    remark: model.remark ?? null,
    bpmnXml: model.bpmnXml,
    configs,
  }
}

/** Models as records a role may be granted (role authorisation's 流程模型: who may start them), set at start. */
export const modelRecords: OwnedResourceKind = {
  records: (tx, ids) =>
    tx
      .select({ id: wfModel.modelId, name: wfModel.name, code: wfModel.modelKey })
      .from(wfModel)
      .where(ids ? (ids.length ? inArray(wfModel.modelId, ids) : sql`false`) : undefined)
      .orderBy(asc(wfModel.name), asc(wfModel.modelKey)),
  text: (name) => ({ zh: `流程模型「${name}」`, en: `the workflow model "${name}"` }),
}

export function registerModelRoutes(app: FastifyInstance, ctx: Ctx): void {
  const API = WORKFLOW_API

  app.get(API.model.list, { config: { auth: 'signed', perm: perm(MENU) } }, async (req) => {
    const q = parse(wfModelListQuery, req.query, req)
    const conds: (SQL | undefined)[] = [
      q.keyword ? anyLike(q.keyword, wfModel.name, wfModel.modelKey) : undefined,
      q.category ? eq(wfModel.category, q.category) : undefined,
      q.applicationId ? eq(wfModel.applicationId, q.applicationId) : undefined,
    ]
    const where = and(...conds)
    const rows = ctx.db.select().from(wfModel).where(where).orderBy(desc(wfModel.updateTime), asc(wfModel.modelId))
    return ok<Page<WfModelRow>>(req, await pageOf(q, rows, ctx.db.select({ n: count() }).from(wfModel).where(where), modelOut))
  })

  app.get(API.model.detail, { config: { auth: 'signed', perm: perm(MENU) } }, async (req) => {
    const { modelId } = parse(wfModelIdQuery, req.query, req)
    const [row] = await ctx.db.select().from(wfModel).where(eq(wfModel.modelId, modelId))
    if (!row) throw new ApiError(Code.NOT_FOUND, null, texts.models.modelGone)
    return ok<WfModelDetail>(req, { model: { ...modelOut(row), bpmnXml: row.bpmnXml }, ...configsOf(row.configs) })
  })

  app.post(API.model.add, { config: { auth: 'signed', perm: perm(MENU, 'add') } }, async (req) => {
    const input = parse(wfModelAdd, req.body, req)
    const { model } = input
    if (await keyInUse(ctx.db, model.modelKey)) throw keyTaken(req)
    const by = req.auth!.account.accountId
    try {
      const [row] = await ctx.db
        .insert(wfModel)
        .values({
          modelId: model.modelId ?? newId(),
          ...savedColumns(input),
          createBy: by,
          updateBy: by,
        })
        .returning()
      return ok(req, modelOut(row!), texts.models.modelSaved)
    } catch (err) {
      if (isUniqueViolation(err)) throw keyTaken(req)
      throw err
    }
  })

  app.put(API.model.update, { config: { auth: 'signed', perm: perm(MENU, 'edit') } }, async (req) => {
    const input = parse(wfModelUpdate, req.body, req)
    const { model } = input
    if (await keyInUse(ctx.db, model.modelKey, model.modelId)) throw keyTaken(req)
    try {
      const [row] = await ctx.db
        .update(wfModel)
        .set({
          ...savedColumns(input),
          updateTime: new Date(),
          updateBy: req.auth!.account.accountId,
        })
        .where(and(eq(wfModel.modelId, model.modelId), eq(wfModel.version, model.version)))
        .returning()
      if (row) return ok(req, modelOut(row), texts.models.modelSaved)
    } catch (err) {
      if (isUniqueViolation(err)) throw keyTaken(req)
      throw err
    }
    const [current] = await ctx.db.select().from(wfModel).where(eq(wfModel.modelId, model.modelId))
    if (!current) throw new ApiError(Code.NOT_FOUND, null, texts.models.modelGone)
    throw new ApiError(Code.VERSION_CONFLICT, modelOut(current))
  })

  app.post(API.model.deploy, { config: { auth: 'signed', perm: perm(MENU, 'publish') } }, async (req) => {
    const { modelId } = parse(wfDeployBody, req.body, req)
    const [draft] = await ctx.db.select().from(wfModel).where(eq(wfModel.modelId, modelId))
    if (!draft) throw new ApiError(Code.NOT_FOUND, null, texts.models.modelGone)
    const configs = configsOf(draft.configs)
    const problems = await checkBpmn(draft.bpmnXml, new Set(configs.executorList.map((c) => c.nodeId)))
    const graph = problems.length ? null : await draftGraph(draft.bpmnXml)
    if (graph) problems.push(...formProblems(graph, configs))
    if (problems.length) throw bpmnRefusal(problems, req)
    const by = req.auth!.account.accountId
    const row = await ctx.db.transaction(async (tx) => {
      const [m] = await tx.select().from(wfModel).where(eq(wfModel.modelId, modelId)).for('update')
      if (!m) throw new ApiError(Code.NOT_FOUND, null, texts.models.modelGone)
      // what was checked is what is deployed: a save between the check and the lock deploys nothing
      if (m.version !== draft.version) throw new ApiError(Code.VERSION_CONFLICT, modelOut(m))
      const n = m.latestVersion + 1
      await tx
        .update(wfModelHistory)
        .set({ versionType: 0 })
        .where(and(eq(wfModelHistory.modelId, modelId), eq(wfModelHistory.versionType, 1)))
      const [h] = await tx
        .insert(wfModelHistory)
        .values({
          modelHistoryId: newId(),
          modelId,
          modelVersion: n,
          modelKey: m.modelKey,
          name: m.name,
          category: m.category,
          applicationId: m.applicationId,
          applicationMenuId: m.applicationMenuId,
          bpmnXml: m.bpmnXml,
          configs: m.configs,
          status: 1,
          versionType: 1,
          deployBy: by,
        })
        .returning()
      await tx.update(wfModel).set({ latestVersion: n, updateTime: new Date(), updateBy: by }).where(eq(wfModel.modelId, modelId))
      return h!
    })
    return ok(req, historyOut(row))
  })

  const historyWhere = (q: ReturnType<typeof wfHistoryQuery.parse>) =>
    and(
      eq(wfModelHistory.versionType, q.versionType ?? 1),
      q.modelId ? eq(wfModelHistory.modelId, q.modelId) : undefined,
      q.status === undefined ? undefined : eq(wfModelHistory.status, q.status),
      q.keyword ? anyLike(q.keyword, wfModelHistory.name, wfModelHistory.modelKey) : undefined,
    )

  app.get(API.history.listPublish, { config: { auth: 'signed', perm: perm(MENU) } }, async (req) => {
    const q = parse(wfHistoryQuery, req.query, req)
    const rows = await ctx.db
      .select()
      .from(wfModelHistory)
      .where(historyWhere(q))
      .orderBy(desc(wfModelHistory.deployTime), desc(wfModelHistory.modelVersion))
      .limit(2000)
    return ok<WfModelHistoryRow[]>(req, rows.map(historyOut))
  })

  app.get(API.history.listPagePublish, { config: { auth: 'signed', perm: perm(MENU) } }, async (req) => {
    const q = parse(wfHistoryQuery, req.query, req)
    const where = historyWhere(q)
    const rows = ctx.db
      .select()
      .from(wfModelHistory)
      .where(where)
      .orderBy(desc(wfModelHistory.deployTime), desc(wfModelHistory.modelVersion))
    return ok<Page<WfModelHistoryRow>>(
      req,
      await pageOf(q, rows, ctx.db.select({ n: count() }).from(wfModelHistory).where(where), historyOut),
    )
  })

  app.put(API.history.updateStatus, { config: { auth: 'signed', perm: perm(MENU, 'stop') } }, async (req) => {
    const { status, modelHistoryIds } = parse(wfHistoryStatusBody, req.body, req)
    const ids = [...new Set(modelHistoryIds)]
    const rows = await ctx.db.transaction(async (tx) => {
      const found = await tx
        .select({ id: wfModelHistory.modelHistoryId })
        .from(wfModelHistory)
        .where(inArray(wfModelHistory.modelHistoryId, ids))
        .for('update')
      if (found.length !== ids.length) throw new ApiError(Code.NOT_FOUND)
      return tx.update(wfModelHistory).set({ status }).where(inArray(wfModelHistory.modelHistoryId, ids)).returning()
    })
    return ok<WfModelHistoryRow[]>(req, rows.map(historyOut))
  })
}
