/**
 * Templates in and out of Excel (/admin/table-manage):
 *
 *   POST tabulation/import?tabGroupId&name&code[&description]   multipart `file`: the .xlsx as a new draft (20001 on `file` for a bad workbook)
 *   GET  tabulation/export?tabTemplateId[&versionNo]            the draft (or that version) as .xlsx
 *   GET  tabulationApi/export?tabContentId                      a content: the version's layout and its values, only what the caller may view
 */
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { perm } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import { V } from '../../../src/contract/rules'
import { TABULATION_API, tabContentIdQuery, tabExportQuery, tabImportQuery, type TabSheet } from '../../../src/contract/schemas/tabulation'
import type { Ctx } from '../../context'
import { tabTemplateVersion } from '../../db/schema'
import { ApiError, ok, parse, requestLang } from '../../lib/http'
import { receiveUpload, sendXlsx } from '../files'
import { openContent } from './contents'
import { insertTemplate, MENU, templateById, templateOut } from './templates'
import { answerInTransaction } from '../../plugins/idempotency'
import { TAB_TEXT } from './texts'
import { sheetFromXlsx, xlsxFromSheet } from './xlsx'

export function registerIoRoutes(app: FastifyInstance, ctx: Ctx): void {
  const API = TABULATION_API

  // No transaction while the workbook streams in and is read; then the template and the answer are one.
  const importConfig = { auth: 'signed' as const, perm: perm(MENU, 'import'), ownTransactions: true }
  app.post(API.template.import, { config: importConfig }, async (req, reply) => {
    const q = parse(tabImportQuery, req.query, req)
    const file = await receiveUpload(req, () => 'import')
    const sheet = await sheetFromXlsx(file.bytes, ctx.config.imports.maxBytes)
    if ('zh' in sheet) throw new ApiError(Code.INVALID, [{ field: 'file', key: V.invalid, message: sheet[requestLang(req)] }], sheet)
    return answerInTransaction(ctx, req, reply, async () => {
      const row = await insertTemplate(ctx.db, req, { ...q, sheet }, req.auth!.account.accountId)
      return ok(req, templateOut(row), TAB_TEXT.templateSaved)
    })
  })

  app.get(API.template.export, { config: { auth: 'signed', perm: perm(MENU, 'export') } }, async (req, reply) => {
    const q = parse(tabExportQuery, req.query, req)
    const t = await templateById(ctx.db, q.tabTemplateId)
    let sheet = t.sheet as TabSheet
    if (q.versionNo !== undefined) {
      const [v] = await ctx.db
        .select({ sheet: tabTemplateVersion.sheet })
        .from(tabTemplateVersion)
        .where(and(eq(tabTemplateVersion.tabTemplateId, t.tabTemplateId), eq(tabTemplateVersion.versionNo, q.versionNo)))
      if (!v) throw new ApiError(Code.NOT_FOUND, { field: 'versionNo' }, TAB_TEXT.versionGone)
      sheet = v.sheet as TabSheet
    }
    const bytes = await xlsxFromSheet(sheet, t.name)
    return sendXlsx(reply, bytes, `${t.name}${q.versionNo ? `_V${q.versionNo}` : ''}.xlsx`)
  })

  app.get(API.content.export, { config: { auth: 'signed', perm: perm(MENU) } }, async (req, reply) => {
    const { tabContentId } = parse(tabContentIdQuery, req.query, req)
    const open = await openContent(ctx, req.auth!, tabContentId)
    const bytes = await xlsxFromSheet(open.sheet, open.content.templateName, open.content.cells)
    return sendXlsx(reply, bytes, `${open.content.templateName}_${open.content.contentDate}.xlsx`)
  })
}
