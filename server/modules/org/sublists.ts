/** The four lists of a unit saved as a whole: listing and co-office institutions, contacts, qualifications (with scans). */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { orgContactFull, orgCoworkFull, orgListingFull, orgQualificationFull } from '../../../src/contract/schemas/org'
import type { Ctx } from '../../context'
import { orgContact, orgCowork, orgListing, orgQualification } from '../../db/schema'
import { requireFiles, SCAN, withFileUrls } from '../files'
import { registerFullList } from './fullList'

type Row = Record<string, unknown>
const SCAN_FIELDS = ['frontFileId', 'backFileId'] as const

/** Scans must be files the caller may see, uploaded as scans (another's file id is refused like a wrong value). */
const checkScans = (ctx: Ctx, req: FastifyRequest, list: Row[]) =>
  requireFiles(
    ctx,
    req,
    req.auth!,
    list.flatMap((q, i) =>
      SCAN_FIELDS.map((f) => ({ field: `items.${i}.${f}`, fileId: q[f] as string | null | undefined, purposes: SCAN })),
    ),
  )

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
    enrich: (req, rows) => withFileUrls(ctx, req.auth!, rows, SCAN_FIELDS, { mime: true }),
  })
}
