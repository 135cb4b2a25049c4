/**
 * A list owned by a unit and saved as a whole (SPEC §7 orgCowork / orgListing / orgContact /
 * orgQualification): `list?organizationId`, `delete` (form ids), `addFullByOrgId` replacing the
 * unit's list in one transaction (all or nothing; repeated items are refused by the contract's
 * schema with `v.repeat:<item>`). Items keep the ids they are sent with (and their creation stamp),
 * so references to them survive a save.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, asc, eq, getTableColumns, inArray } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import { Code } from '../../../src/contract/codes'
import { newId } from '../../../src/contract/ids'
import { deleteBody } from '../../../src/contract/schemas/common'
import { sublistQuery, type OrgSublist } from '../../../src/contract/schemas/org'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { organization } from '../../db/schema'
import { ApiError, ok, parse } from '../../lib/http'
import { ORG_MENU, inScope, requireVisible, visibleOrgIds } from './scope'

type Row = Record<string, unknown>

export interface FullListDef<S extends z.ZodType> {
  name: OrgSublist
  table: PgTable
  idField: string
  /** `{ organizationId, items }` with the item schema and the no-repeat refinement. */
  fullSchema: S
  /** Function action of the changes on /admin/organization. */
  fn: string
  /** Checks of the payload that need the database, before the transaction (e.g. file ids). */
  check?: (req: FastifyRequest, list: Row[]) => Promise<void>
  /** Adds derived fields to answered rows (outside transactions), e.g. file URLs. */
  enrich?: (req: FastifyRequest, rows: Row[]) => Promise<Row[]>
}

export function registerFullList<S extends z.ZodType>(app: FastifyInstance, ctx: Ctx, def: FullListDef<S>): void {
  const columns = getTableColumns(def.table) as Record<string, AnyPgColumn>
  const idCol = columns[def.idField]!
  const orgCol = columns.organizationId!
  const sortCol = columns.sort!
  const base = `/api/admin/v1/${def.name}`
  const read = { auth: 'signed' as const, perm: { menu: ORG_MENU } }
  const write = { auth: 'signed' as const, perm: { menu: ORG_MENU, fn: def.fn } }

  const listOf = async (db: Db, organizationId: string) => (await db.select().from(def.table).where(eq(orgCol, organizationId)).orderBy(asc(sortCol), asc(idCol))) as Row[]
  const answer = async (req: FastifyRequest, rows: Row[]) => (def.enrich ? def.enrich(req, rows) : rows)

  /** The unit exists and the caller sees it (else 20002). */
  async function visibleUnit(req: FastifyRequest, organizationId: string) {
    const ids = await visibleOrgIds(ctx, req)
    requireVisible(ids, [organizationId])
    const [unit] = await ctx.db.select({ id: organization.organizationId }).from(organization).where(eq(organization.organizationId, organizationId))
    if (!unit) throw new ApiError(Code.NOT_FOUND)
    return ids
  }

  app.get(`${base}/list`, { config: read }, async (req) => {
    const q = parse(sublistQuery, req.query, req)
    await visibleUnit(req, q.organizationId)
    return ok(req, await answer(req, await listOf(ctx.db, q.organizationId)))
  })

  const remove = async (req: FastifyRequest) => {
    const body = req.body && typeof req.body === 'object' && 'ids' in req.body ? req.body : { ids: (req.query as Row | undefined)?.ids }
    const { ids } = parse(deleteBody, body, req)
    const unique = [...new Set(ids)]
    const scope = inScope(orgCol, await visibleOrgIds(ctx, req))
    await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const rows = await tx.select({ id: idCol }).from(def.table).where(and(inArray(idCol, unique), scope))
      if (rows.length !== unique.length) throw new ApiError(Code.NOT_FOUND, unique.filter((i) => !rows.some((r) => r.id === i)))
      await tx.delete(def.table).where(inArray(idCol, unique))
    })
    return ok(req, { deleted: unique.length })
  }
  app.post(`${base}/delete`, { config: write }, remove)
  app.delete(`${base}/delete`, { config: write }, remove)

  app.post(`${base}/addFullByOrgId`, { config: write }, async (req) => {
    const input = parse(def.fullSchema, req.body, req) as { organizationId: string; items: Row[] }
    await visibleUnit(req, input.organizationId)
    await def.check?.(req, input.items)
    const auth = req.auth!
    const now = new Date()
    const itemKeys = (item: Row) => Object.keys(item).filter((k) => k in columns && k !== def.idField)
    await ctx.db
      .transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db
        const before = new Map((await listOf(tx, input.organizationId)).map((r) => [String(r[def.idField]), r]))
        await tx.delete(def.table).where(eq(orgCol, input.organizationId))
        if (input.items.length === 0) return
        const values = input.items.map((item, i) => {
          const keep = typeof item[def.idField] === 'string' ? before.get(item[def.idField] as string) : undefined
          const v: Row = { [def.idField]: keep ? keep[def.idField] : newId() }
          for (const k of itemKeys(item)) v[k] = item[k]
          return Object.assign(v, {
            organizationId: input.organizationId,
            sort: i + 1,
            version: keep ? Number(keep.version) + 1 : 0,
            createTime: keep ? keep.createTime : now,
            createBy: keep ? keep.createBy : auth.account.accountId,
            updateTime: now,
            updateBy: auth.account.accountId,
          })
        })
        await tx.insert(def.table).values(values as never)
      })
    return ok(req, await answer(req, await listOf(ctx.db, input.organizationId)))
  })
}
