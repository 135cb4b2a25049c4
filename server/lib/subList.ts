/**
 * A list owned by one record and saved as a whole: a unit's listings, co-office institutions,
 * contacts and qualifications (org/fullList.ts), a person's education, certificates, jobs and
 * projects (people/subrecords.ts). One declaration gives
 *   GET  <name>/list?<owner field>          the owner's items in their order
 *   POST <name>/<owner.savePath>            { <owner field>, items } replaces the owner's items in
 *                                           one transaction (all or nothing; repeats are refused by
 *                                           the contract's schema with `v.repeat:<item>`)
 *   POST|DELETE <name>/delete               form ids=a,b
 * Data scope comes from the owner (an owner or item out of reach → 20002). Items keep the ids they
 * are sent with (and their creation stamp), so references to them survive a save; ids of another
 * owner's items are not taken over.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, asc, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import { perm, type FnOf, type MenuPath } from '../../src/contract/catalogue'
import { Code } from '../../src/contract/codes'
import { newId } from '../../src/contract/ids'
import { deleteBody } from '../../src/contract/schemas/common'
import type { Ctx } from '../context'
import type { Db } from '../db/client'
import { ApiError, ok, parse } from './http'
import { visibleOrgIds } from './orgScope'

type Row = Record<string, unknown>

/** Who owns the items, and how the caller's data scope (the units they see, null: all) reaches them. */
export interface SubListOwner {
  /** Column of the items' tables, and field of the list query and of the save payload. */
  field: string
  /** Path segment of the whole-list save, e.g. `addFullByOrgId`. */
  savePath: string
  /** The list query `{ <field> }` (contract). */
  query: z.ZodType
  /** The owner exists and lies within `visible`, else 20002. */
  requireVisible: (db: Db, ownerId: string, visible: string[] | null) => Promise<void>
  /** Condition on the items' owner column: owners within `visible` (`db`: the transaction it runs in). */
  scope: (db: Db, ownerCol: AnyPgColumn, visible: string[] | null) => SQL | undefined
}

export interface SubListDef<M extends MenuPath = MenuPath> {
  /** Path segment: `orgContact` → /api/admin/v1/orgContact/... */
  name: string
  table: PgTable
  /** Item id field, also the table property of the primary key. */
  idField: string
  owner: SubListOwner
  /** `{ <owner field>, items }` with the item schema and the no-repeat refinement (contract). */
  fullSchema: z.ZodType
  /** Menu action of every call, function action of the changes. */
  menu: M
  fn: FnOf<M>
  /** Checks of the items that need the database, before the transaction (e.g. file ids, the owner's stored items). */
  check?: (req: FastifyRequest, items: Row[], ownerId: string) => Promise<void>
  /** Adds derived fields to answered rows (outside transactions), e.g. file URLs. */
  enrich?: (req: FastifyRequest, rows: Row[]) => Promise<Row[]>
}

type Stored = Pick<SubListDef, 'table' | 'idField' | 'owner'>

const columnsOf = (def: Stored) => {
  const columns = getTableColumns(def.table) as Record<string, AnyPgColumn>
  return { columns, id: columns[def.idField]!, owner: columns[def.owner.field]!, sort: columns.sort! }
}

/** Replaces an owner's items inside a transaction (also used by flows that save items on the owner's behalf). */
export async function replaceSubList(tx: Db, def: Stored, ownerId: string, items: Row[], by: string, now = new Date()): Promise<void> {
  const col = columnsOf(def)
  const before = new Map(
    ((await tx.select().from(def.table).where(eq(col.owner, ownerId))) as Row[]).map((r) => [String(r[def.idField]), r]),
  )
  await tx.delete(def.table).where(eq(col.owner, ownerId))
  if (items.length === 0) return
  const values = items.map((item, i) => {
    const kept = typeof item[def.idField] === 'string' ? before.get(item[def.idField] as string) : undefined
    const v: Row = { [def.idField]: kept ? kept[def.idField] : newId() }
    for (const k of Object.keys(item)) if (k in col.columns && k !== def.idField) v[k] = item[k]
    return Object.assign(v, {
      [def.owner.field]: ownerId,
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

export function registerSubList<M extends MenuPath>(app: FastifyInstance, ctx: Ctx, def: SubListDef<M>): void {
  const col = columnsOf(def)
  const base = `/api/admin/v1/${def.name}`
  const read = { auth: 'signed' as const, perm: perm(def.menu) }
  const write = { auth: 'signed' as const, perm: perm(def.menu, def.fn) }

  const answer = async (req: FastifyRequest, ownerId: string) => {
    const rows = (await ctx.db.select().from(def.table).where(eq(col.owner, ownerId)).orderBy(asc(col.sort), asc(col.id))) as Row[]
    return ok(req, def.enrich ? await def.enrich(req, rows) : rows)
  }
  const visibleOwner = async (req: FastifyRequest, ownerId: string) =>
    def.owner.requireVisible(ctx.db, ownerId, await visibleOrgIds(ctx, req))

  app.get(`${base}/list`, { config: read }, async (req) => {
    const ownerId = (parse(def.owner.query, req.query, req) as Row)[def.owner.field] as string
    await visibleOwner(req, ownerId)
    return answer(req, ownerId)
  })

  app.post(`${base}/${def.owner.savePath}`, { config: write }, async (req) => {
    const input = parse(def.fullSchema, req.body, req) as Row & { items: Row[] }
    const ownerId = input[def.owner.field] as string
    await visibleOwner(req, ownerId)
    await def.check?.(req, input.items, ownerId)
    const by = req.auth!.account.accountId
    const now = new Date()
    await ctx.db.transaction(async (txRaw) => replaceSubList(txRaw as unknown as Db, def, ownerId, input.items, by, now))
    return answer(req, ownerId)
  })

  const remove = async (req: FastifyRequest) => {
    const body = req.body && typeof req.body === 'object' && 'ids' in req.body ? req.body : { ids: (req.query as Row | undefined)?.ids }
    const { ids } = parse(deleteBody, body, req)
    const unique = [...new Set(ids)]
    const visible = await visibleOrgIds(ctx, req)
    await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const rows = await tx
        .select({ id: col.id })
        .from(def.table)
        .where(and(inArray(col.id, unique), def.owner.scope(tx, col.owner, visible)))
      if (rows.length !== unique.length)
        throw new ApiError(
          Code.NOT_FOUND,
          unique.filter((i) => !rows.some((r) => r.id === i)),
        )
      await tx.delete(def.table).where(inArray(col.id, unique))
    })
    return ok(req, { deleted: unique.length })
  }
  app.post(`${base}/delete`, { config: write }, remove)
  app.delete(`${base}/delete`, { config: write }, remove)
}
