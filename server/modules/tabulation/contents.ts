/**
 * Contents — sheets filled on a published version (SPEC §7 tabulationApi):
 *
 *   GET  tabulationApi/listPage   by template, project, work site, dates, status; within the caller's
 *                                 projects; each row's cells only those the caller may view
 *   GET  tabulationApi/open       the version's layout and the content's cells, both only what the caller
 *                                 may view, and the fill-in cells it may edit now
 *   POST tabulationApi/add        a content on the template's current version (20021 when never published)
 *   POST tabulationApi/save       a patch { tabContentId, version, cells } → the content saved (its row, what the
 *                                 caller may view; not the layout again): every cell a fill-in cell of the
 *                                 content's version (else 20001 naming them), every cell covered by an edit
 *                                 rule of the caller (else 20003 naming them), each value valid for its
 *                                 kind (20001 per cell), the version read (else 20008 with the content as
 *                                 it is now — what the caller may view of it); a submitted content 20021
 *                                 — unless `base` (the patched cells' values as read) still holds for every
 *                                 patched cell: then it merges (an offline edit replayed after others saved)
 *   POST tabulationApi/submit     status submitted (the required cells filled, else 20001 naming them)
 * A content stays on the version it was added on, whatever is published after.
 */
import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { perm } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import type { Page } from '../../../src/contract/envelope'
import { newId } from '../../../src/contract/ids'
import { V } from '../../../src/contract/rules'
import {
  TABULATION_API,
  tabContentAdd,
  tabContentIdQuery,
  tabContentListQuery,
  tabContentSave,
  tabContentSubmit,
  type TabCellValue,
  type TabContentOpen,
  type TabContentRow,
  type TabSheet,
} from '../../../src/contract/schemas/tabulation'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { tabContent, tabTemplate, tabTemplateVersion } from '../../db/schema'
import { ApiError, ok, parse, requestLang, fill, type Text } from '../../lib/http'
import { projectWhere, requireProject, visibleProjectIds } from '../../lib/projectScope'
import type { AuthContext } from '../../types'
import { currentNodeIds, startProcess } from '../workflow'
import { workSiteIdsOf } from '../workSite'
import { cellAccess, subjectsOf, visibleCells, visibleSheet, type CellAccess, type RuleRow, type Subjects } from './access'
import { keptById } from '../../lib/kept'
import { pageOf } from '../../lib/paging'
import { MENU, rulesOf } from './templates'
import { TAB_TEXT } from './texts'
import { missingRequired, valueProblems } from './values'

type ContentRow = typeof tabContent.$inferSelect
interface Joined {
  c: ContentRow
  templateName: string
  versionNo: number
}

const contentGone = () => new ApiError(Code.NOT_FOUND, null, TAB_TEXT.contentGone)

function contentOut(j: Joined, access: CellAccess): TabContentRow {
  const c = j.c
  return {
    tabContentId: c.tabContentId,
    tabTemplateId: c.tabTemplateId,
    tabVersionId: c.tabVersionId,
    versionNo: j.versionNo,
    templateName: j.templateName,
    projectId: c.projectId,
    workSiteId: c.workSiteId,
    contentDate: c.contentDate,
    status: c.status === 'submitted' ? 'submitted' : 'draft',
    workflowInstanceId: c.workflowInstanceId,
    cells: visibleCells(c.cells as Record<string, TabCellValue>, access),
    version: c.version,
    createBy: c.createBy,
    createTime: c.createTime.toISOString(),
    updateTime: c.updateTime.toISOString(),
    submitTime: c.submitTime?.toISOString() ?? null,
  }
}

const joinedColumns = { c: tabContent, templateName: tabTemplate.name, versionNo: tabTemplateVersion.versionNo }

/** A content the caller may see (its project within the caller's), joined; 20002 otherwise. */
async function contentFor(ctx: Ctx, db: Db, auth: AuthContext, id: string, forUpdate = false): Promise<Joined> {
  const q = db
    .select(joinedColumns)
    .from(tabContent)
    .innerJoin(tabTemplate, eq(tabTemplate.tabTemplateId, tabContent.tabTemplateId))
    .innerJoin(tabTemplateVersion, eq(tabTemplateVersion.tabVersionId, tabContent.tabVersionId))
    .where(eq(tabContent.tabContentId, id))
  const [row] = forUpdate ? await q.for('update', { of: tabContent }) : await q
  if (!row) throw contentGone()
  const projects = await visibleProjectIds(ctx, auth, db)
  if (projects !== null && !projects.includes(row.c.projectId)) throw contentGone()
  return row
}

/** The caller's access to a content's cells: its rules read once per template. */
function accessReader(db: Db, subjects: Subjects) {
  const rules = new Map<string, Promise<RuleRow[]>>()
  return async (c: ContentRow): Promise<CellAccess> => {
    let r = rules.get(c.tabTemplateId)
    if (!r) rules.set(c.tabTemplateId, (r = rulesOf(db, c.tabTemplateId)))
    const nodeIds = new Set(c.workflowInstanceId ? await currentNodeIds(db, c.workflowInstanceId) : [])
    return cellAccess(await r, subjects, { nodeIds, submitted: c.status === 'submitted' })
  }
}

/**
 * A version's fill-in cells, read out of its sheet by the database (not the whole layout). A version is
 * written once, when it is published, and never changed: each gateway keeps the fill-ins of the last
 * versions it read — what a save checks its patch against without reading the megabytes of its layout
 * again.
 */
const fillInsOf = keptById(32, async (tabVersionId: string, db: Db): Promise<TabSheet['fillIns']> => {
  const [v] = await db
    .select({ fillIns: sql<TabSheet['fillIns']>`${tabTemplateVersion.sheet} -> 'fillIns'` })
    .from(tabTemplateVersion)
    .where(eq(tabTemplateVersion.tabVersionId, tabVersionId))
  return v?.fillIns ?? {}
})

const cellsRefusal = (req: FastifyRequest, code: typeof Code.INVALID | typeof Code.FORBIDDEN, addresses: string[], text: Text) => {
  const lang = requestLang(req)
  const named = fill(text, addresses.join(lang === 'zh' ? '、' : ', '))
  return new ApiError(
    code,
    addresses.map((a) => ({ field: `cells.${a}`, key: V.invalid, message: fill(text, a)[lang] })),
    named,
  )
}

const sameValue = (a: TabCellValue | undefined, b: TabCellValue | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** A patch on an older version merges when every cell it writes still holds the value it was read with (`base`). */
function unchangedSince(
  now: Record<string, TabCellValue>,
  patch: Record<string, TabCellValue>,
  base: Record<string, TabCellValue> | undefined,
) {
  return base !== undefined && Object.keys(patch).every((a) => sameValue(now[a], base[a]))
}

/**
 * 20008 with the content as it is now (what the caller may view), each visible cell also under its
 * address at the top level: the outbox's conflict screen compares a patch with it cell by cell.
 */
function conflictOf(j: Joined, access: CellAccess): ApiError {
  const row = contentOut(j, access)
  return new ApiError(Code.VERSION_CONFLICT, { ...row.cells, ...row })
}

export function registerContentRoutes(app: FastifyInstance, ctx: Ctx): void {
  const API = TABULATION_API.content
  const read = { auth: 'signed' as const, perm: perm(MENU) }

  app.get(API.listPage, { config: read }, async (req) => {
    const q = parse(tabContentListQuery, req.query, req)
    const auth = req.auth!
    const projects = await visibleProjectIds(ctx, auth)
    const conds: (SQL | undefined)[] = [
      projectWhere(tabContent.projectId, projects),
      q.tabTemplateId ? eq(tabContent.tabTemplateId, q.tabTemplateId) : undefined,
      q.projectId ? eq(tabContent.projectId, q.projectId) : undefined,
      q.workSiteId ? eq(tabContent.workSiteId, q.workSiteId) : undefined,
      q.dateFrom ? gte(tabContent.contentDate, q.dateFrom) : undefined,
      q.dateTo ? lte(tabContent.contentDate, q.dateTo) : undefined,
      q.status ? eq(tabContent.status, q.status) : undefined,
    ]
    const where = and(...conds)
    const rows = ctx.db
      .select(joinedColumns)
      .from(tabContent)
      .innerJoin(tabTemplate, eq(tabTemplate.tabTemplateId, tabContent.tabTemplateId))
      .innerJoin(tabTemplateVersion, eq(tabTemplateVersion.tabVersionId, tabContent.tabVersionId))
      .where(where)
      .orderBy(desc(tabContent.contentDate), desc(tabContent.createTime), asc(tabContent.tabContentId))
    const page = await pageOf(q, rows, ctx.db.select({ n: count() }).from(tabContent).where(where))
    const accessOf = accessReader(ctx.db, await subjectsOf(ctx.db, auth))
    const records: TabContentRow[] = []
    for (const j of page.records) records.push(contentOut(j, await accessOf(j.c)))
    return ok<Page<TabContentRow>>(req, { ...page, records })
  })

  app.get(API.open, { config: read }, async (req) => {
    const { tabContentId } = parse(tabContentIdQuery, req.query, req)
    const answer = await openContent(ctx, req.auth!, tabContentId)
    return ok<TabContentOpen>(req, answer)
  })

  app.post(API.add, { config: { auth: 'signed', perm: perm(MENU, 'fill') } }, async (req) => {
    const input = parse(tabContentAdd, req.body, req)
    const auth = req.auth!
    await requireProject(ctx, auth, input.projectId)
    if (input.workSiteId && !(await workSiteIdsOf(ctx.db, input.projectId, [input.workSiteId])).has(input.workSiteId))
      throw new ApiError(Code.NOT_FOUND, { field: 'workSiteId' }, TAB_TEXT.workSiteOutside)
    const [t] = await ctx.db.select().from(tabTemplate).where(eq(tabTemplate.tabTemplateId, input.tabTemplateId))
    if (!t) throw new ApiError(Code.NOT_FOUND, { field: 'tabTemplateId' }, TAB_TEXT.templateGone)
    if (!t.currentVersionId) throw new ApiError(Code.REFUSED, null, TAB_TEXT.neverPublished)
    const by = auth.account.accountId
    const id = input.tabContentId ?? newId()
    await ctx.db.insert(tabContent).values({
      tabContentId: id,
      tabTemplateId: t.tabTemplateId,
      tabVersionId: t.currentVersionId,
      projectId: input.projectId,
      workSiteId: input.workSiteId ?? null,
      contentDate: input.contentDate,
      cells: {},
      createBy: by,
      updateBy: by,
    })
    return ok<TabContentOpen>(req, await openContent(ctx, auth, id), TAB_TEXT.contentSaved)
  })

  app.post(API.save, { config: { auth: 'signed', perm: perm(MENU, 'fill') } }, async (req) => {
    const input = parse(tabContentSave, req.body, req)
    const auth = req.auth!
    const subjects = await subjectsOf(ctx.db, auth)
    const by = auth.account.accountId
    const saved = await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const j = await contentFor(ctx, tx, auth, input.tabContentId, true)
      const access = await accessReader(tx, subjects)(j.c)
      const addresses = Object.keys(input.cells)
      const fillIns = await fillInsOf(j.c.tabVersionId, tx)
      // submitted: only cells of an edit rule at the node its workflow waits at are written (none: it is closed)
      if (j.c.status === 'submitted' && !Object.keys(fillIns).some((a) => access.canEdit(a)))
        throw new ApiError(Code.REFUSED, null, TAB_TEXT.alreadySubmitted)
      const unknown = addresses.filter((a) => !Object.hasOwn(fillIns, a))
      if (unknown.length) throw cellsRefusal(req, Code.INVALID, unknown, TAB_TEXT.notFillIn)
      const refused = addresses.filter((a) => !access.canEdit(a))
      if (refused.length) throw cellsRefusal(req, Code.FORBIDDEN, refused, TAB_TEXT.notEditable)
      const problems = await valueProblems(tx, j.c.projectId, fillIns, input.cells)
      if (problems.size) {
        const lang = requestLang(req)
        const list = [...problems.entries()]
        throw new ApiError(
          Code.INVALID,
          list.map(([a, t]) => ({ field: `cells.${a}`, key: V.invalid, message: t[lang] })),
          list[0]![1],
        )
      }
      const now = j.c.cells as Record<string, TabCellValue>
      if (j.c.version !== input.version && !unchangedSince(now, input.cells, input.base)) throw conflictOf(j, access)
      const cells = { ...now }
      for (const [a, value] of Object.entries(input.cells)) {
        if (value === null) delete cells[a]
        else cells[a] = value
      }
      // read back what the update and its version trigger wrote, not the cells just sent
      const [after] = await tx
        .update(tabContent)
        .set({ cells, updateTime: new Date(), updateBy: by })
        .where(eq(tabContent.tabContentId, j.c.tabContentId))
        .returning({ version: tabContent.version, updateTime: tabContent.updateTime, updateBy: tabContent.updateBy })
      return contentOut({ ...j, c: { ...j.c, ...after!, cells } }, access)
    })
    // the content as saved (what the caller may view), not the layout again: a sheet's layout can be megabytes
    return ok<TabContentRow>(req, saved, TAB_TEXT.contentSaved)
  })

  app.post(API.submit, { config: { auth: 'signed', perm: perm(MENU, 'submit') } }, async (req) => {
    const input = parse(tabContentSubmit, req.body, req)
    const auth = req.auth!
    const subjects = await subjectsOf(ctx.db, auth)
    await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const j = await contentFor(ctx, tx, auth, input.tabContentId, true)
      const access = await accessReader(tx, subjects)(j.c)
      if (j.c.status === 'submitted') throw new ApiError(Code.REFUSED, null, TAB_TEXT.alreadySubmitted)
      if (j.c.version !== input.version) throw conflictOf(j, access)
      const missing = missingRequired(await fillInsOf(j.c.tabVersionId, tx), j.c.cells as Record<string, TabCellValue>)
      if (missing.length) throw cellsRefusal(req, Code.INVALID, missing, TAB_TEXT.required)
      // the template's workflow model starts with this submit (one transaction: a start refused refuses the submit)
      const [t] = await tx
        .select({ wfModelKey: tabTemplate.wfModelKey })
        .from(tabTemplate)
        .where(eq(tabTemplate.tabTemplateId, j.c.tabTemplateId))
      const started = t?.wfModelKey
        ? await startProcess(ctx, req, {
            modelKey: t.wfModelKey,
            businessKey: `tabContent:${j.c.tabContentId}`,
            title: `${j.templateName} ${j.c.contentDate}`,
          })
        : null
      const now = new Date()
      await tx
        .update(tabContent)
        .set({
          status: 'submitted',
          submitTime: now,
          updateTime: now,
          updateBy: auth.account.accountId,
          workflowInstanceId: started?.instanceId ?? null,
        })
        .where(eq(tabContent.tabContentId, j.c.tabContentId))
    })
    return ok<TabContentOpen>(req, await openContent(ctx, auth, input.tabContentId), TAB_TEXT.contentSubmitted)
  })
}

/** A content as the caller may see it: its row, the version's layout and the cells it may edit now. */
export async function openContent(ctx: Ctx, auth: AuthContext, tabContentId: string): Promise<TabContentOpen> {
  const j = await contentFor(ctx, ctx.db, auth, tabContentId)
  const access = await accessReader(ctx.db, await subjectsOf(ctx.db, auth))(j.c)
  const [v] = await ctx.db
    .select({ sheet: tabTemplateVersion.sheet })
    .from(tabTemplateVersion)
    .where(eq(tabTemplateVersion.tabVersionId, j.c.tabVersionId))
  const sheet = v!.sheet as TabSheet
  return {
    content: contentOut(j, access),
    sheet: visibleSheet(sheet, access),
    editable: Object.keys(sheet.fillIns).filter((a) => access.canEdit(a)),
  }
}
