/**
 * Groups, templates, versions and cell permission rules (SPEC §7 "Tabulation (v2)"; /admin/table-manage):
 *
 *   GET  tabGroup/listTree                      every group (parentId, sortKey)
 *   POST tabGroup/add, PUT tabGroup/update      name, place (a move under itself is 20021); version (20008)
 *   POST tabGroup/delete                        { ids }: the groups and their sub-groups; 20021 while any holds templates
 *   GET  tabulation/listPage | list             templates (keyword on name / code, group subtree, status)
 *   GET  tabulation/detail                      the draft with its sheet (function 设计)
 *   POST tabulation/add, PUT tabulation/update  the draft; code unique (20006); version (20008)
 *   POST tabulation/copy                        the draft and its rules under a new code
 *   POST tabulation/delete                      { ids }; a template with contents is refused (20021)
 *   POST tabulation/publish                     the draft as version n (immutable); the template's version read (20008)
 *   GET  tabulation/versionList                 the versions, newest first
 *   GET  cellPermission/list, POST save         a template's rules; save replaces the set
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { perm } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import type { Page } from '../../../src/contract/envelope'
import { newId } from '../../../src/contract/ids'
import { V } from '../../../src/contract/rules'
import {
  TABULATION_API,
  TAB_SHEET_BODY_MAX,
  emptySheet,
  parseRange,
  tabCellRuleSave,
  tabDeleteBody,
  tabGroupAdd,
  tabGroupUpdate,
  tabPublishBody,
  tabTemplateAdd,
  tabTemplateCopy,
  tabTemplateIdQuery,
  tabTemplateListQuery,
  tabTemplateUpdate,
  type TabCellRuleRow,
  type TabGroupRow,
  type TabSheet,
  type TabTemplateDetail,
  type TabTemplateRow,
  type TabVersionRow,
} from '../../../src/contract/schemas/tabulation'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { tabCellPermission, tabContent, tabGroup, tabTemplate, tabTemplateVersion } from '../../db/schema'
import { ApiError, ok, parse, requestLang, fill } from '../../lib/http'
import { isUniqueViolation } from '../../lib/resource'
import { anyLike } from '../../lib/sql'
import { defineTree } from '../../lib/tree'
import { pageOf } from '../../lib/paging'
import { modelKeyPublished } from '../workflow'
import { rulesWithoutSubject } from './access'
import { TAB_TEXT } from './texts'

export const MENU = '/admin/table-manage'

export const groupTree = defineTree({
  table: tabGroup,
  id: tabGroup.tabGroupId,
  cycle: { zh: '不能移动到自身或其下级分组之下', en: 'A group cannot be placed under itself or one of its sub-groups' },
})

type TemplateRow = typeof tabTemplate.$inferSelect
type VersionRow = typeof tabTemplateVersion.$inferSelect

export const templateOut = (r: TemplateRow): TabTemplateRow => ({
  tabTemplateId: r.tabTemplateId,
  tabGroupId: r.tabGroupId,
  name: r.name,
  code: r.code,
  description: r.description,
  applicationId: r.applicationId,
  applicationMenuId: r.applicationMenuId,
  wfModelKey: r.wfModelKey,
  status: r.status === 'published' ? 'published' : 'draft',
  currentVersionId: r.currentVersionId,
  currentVersionNo: r.currentVersionNo,
  version: r.version,
  createTime: r.createTime.toISOString(),
  updateTime: r.updateTime.toISOString(),
})
export const versionOut = (r: VersionRow): TabVersionRow => ({
  tabVersionId: r.tabVersionId,
  tabTemplateId: r.tabTemplateId,
  versionNo: r.versionNo,
  publishBy: r.publishBy,
  publishTime: r.publishTime.toISOString(),
  fillInCount: Object.keys((r.sheet as TabSheet).fillIns ?? {}).length,
})
const groupOut = (r: typeof tabGroup.$inferSelect): TabGroupRow => ({
  tabGroupId: r.tabGroupId,
  parentId: r.parentId,
  groupName: r.groupName,
  sortKey: r.sortKey,
  version: r.version,
})

const codeTaken = (req: FastifyRequest) =>
  new ApiError(Code.DUPLICATE, [{ field: 'code', key: 'v.repeat', message: TAB_TEXT.codeTaken[requestLang(req)] }], TAB_TEXT.codeTaken)
const templateGone = () => new ApiError(Code.NOT_FOUND, null, TAB_TEXT.templateGone)

async function codeInUse(db: Db, code: string, except?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tabTemplate.tabTemplateId })
    .from(tabTemplate)
    .where(and(sql`lower(${tabTemplate.code}) = lower(${code})`, except ? sql`${tabTemplate.tabTemplateId} <> ${except}` : undefined))
    .limit(1)
  return Boolean(row)
}

async function requireGroup(db: Db, id: string): Promise<void> {
  const [g] = await db.select({ id: tabGroup.tabGroupId }).from(tabGroup).where(eq(tabGroup.tabGroupId, id))
  if (!g) throw new ApiError(Code.NOT_FOUND, { field: 'tabGroupId' }, TAB_TEXT.groupGone)
}

/** A bound workflow model has a published version (else 20001 on wfModelKey). */
async function requireModel(db: Db, req: FastifyRequest, modelKey: string | null | undefined): Promise<void> {
  if (!modelKey || (await modelKeyPublished(db, modelKey))) return
  const text = TAB_TEXT.modelUnpublished
  throw new ApiError(Code.INVALID, [{ field: 'wfModelKey', key: V.invalid, message: text[requestLang(req)] }], text)
}

export async function templateById(db: Db, id: string): Promise<TemplateRow> {
  const [row] = await db.select().from(tabTemplate).where(eq(tabTemplate.tabTemplateId, id))
  if (!row) throw templateGone()
  return row
}

export interface NewTemplate {
  tabTemplateId?: string
  tabGroupId: string
  name: string
  code: string
  description?: string | null
  applicationId?: string | null
  applicationMenuId?: string | null
  wfModelKey?: string | null
  sheet: TabSheet
}

/** The columns an add and an update write alike: the template as its draft. */
const draftColumns = (t: Omit<NewTemplate, 'tabTemplateId'>) => ({
  tabGroupId: t.tabGroupId,
  name: t.name,
  code: t.code,
  description: t.description ?? null,
  applicationId: t.applicationId ?? null,
  applicationMenuId: t.applicationMenuId ?? null,
  wfModelKey: t.wfModelKey ?? null,
  sheet: t.sheet,
  status: 'draft' as const,
})

/** Adds a draft template (the add call, the import, the seed); 20002 on an unknown group, 20006 on a taken code. */
export async function insertTemplate(db: Db, req: FastifyRequest | null, t: NewTemplate, by: string): Promise<TemplateRow> {
  await requireGroup(db, t.tabGroupId)
  const taken = () => (req ? codeTaken(req) : new ApiError(Code.DUPLICATE, null, TAB_TEXT.codeTaken))
  if (await codeInUse(db, t.code)) throw taken()
  try {
    const [row] = await db
      .insert(tabTemplate)
      .values({
        tabTemplateId: t.tabTemplateId ?? newId(),
        ...draftColumns(t),
        createBy: by,
        updateBy: by,
      })
      .returning()
    return row!
  } catch (err) {
    if (isUniqueViolation(err)) throw taken()
    throw err
  }
}

/** Publishes the draft as the next version, when the template is still at `version` (else 20008). */
export async function publishTemplate(db: Db, tabTemplateId: string, version: number, by: string) {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db
    const [t] = await tx.select().from(tabTemplate).where(eq(tabTemplate.tabTemplateId, tabTemplateId)).for('update')
    if (!t) throw templateGone()
    if (t.version !== version) throw new ApiError(Code.VERSION_CONFLICT, templateOut(t))
    const n = t.currentVersionNo + 1
    const [v] = await tx
      .insert(tabTemplateVersion)
      .values({ tabVersionId: newId(), tabTemplateId, versionNo: n, sheet: t.sheet, publishBy: by })
      .returning()
    const [after] = await tx
      .update(tabTemplate)
      .set({ currentVersionId: v!.tabVersionId, currentVersionNo: n, status: 'published', updateTime: new Date(), updateBy: by })
      .where(eq(tabTemplate.tabTemplateId, tabTemplateId))
      .returning()
    return { template: templateOut(after!), published: versionOut(v!) }
  })
}

/** Replaces a template's rules. */
export async function saveRules(db: Db, tabTemplateId: string, rules: ReturnType<typeof tabCellRuleSave.parse>['rules']): Promise<void> {
  await db.delete(tabCellPermission).where(eq(tabCellPermission.tabTemplateId, tabTemplateId))
  if (rules.length)
    await db.insert(tabCellPermission).values(
      rules.map((r, i) => ({
        tabCellPermissionId: newId(),
        tabTemplateId,
        subjectKind: r.subjectKind,
        subjectId: r.subjectId,
        cellRange: r.range,
        access: r.access,
        nodeId: r.nodeId ?? null,
        sort: i,
      })),
    )
}

export const rulesOf = (db: Db, tabTemplateId: string) =>
  db.select().from(tabCellPermission).where(eq(tabCellPermission.tabTemplateId, tabTemplateId)).orderBy(asc(tabCellPermission.sort))

export function registerTemplateRoutes(app: FastifyInstance, ctx: Ctx): void {
  const API = TABULATION_API
  const read = { auth: 'signed' as const, perm: perm(MENU) }

  // ---- groups ----

  app.get(API.group.listTree, { config: read }, async (req) => {
    const rows = await ctx.db.select().from(tabGroup).orderBy(asc(tabGroup.path))
    return ok<TabGroupRow[]>(req, rows.map(groupOut))
  })

  app.post(API.group.add, { config: { auth: 'signed', perm: perm(MENU, 'group') } }, async (req) => {
    const input = parse(tabGroupAdd, req.body, req)
    const by = req.auth!.account.accountId
    const row = await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const node = await groupTree.insert(
        tx,
        { tabGroupId: input.tabGroupId ?? newId(), groupName: input.groupName, createBy: by, updateBy: by },
        { parentId: input.parentId ?? null },
      )
      const [g] = await tx.select().from(tabGroup).where(eq(tabGroup.tabGroupId, node.id))
      return g!
    })
    return ok(req, groupOut(row), TAB_TEXT.groupSaved)
  })

  app.put(API.group.update, { config: { auth: 'signed', perm: perm(MENU, 'group') } }, async (req) => {
    const input = parse(tabGroupUpdate, req.body, req)
    const by = req.auth!.account.accountId
    const row = await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const [g] = await tx.select().from(tabGroup).where(eq(tabGroup.tabGroupId, input.tabGroupId)).for('update')
      if (!g) throw new ApiError(Code.NOT_FOUND, null, TAB_TEXT.groupGone)
      if (g.version !== input.version) throw new ApiError(Code.VERSION_CONFLICT, groupOut(g))
      const parentId = input.parentId === undefined ? g.parentId : input.parentId
      if (parentId !== g.parentId) await groupTree.move(tx, g.tabGroupId, { parentId })
      const [after] = await tx
        .update(tabGroup)
        .set({ groupName: input.groupName, updateTime: new Date(), updateBy: by })
        .where(eq(tabGroup.tabGroupId, g.tabGroupId))
        .returning()
      return after!
    })
    return ok(req, groupOut(row), TAB_TEXT.groupSaved)
  })

  app.post(API.group.delete, { config: { auth: 'signed', perm: perm(MENU, 'group') } }, async (req) => {
    const { ids } = parse(tabDeleteBody, req.body, req)
    await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const all = new Set<string>()
      for (const id of ids) {
        const sub = await groupTree.subtreeIds(tx, id)
        if (!sub.length) throw new ApiError(Code.NOT_FOUND, null, TAB_TEXT.groupGone)
        sub.forEach((s) => all.add(s))
      }
      const [used] = await tx
        .select({ n: count() })
        .from(tabTemplate)
        .where(inArray(tabTemplate.tabGroupId, [...all]))
      if (Number(used?.n ?? 0) > 0) throw new ApiError(Code.REFUSED, null, TAB_TEXT.groupInUse)
      await tx.delete(tabGroup).where(inArray(tabGroup.tabGroupId, [...all]))
    })
    return ok(req, null)
  })

  // ---- templates ----

  const listWhere = async (q: ReturnType<typeof tabTemplateListQuery.parse>): Promise<SQL | undefined> => {
    const groups = q.tabGroupId ? await groupTree.subtreeIds(ctx.db, q.tabGroupId) : null
    return and(
      q.keyword ? anyLike(q.keyword, tabTemplate.name, tabTemplate.code) : undefined,
      groups ? (groups.length ? inArray(tabTemplate.tabGroupId, groups) : sql`false`) : undefined,
      q.status ? eq(tabTemplate.status, q.status) : undefined,
      q.published ? sql`${tabTemplate.currentVersionNo} > 0` : undefined,
    )
  }
  const templateColumns = {
    tabTemplateId: tabTemplate.tabTemplateId,
    tabGroupId: tabTemplate.tabGroupId,
    name: tabTemplate.name,
    code: tabTemplate.code,
    description: tabTemplate.description,
    applicationId: tabTemplate.applicationId,
    applicationMenuId: tabTemplate.applicationMenuId,
    wfModelKey: tabTemplate.wfModelKey,
    status: tabTemplate.status,
    currentVersionId: tabTemplate.currentVersionId,
    currentVersionNo: tabTemplate.currentVersionNo,
    version: tabTemplate.version,
    createTime: tabTemplate.createTime,
    updateTime: tabTemplate.updateTime,
  }
  const rowOut = (r: Omit<TemplateRow, 'sheet' | 'createBy' | 'updateBy'>) =>
    templateOut({ ...r, sheet: null, createBy: null, updateBy: null })

  app.get(API.template.listPage, { config: read }, async (req) => {
    const q = parse(tabTemplateListQuery, req.query, req)
    const where = await listWhere(q)
    const rows = ctx.db
      .select(templateColumns)
      .from(tabTemplate)
      .where(where)
      .orderBy(desc(tabTemplate.updateTime), asc(tabTemplate.tabTemplateId))
    return ok<Page<TabTemplateRow>>(req, await pageOf(q, rows, ctx.db.select({ n: count() }).from(tabTemplate).where(where), rowOut))
  })

  app.get(API.template.list, { config: read }, async (req) => {
    const q = parse(tabTemplateListQuery, req.query, req)
    const rows = await ctx.db
      .select(templateColumns)
      .from(tabTemplate)
      .where(await listWhere(q))
      .orderBy(asc(tabTemplate.name), asc(tabTemplate.tabTemplateId))
      .limit(2000)
    return ok<TabTemplateRow[]>(req, rows.map(rowOut))
  })

  app.get(API.template.detail, { config: { auth: 'signed', perm: perm(MENU, 'design') } }, async (req) => {
    const { tabTemplateId } = parse(tabTemplateIdQuery, req.query, req)
    const row = await templateById(ctx.db, tabTemplateId)
    return ok<TabTemplateDetail>(req, { ...templateOut(row), sheet: row.sheet as TabSheet })
  })

  app.post(API.template.add, { bodyLimit: TAB_SHEET_BODY_MAX, config: { auth: 'signed', perm: perm(MENU, 'add') } }, async (req) => {
    const input = parse(tabTemplateAdd, req.body, req)
    await requireModel(ctx.db, req, input.wfModelKey)
    const row = await insertTemplate(ctx.db, req, { ...input, sheet: input.sheet ?? emptySheet() }, req.auth!.account.accountId)
    return ok(req, templateOut(row), TAB_TEXT.templateSaved)
  })

  app.put(API.template.update, { bodyLimit: TAB_SHEET_BODY_MAX, config: { auth: 'signed', perm: perm(MENU, 'edit') } }, async (req) => {
    const input = parse(tabTemplateUpdate, req.body, req)
    await requireModel(ctx.db, req, input.wfModelKey)
    await requireGroup(ctx.db, input.tabGroupId)
    if (await codeInUse(ctx.db, input.code, input.tabTemplateId)) throw codeTaken(req)
    try {
      const [row] = await ctx.db
        .update(tabTemplate)
        .set({
          ...draftColumns(input),
          updateTime: new Date(),
          updateBy: req.auth!.account.accountId,
        })
        .where(and(eq(tabTemplate.tabTemplateId, input.tabTemplateId), eq(tabTemplate.version, input.version)))
        .returning()
      if (row) return ok(req, templateOut(row), TAB_TEXT.templateSaved)
    } catch (err) {
      if (isUniqueViolation(err)) throw codeTaken(req)
      throw err
    }
    const current = await templateById(ctx.db, input.tabTemplateId)
    throw new ApiError(Code.VERSION_CONFLICT, templateOut(current))
  })

  app.post(API.template.copy, { config: { auth: 'signed', perm: perm(MENU, 'add') } }, async (req) => {
    const input = parse(tabTemplateCopy, req.body, req)
    const by = req.auth!.account.accountId
    const row = await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const src = await templateById(tx, input.tabTemplateId)
      const copy = await insertTemplate(
        tx,
        req,
        {
          tabGroupId: input.tabGroupId ?? src.tabGroupId,
          name: input.name,
          code: input.code,
          description: src.description,
          applicationId: src.applicationId,
          applicationMenuId: src.applicationMenuId,
          sheet: src.sheet as TabSheet,
        },
        by,
      )
      const rules = await rulesOf(tx, src.tabTemplateId)
      await saveRules(
        tx,
        copy.tabTemplateId,
        rules.map((r) => ({
          subjectKind: r.subjectKind as TabCellRuleRow['subjectKind'],
          subjectId: r.subjectId,
          range: r.cellRange,
          access: r.access as TabCellRuleRow['access'],
          nodeId: r.nodeId,
        })),
      )
      return copy
    })
    return ok(req, templateOut(row), TAB_TEXT.templateSaved)
  })

  app.post(API.template.delete, { config: { auth: 'signed', perm: perm(MENU, 'delete') } }, async (req) => {
    const { ids } = parse(tabDeleteBody, req.body, req)
    const unique = [...new Set(ids)]
    await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const found = await tx.select().from(tabTemplate).where(inArray(tabTemplate.tabTemplateId, unique)).for('update')
      if (found.length !== unique.length) throw templateGone()
      const used = await tx
        .selectDistinct({ id: tabContent.tabTemplateId })
        .from(tabContent)
        .where(inArray(tabContent.tabTemplateId, unique))
        .limit(1)
      if (used.length) {
        const name = found.find((t) => t.tabTemplateId === used[0]!.id)?.name ?? ''
        throw new ApiError(Code.REFUSED, null, fill(TAB_TEXT.templateInUse, name))
      }
      await tx.delete(tabTemplate).where(inArray(tabTemplate.tabTemplateId, unique))
    })
    return ok(req, null)
  })

  app.post(API.template.publish, { config: { auth: 'signed', perm: perm(MENU, 'publish') } }, async (req) => {
    const { tabTemplateId, version } = parse(tabPublishBody, req.body, req)
    const answer = await publishTemplate(ctx.db, tabTemplateId, version, req.auth!.account.accountId)
    return ok(req, answer, fill(TAB_TEXT.published, answer.published.versionNo))
  })

  app.get(API.template.versions, { config: read }, async (req) => {
    const { tabTemplateId } = parse(tabTemplateIdQuery, req.query, req)
    await templateById(ctx.db, tabTemplateId)
    const rows = await ctx.db
      .select()
      .from(tabTemplateVersion)
      .where(eq(tabTemplateVersion.tabTemplateId, tabTemplateId))
      .orderBy(desc(tabTemplateVersion.versionNo))
    return ok<TabVersionRow[]>(req, rows.map(versionOut))
  })

  // ---- cell permissions ----

  app.get(API.cellPermission.list, { config: { auth: 'signed', perm: perm(MENU, 'permission') } }, async (req) => {
    const { tabTemplateId } = parse(tabTemplateIdQuery, req.query, req)
    await templateById(ctx.db, tabTemplateId)
    const rows = await rulesOf(ctx.db, tabTemplateId)
    return ok<TabCellRuleRow[]>(
      req,
      rows.map((r) => ({
        tabCellPermissionId: r.tabCellPermissionId,
        subjectKind: r.subjectKind as TabCellRuleRow['subjectKind'],
        subjectId: r.subjectId,
        range: r.cellRange,
        access: r.access as TabCellRuleRow['access'],
        nodeId: r.nodeId,
      })),
    )
  })

  app.post(API.cellPermission.save, { config: { auth: 'signed', perm: perm(MENU, 'permission') } }, async (req) => {
    const { tabTemplateId, rules } = parse(tabCellRuleSave, req.body, req)
    await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const [t] = await tx
        .select({ rows: sql<number>`(${tabTemplate.sheet} ->> 'rows')::int`, cols: sql<number>`(${tabTemplate.sheet} ->> 'cols')::int` })
        .from(tabTemplate)
        .where(eq(tabTemplate.tabTemplateId, tabTemplateId))
        .for('update')
      if (!t) throw templateGone()
      // a rule's range lies within the draft's rows and columns
      const outside = rules
        .map((r, i) => ({ i, range: r.range, at: parseRange(r.range)! }))
        .filter((r) => r.at.bottom > t.rows || r.at.right > t.cols)
      const gone = await rulesWithoutSubject(tx, rules)
      if (gone.length) {
        const lang = requestLang(req)
        throw new ApiError(
          Code.INVALID,
          gone.map((i) => ({ field: `rules.${i}.subjectId`, key: V.invalid, message: fill(TAB_TEXT.subjectGone, i + 1)[lang] })),
          fill(TAB_TEXT.subjectGone, gone.map((i) => i + 1).join(lang === 'zh' ? '、' : ', ')),
        )
      }
      if (outside.length) {
        const lang = requestLang(req)
        throw new ApiError(
          Code.INVALID,
          outside.map((r) => ({ field: `rules.${r.i}.range`, key: V.invalid, message: fill(TAB_TEXT.ruleOutside, r.range)[lang] })),
          fill(TAB_TEXT.ruleOutside, outside.map((r) => r.range).join(lang === 'zh' ? '、' : ', ')),
        )
      }
      await saveRules(tx, tabTemplateId, rules)
    })
    return ok(req, null, TAB_TEXT.rulesSaved)
  })
}
