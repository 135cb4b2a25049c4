/** The four lists of a unit saved as a whole: listing and co-office institutions, contacts, qualifications (with scans). */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Code } from '../../../src/contract/codes'
import { orgContactFull, orgCoworkFull, orgListingFull, orgQualificationFull } from '../../../src/contract/schemas/org'
import type { Ctx } from '../../context'
import { orgContact, orgCowork, orgListing, orgQualification } from '../../db/schema'
import { ApiError, requestLang } from '../../lib/http'
import { validationText } from '../../../src/contract/rules'
import { fileUrls, visibleFiles } from '../files/store'
import { registerFullList } from './fullList'

type Row = Record<string, unknown>
const SCAN_FIELDS = ['frontFileId', 'backFileId'] as const

/** Scans must be files the caller may see (an id of someone else's file is refused like a wrong value). */
async function checkScans(ctx: Ctx, req: FastifyRequest, list: Row[]) {
  const wanted = list.flatMap((q) => SCAN_FIELDS.map((f) => q[f])).filter((v): v is string => typeof v === 'string')
  if (wanted.length === 0) return
  const seen = new Set((await visibleFiles(ctx, wanted, req.auth!)).map((f) => f.fileId))
  const lang = requestLang(req)
  const errors = list.flatMap((q, i) =>
    SCAN_FIELDS.filter((f) => typeof q[f] === 'string' && !seen.has(q[f] as string)).map((f) => ({ field: `items.${i}.${f}`, key: 'v.invalid', message: validationText('v.invalid', lang) })),
  )
  if (errors.length) throw new ApiError(Code.INVALID, errors)
}

async function withScanUrls(ctx: Ctx, req: FastifyRequest, rows: Row[]): Promise<Row[]> {
  const urls = await fileUrls(ctx, rows.flatMap((r) => SCAN_FIELDS.map((f) => r[f] as string | null)), req.auth!)
  return rows.map((r) => {
    const front = r.frontFileId ? urls.get(r.frontFileId as string) : undefined
    const back = r.backFileId ? urls.get(r.backFileId as string) : undefined
    return { ...r, frontUrl: front?.url ?? null, frontMime: front?.mime ?? null, backUrl: back?.url ?? null, backMime: back?.mime ?? null }
  })
}

export function registerSublistRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerFullList(app, ctx, { name: 'orgListing', table: orgListing, idField: 'orgListingId', fullSchema: orgListingFull, fn: 'edit' })
  registerFullList(app, ctx, { name: 'orgCowork', table: orgCowork, idField: 'orgCoworkId', fullSchema: orgCoworkFull, fn: 'edit' })
  registerFullList(app, ctx, { name: 'orgContact', table: orgContact, idField: 'orgContactId', fullSchema: orgContactFull, fn: 'edit' })
  registerFullList(app, ctx, {
    name: 'orgQualification',
    table: orgQualification,
    idField: 'orgQualificationId',
    fullSchema: orgQualificationFull,
    fn: 'qualification',
    check: (req, list) => checkScans(ctx, req, list),
    enrich: (req, rows) => withScanUrls(ctx, req, rows),
  })
}
