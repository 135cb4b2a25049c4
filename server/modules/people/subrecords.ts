/**
 * A person's education, certificates, project experience and career resume (`userEducation`,
 * `userCertificate`, `userJob`, `userProject`), each:
 *   GET  list?userId                       the person's records, photo URLs embedded
 *   POST addFullByUserId { userId, items } replaces the person's records in one transaction
 *   POST|DELETE delete  form ids=a,b
 * Scoped by the person's organisation (another organisation's person or record → 20002).
 * Items keep the ids they are sent with (ids of another person's records are not taken over).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, asc, eq, getTableColumns, inArray } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import { Code } from '../../../src/contract/codes'
import { newId } from '../../../src/contract/ids'
import { deleteBody } from '../../../src/contract/schemas/common'
import { certificateFull, educationFull, jobFull, PEOPLE_FNS, projectFull, userIdQuery } from '../../../src/contract/schemas/people'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { person, personCertificate, personEducation, personJob, personProject } from '../../db/schema'
import { ApiError, ok, parse } from '../../lib/http'
import { ORG_MENU, inScope, visibleOrgIds } from '../org/scope'
import { PHOTO, requireFiles, withFileUrls } from './files'

type Row = Record<string, unknown>

export interface SubRecordDef<S extends z.ZodType> {
  /** Path segment, e.g. `userEducation`. */
  name: string
  table: PgTable
  idField: string
  /** `{ userId, items }` (contract). */
  fullSchema: S
  /** `<x>FileId` fields holding photos (purpose photo or scan); answers add `<x>Url`. */
  fileFields?: readonly string[]
}

/** Saves a person's records as a whole inside a transaction (shared with the profile invitation). */
export async function replaceSubRecords(
  tx: Db,
  def: Pick<SubRecordDef<z.ZodType>, 'table' | 'idField'>,
  userId: string,
  items: Row[],
  by: string,
  now = new Date(),
): Promise<void> {
  const columns = getTableColumns(def.table) as Record<string, AnyPgColumn>
  const userCol = columns.userId!
  const before = new Map(((await tx.select().from(def.table).where(eq(userCol, userId))) as Row[]).map((r) => [String(r[def.idField]), r]))
  await tx.delete(def.table).where(eq(userCol, userId))
  if (items.length === 0) return
  const values = items.map((item, i) => {
    const kept = typeof item[def.idField] === 'string' ? before.get(item[def.idField] as string) : undefined
    const v: Row = { [def.idField]: kept ? kept[def.idField] : newId() }
    for (const k of Object.keys(item)) if (k in columns && k !== def.idField) v[k] = item[k]
    return Object.assign(v, {
      userId,
      sort: i + 1,
      version: kept ? Number(kept.version) + 1 : 0,
      createTime: kept ? kept.createTime : now,
      createBy: kept ? kept.createBy : by,
      updateTime: now,
      updateBy: by,
    })
  })
  await tx.insert(def.table).values(values as never)
}

export function registerSubRecords<S extends z.ZodType>(app: FastifyInstance, ctx: Ctx, def: SubRecordDef<S>): void {
  const columns = getTableColumns(def.table) as Record<string, AnyPgColumn>
  const idCol = columns[def.idField]!
  const userCol = columns.userId!
  const sortCol = columns.sort!
  const base = `/api/admin/v1/${def.name}`
  const read = { auth: 'signed' as const, perm: { menu: ORG_MENU } }
  const write = { auth: 'signed' as const, perm: { menu: ORG_MENU, fn: PEOPLE_FNS.edit } }
  const fileFields = def.fileFields ?? []

  const listOf = async (userId: string) => (await ctx.db.select().from(def.table).where(eq(userCol, userId)).orderBy(asc(sortCol), asc(idCol))) as Row[]
  const answer = async (req: FastifyRequest, userId: string) => withFileUrls(ctx, req.auth!, await listOf(userId), fileFields)

  /** The person exists and is in the caller's scope (else 20002). */
  async function visiblePerson(req: FastifyRequest, userId: string): Promise<void> {
    const ids = await visibleOrgIds(ctx, req)
    const [p] = await ctx.db
      .select({ id: person.userId })
      .from(person)
      .where(and(eq(person.userId, userId), inScope(person.organizationId, ids)))
    if (!p) throw new ApiError(Code.NOT_FOUND)
  }

  app.get(`${base}/list`, { config: read }, async (req) => {
    const q = parse(userIdQuery, req.query, req)
    await visiblePerson(req, q.userId)
    return ok(req, await answer(req, q.userId))
  })

  app.post(`${base}/addFullByUserId`, { config: write }, async (req) => {
    const input = parse(def.fullSchema, req.body, req) as { userId: string; items: Row[] }
    await visiblePerson(req, input.userId)
    await requireFiles(
      ctx,
      req,
      req.auth!,
      input.items.flatMap((item, i) => fileFields.map((f) => ({ field: `items.${i}.${f}`, fileId: item[f] as string | undefined, purposes: PHOTO }))),
    )
    const by = req.auth!.account.accountId
    await ctx.db.transaction(async (txRaw) => replaceSubRecords(txRaw as unknown as Db, def, input.userId, input.items, by))
    return ok(req, await answer(req, input.userId))
  })

  const remove = async (req: FastifyRequest) => {
    const body = req.body && typeof req.body === 'object' && 'ids' in req.body ? req.body : { ids: (req.query as Row | undefined)?.ids }
    const { ids } = parse(deleteBody, body, req)
    const unique = [...new Set(ids)]
    const visible = await visibleOrgIds(ctx, req)
    await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const rows = await tx
        .select({ id: idCol })
        .from(def.table)
        .innerJoin(person, eq(person.userId, userCol))
        .where(and(inArray(idCol, unique), inScope(person.organizationId, visible)))
      if (rows.length !== unique.length) throw new ApiError(Code.NOT_FOUND, unique.filter((i) => !rows.some((r) => r.id === i)))
      await tx.delete(def.table).where(inArray(idCol, unique))
    })
    return ok(req, { deleted: unique.length })
  }
  app.post(`${base}/delete`, { config: write }, remove)
  app.delete(`${base}/delete`, { config: write }, remove)
}

/** The four kinds of a person's sub-records. */
export const SUB_RECORDS = {
  education: { name: 'userEducation', table: personEducation, idField: 'educationId', fullSchema: educationFull, fileFields: ['graduationPhotoFileId', 'degreePhotoFileId'] },
  certificate: { name: 'userCertificate', table: personCertificate, idField: 'certificateId', fullSchema: certificateFull, fileFields: ['frontPhotoFileId', 'backPhotoFileId'] },
  job: { name: 'userJob', table: personJob, idField: 'jobId', fullSchema: jobFull },
  project: { name: 'userProject', table: personProject, idField: 'projectId', fullSchema: projectFull },
} as const
