/**
 * The resource pattern (SPEC §7 "Generic list page"): one declaration gives
 *   GET  <base>/<name>/listPage   paging, sorting, filters → { records, total, pageIndex, pageSize }
 *   GET  <base>/<name>/list       the same filters, unpaged
 *   POST <base>/<name>/add        the client may supply the id
 *   PUT  <base>/<name>/update     `version` check → 20008 with the current record
 *   POST|DELETE <base>/<name>/delete   form data `ids=a,b`, all-or-nothing
 * with validation (20001), function permission (20003), data scope (20002), unique names (20006),
 * Idempotency-Key and the operation log (both in the gate).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, asc, count, desc, eq, getTableColumns, getTableName, gt, inArray, lt, ne, or, sql, Subquery, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import { perm, type FnOf, type MenuPath } from '../../src/contract/catalogue'
import { Code } from '../../src/contract/codes'
import type { Page } from '../../src/contract/envelope'
import { newId } from '../../src/contract/ids'
import { resourcePaths } from '../../src/contract/paths'
import { deleteBody } from '../../src/contract/schemas/common'
import type { Ctx } from '../context'
import type { Db } from '../db/client'
import { V } from '../../src/contract/rules'
import { ApiError, invalidField, ok, parse, requestLang, type Text } from './http'
import { scopeOrgIds } from './permissions'
import { projectWhere, requireProjects, visibleProjectIds } from './projectScope'
import type { AuthContext } from '../types'
import { inScope } from './orgScope'
import texts from './texts.json'
import { headOf, runHead, type Head } from './builtHead'
import { jsonPlan } from './jsonRows'
import { rowsOf } from './sql'

type Row = Record<string, unknown>

/** The name of a write's row in the statement that writes and reads it back (see select). */
const WRITTEN = 'written_row'

/** Up to this many matching rows a list page counts exactly; above it, `totalCapped` says there are more. */
export const COUNT_CAP = 5000

/**
 * The rows of `table` matching `where`, counted up to COUNT_CAP + 1 (an index walk of at most that
 * many entries): a count above COUNT_CAP says only that there are more.
 */
export async function cappedCount(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('capped')
  const [c] = await db.select({ n: count() }).from(capped)
  return Number(c?.n ?? 0)
}

export type CappedTotal = { total: number; totalCapped?: true }

/** A page's total from `cappedCount`'s `n`: exact up to COUNT_CAP; above, the cap (or the `seen` rows up to the page) and `totalCapped`. */
export const cappedTotal = (n: number, seen: number): CappedTotal =>
  n <= COUNT_CAP ? { total: n } : { total: Math.max(COUNT_CAP, seen), totalCapped: true }

/** The columns of a record's stamps (db/schema/columns.ts `stamped`) as an answer shows them: its version, who changed it when. */
export const stampsOf = <T extends Record<'version' | 'createTime' | 'updateTime' | 'createBy' | 'updateBy', AnyPgColumn>>(t: T) => ({
  version: t.version,
  createTime: t.createTime,
  updateTime: t.updateTime,
  createBy: t.createBy,
  updateBy: t.updateBy,
})

/** Pages longer than this are read as one JSON text when their fields allow (lib/jsonRows.ts). */
const JSON_ROWS_FROM = 100

/** A cursor of cursorOf: [sort value, id]; anything else is 20001 on `cursor`. */
function decodeCursor(cursor: string, req: FastifyRequest): [unknown, unknown] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown
    if (Array.isArray(v) && v.length === 2 && v[0] !== null && typeof v[1] === 'string') return v as [unknown, unknown]
  } catch {
    /* below */
  }
  throw invalidField('cursor', V.invalid, requestLang(req))
}

export interface UniqueRule {
  /** Payload field (= table property). */
  field: string
  /** Compare lower-cased. */
  caseInsensitive?: boolean
  /** Other payload fields that must also match for a clash (e.g. unique within an application). */
  within?: string[]
  message?: Text
}

export interface WriteContext {
  tx: Db
  auth: AuthContext
  now: Date
}

export interface ResourceDef<A extends z.ZodType, U extends z.ZodType, L extends z.ZodType, M extends MenuPath = MenuPath> {
  /** Path segment: `role` → /api/admin/v1/role/... */
  name: string
  base?: string
  table: PgTable
  /** Payload/DTO id field, also the table property of the primary key. */
  idField: string
  /** Menu of the permission (catalogue), e.g. `/admin/role-manage`. */
  menu: M
  /** Function actions of the mutations, that menu's (default add, edit, delete). */
  fns?: { add?: FnOf<M>; update?: FnOf<M>; delete?: FnOf<M> }
  /** Table property holding the owning organisation: lists and calls are filtered by data scope. */
  scopeField?: string
  /**
   * The organisation a payload belongs to, when it is not the caller's own (a sub-record's
   * `organizationId`, a unit's `parentId`): it must lie within the caller's data scope on add, and
   * on update when it changes (else 20002); the scope column is then written from the payload
   * instead of being set to the caller's organisation. Reads may go through `w.tx`.
   */
  scopeOwner?: (input: Row, w: WriteContext) => Promise<string | null | undefined> | string | null | undefined
  /**
   * Table property (= payload field) holding the record's project (DESIGN §3 "Project scope"): lists
   * and calls are limited to the caller's projects (server/lib/projectScope.ts); an add or an update
   * naming another project is 20002 on this field; a list query's `projectId` lists that project's
   * records only. The `project` table itself names its id.
   */
  projectField?: string
  /**
   * The project of a payload that does not name it (e.g. a department's, through its organisation):
   * on add, and on update when `field` changes, it must be one of the caller's (20002 on `field`).
   * `onAdd` then writes the project column. Reads go through `w.tx`.
   */
  projectOf?: { field: string; get: (input: Row, w: WriteContext) => Promise<string | null | undefined> }
  schemas: { add: A; update: U; listQuery: L }
  /** The list's conditions from its query; `auth` is the caller (its current application, its account). */
  filters?: (q: z.infer<L>, auth: AuthContext) => (SQL | undefined)[]
  /** Sortable DTO fields → columns; the first is the default. */
  sortable: Record<string, AnyPgColumn>
  defaultDesc?: boolean
  unique?: UniqueRule[]
  /** Columns answered (default: every column of the table). */
  selection?: Record<string, AnyPgColumn | SQL.Aliased>
  /**
   * Narrower list answers, by the list query's `view` (its schema names the values): only these
   * columns. A cursor is answered only when the row holds the sort column.
   */
  views?: Record<string, Record<string, AnyPgColumn | SQL.Aliased>>
  join?: <T extends PgSelect>(q: T) => T
  /**
   * The filters and sort columns name the table's own columns only (subqueries aside): a page is then
   * chosen on the table alone and only its rows are joined (`join`), instead of joining every
   * matching row before sorting.
   */
  pageOnTable?: boolean
  /**
   * Batch enrichment of the answered rows (e.g. child lists, masked values, file URLs). Runs outside
   * transactions (after a write has committed), on every answer including a 20008's current record.
   */
  enrich?: (db: Db, rows: Row[], auth: AuthContext) => Promise<Row[]>
  /** Checks of a payload that need the database outside the transaction (e.g. file ids), before add and update. */
  check?: (input: Row, req: FastifyRequest) => Promise<void>
  /** Fields an update may leave out to keep their stored values (instead of clearing them). */
  keep?: string[]
  /** Extra values on add (after the payload's columns). */
  onAdd?: (values: Row, input: z.infer<A>, w: WriteContext) => Promise<void> | void
  /** Before an add or update is written, in its transaction (checks that need the database); `current` is null on add. */
  beforeWrite?: (input: z.infer<A> | z.infer<U>, current: Row | null, w: WriteContext) => void | Promise<void>
  /** Values the gateway derives from the input, written on add and update (copied from another record: a dictionary entry's name). */
  derive?: (input: z.infer<A> | z.infer<U>, w: WriteContext) => Promise<Row>
  /** After an add or update, in the same transaction (e.g. child rows). */
  afterWrite?: (id: string, input: z.infer<A> | z.infer<U>, w: WriteContext) => Promise<void>
  /** Before deleting, in the same transaction; may refuse by throwing. */
  beforeDelete?: (ids: string[], rows: Row[], w: WriteContext) => Promise<void>
  /** Disable some of the five calls. */
  without?: ('listPage' | 'list' | 'add' | 'update' | 'delete')[]
}

const PG_UNIQUE = '23505'
const PG_FOREIGN_KEY = '23503'
function hasPgCode(err: unknown, code: string): boolean {
  let e: unknown = err
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    if ((e as { code?: unknown }).code === code) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}
export const isUniqueViolation = (err: unknown) => hasPgCode(err, PG_UNIQUE)
/** An add or update naming a row that does not exist (a parent, an owner…): that id is not found. */
export const isForeignKeyViolation = (err: unknown) => hasPgCode(err, PG_FOREIGN_KEY)

/** A delete refused by a foreign key: other records still refer to the row. */
export const STILL_REFERENCED = texts.resource.stillReferenced

export function defineResource<A extends z.ZodType, U extends z.ZodType, L extends z.ZodType, M extends MenuPath>(
  def: ResourceDef<A, U, L, M>,
) {
  return def
}

function shapeKeys(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape
  return shape ? Object.keys(shape) : []
}

/** What registerResource gives back, for other calls on the same records (e.g. Excel import/export). */
export interface ResourceHandle<A extends z.ZodType, U extends z.ZodType, L extends z.ZodType, M extends MenuPath = MenuPath> {
  def: ResourceDef<A, U, L, M>
  /** The add call's write for an already validated payload, inside the caller's transaction (`w.tx`). */
  insert(w: WriteContext, input: z.infer<A>): Promise<Row | null>
  /** The list call's rows (filters, data scope of `auth.grant`, order), at most `limit`. Outside transactions. */
  list(auth: AuthContext, q: z.infer<L>, limit: number): Promise<Row[]>
}

/** A resource of a project (`projectField`), as the ownership tests walk them. */
export interface ProjectResource {
  name: string
  idField: string
  menu: MenuPath
  paths: ReturnType<typeof resourcePaths>
  calls: ('listPage' | 'list' | 'add' | 'update' | 'delete')[]
}
const projectResourcesOf = new WeakMap<FastifyInstance, ProjectResource[]>()
/** Every resource of a project an app registered (tests/api/project-ownership.test.ts walks each with another project's record). */
export const projectResources = (app: FastifyInstance): readonly ProjectResource[] => projectResourcesOf.get(app) ?? []

export function registerResource<A extends z.ZodType, U extends z.ZodType, L extends z.ZodType, M extends MenuPath>(
  app: FastifyInstance,
  ctx: Ctx,
  def: ResourceDef<A, U, L, M>,
): ResourceHandle<A, U, L, M> {
  const columns = getTableColumns(def.table) as Record<string, AnyPgColumn>
  const col = (field: string): AnyPgColumn => {
    const c = columns[field]
    if (!c) throw new Error(`${def.name}: no column ${field}`)
    return c
  }
  const tableName = getTableName(def.table)
  const idCol = col(def.idField)
  const versionCol = col('version')
  const scopeCol = def.scopeField ? col(def.scopeField) : null
  const projectCol = def.projectField ? col(def.projectField) : null
  /** The project of a payload is checked (not for the project table itself, whose new id nobody sees yet). */
  const projectOfPayload = !!def.projectField && def.projectField !== def.idField
  const paths = resourcePaths(def.name, def.base)
  // The defaults are checked against the catalogue when the route is registered (gate.ts).
  const fns = { add: 'add' as FnOf<M>, update: 'edit' as FnOf<M>, delete: 'delete' as FnOf<M>, ...def.fns }
  const without = new Set(def.without ?? [])
  if (def.projectField && def.projectField !== def.idField) {
    const calls = (['listPage', 'list', 'add', 'update', 'delete'] as const).filter((c) => !without.has(c))
    projectResourcesOf.set(app, [...projectResources(app), { name: def.name, idField: def.idField, menu: def.menu, paths, calls }])
  }
  const ownerFromPayload = !!def.scopeOwner
  const editable = (schema: z.ZodType) =>
    shapeKeys(schema).filter((k) => k !== def.idField && k !== 'version' && k in columns && (ownerFromPayload || k !== def.scopeField))

  const sortColumns = Object.entries(def.sortable)
  const defaultSort = sortColumns[0]?.[1] ?? idCol

  /** Organisation ids in the caller's scope (null: all), or null when the resource is not scoped. */
  async function scopeIds(auth: AuthContext): Promise<string[] | null> {
    if (!scopeCol) return null
    return scopeOrgIds(ctx, auth.account, auth.grant?.scope ?? 'own')
  }
  const whereOf = (ids: string[] | null): SQL | undefined => (scopeCol ? inScope(scopeCol, ids) : undefined)
  /** Project ids the caller sees (null: all, or the resource has no project). */
  async function projectIds(auth: AuthContext, db: Db = ctx.db): Promise<string[] | null> {
    return projectCol ? visibleProjectIds(ctx, auth, db) : null
  }
  const projectScope = async (auth: AuthContext): Promise<SQL | undefined> =>
    projectCol ? projectWhere(projectCol, await projectIds(auth)) : undefined
  async function scopeWhere(auth: AuthContext): Promise<SQL | undefined> {
    return and(whereOf(await scopeIds(auth)), await projectScope(auth))
  }
  /** `projectField`: the payload's project must be one of the caller's (20002 on that field). */
  async function checkProject(ids: string[] | null, input: Row, w: WriteContext): Promise<void> {
    if (def.projectOf) requireProjects(ids, [(await def.projectOf.get(input, w)) ?? ''], def.projectOf.field)
    else if (projectOfPayload) requireProjects(ids, [(input[def.projectField!] as string | undefined) ?? ''], def.projectField)
  }
  /** `scopeOwner`: the payload's organisation must be visible (20002 otherwise, as for any record one may not see). */
  async function checkOwner(ids: string[] | null, input: Row, w: WriteContext): Promise<void> {
    if (!def.scopeOwner || ids === null) return
    const owner = await def.scopeOwner(input, w)
    if (!owner || !ids.includes(owner)) throw new ApiError(Code.NOT_FOUND, { field: def.scopeField })
  }

  /** Each selection's head (lib/builtHead.ts), written on its first read; null where it binds values. */
  const heads = new Map<object, Head | null>()
  const headFor = (selection: object, q: PgSelect): Head | null => {
    if (!heads.has(selection)) heads.set(selection, headOf(q))
    return heads.get(selection)!
  }

  async function select(
    db: Db,
    where: SQL | undefined,
    order: SQL[],
    limit?: number,
    offset?: number,
    selection = def.selection ?? columns,
    written?: SQL,
  ): Promise<Row[]> {
    // a long page (the staff's 2,000, a whole list) as one JSON text when its fields allow (lib/jsonRows.ts)
    const plan = limit !== undefined && limit > JSON_ROWS_FROM && !written ? jsonPlan(selection) : null
    const fields = plan?.fields ?? selection
    // `written`: an insert or update returning the whole row, run as a CTE; this select reads that
    // row under the table's name (the statement's other references to the table, joins of it
    // under an alias and subqueries, see the table as it was before the write)
    let q = (
      written
        ? db
            .with(db.$with(WRITTEN, columns).as(written))
            .select(fields)
            .from(new Subquery(sql`select * from ${sql.identifier(WRITTEN)}`, columns, tableName))
        : db.select(fields).from(def.table)
    ).$dynamic()
    if (def.join) q = def.join(q)
    const read = async (query: typeof q): Promise<Row[]> => {
      if (!plan) return (await query) as Row[]
      const [answer] = await rowsOf<{ rows: string }>(db, plan.wrap(query.getSQL()))
      return plan.decode(answer!.rows)
    }
    const page =
      def.join && def.pageOnTable && limit !== undefined && !written
        ? db
            .select({ id: idCol })
            .from(def.table)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset ?? 0)
        : null
    // a plain read: its head written once (lib/builtHead.ts), only what follows built here
    const head = !plan && !written ? headFor(fields, q) : null
    if (head) {
      const ordered = sql`order by ${sql.join(order, sql`, `)}`
      if (page) return runHead(db, head, sql`where ${inArray(idCol, page)} ${ordered}`)
      return runHead(
        db,
        head,
        sql`${where ? sql`where ${where} ` : sql``}${ordered}${limit !== undefined ? sql` limit ${limit} offset ${offset ?? 0}` : sql``}`,
      )
    }
    if (page) return read(q.where(inArray(idCol, page)).orderBy(...order))
    q = q.where(where).orderBy(...order)
    if (limit !== undefined) q = q.limit(limit).offset(offset ?? 0)
    return read(q)
  }

  /** Enriched answer rows (outside any transaction). */
  const answer = async (rows: Row[], auth: AuthContext): Promise<Row[]> =>
    def.enrich && rows.length ? def.enrich(ctx.db, rows, auth) : rows
  const answerOne = async (row: Row | null, auth: AuthContext): Promise<Row | null> =>
    row ? ((await answer([row], auth))[0] ?? null) : null
  /** A 20008 carries the current record as the answers show it. */
  async function enrichConflict(err: unknown, auth: AuthContext): Promise<never> {
    if (err instanceof ApiError && err.code === Code.VERSION_CONFLICT && err.data && typeof err.data === 'object')
      throw new ApiError(Code.VERSION_CONFLICT, await answerOne(err.data as Row, auth))
    throw err
  }

  /**
   * `scope` is computed before any transaction (PGlite has one connection: no ctx.db inside a
   * transaction). With `written` (see select) the write and the read are one statement.
   */
  async function visibleById(db: Db, scope: SQL | undefined, id: string, written?: SQL): Promise<Row | null> {
    const [row] = await select(db, and(eq(idCol, id), scope), [asc(idCol)], 1, 0, undefined, written)
    return row ?? null
  }

  /** A list's conditions: the query's project (a project record's), the resource's filters, the caller's scope. */
  const listWhere = async (auth: AuthContext, q: z.infer<L>) => {
    const projectId = (q as Row).projectId
    const ofProject = projectOfPayload && projectId ? eq(projectCol!, projectId) : undefined
    return and(ofProject, ...(def.filters ? def.filters(q, auth) : []), await scopeWhere(auth))
  }

  function orderOf(q: { sortBy?: string; desc?: boolean }): SQL[] {
    const column = (q.sortBy && def.sortable[q.sortBy]) || defaultSort
    const descending = q.desc ?? (q.sortBy ? false : (def.defaultDesc ?? false))
    return [descending ? desc(column) : asc(column), asc(idCol)]
  }

  /**
   * The clashes a write would make, in one statement: on add (`newId`) a record with that id, then
   * each unique rule in order; on update (`selfId`) the rules whose fields it changes (`current`).
   */
  async function checkUnique(db: Db, input: Row, at: { newId: string } | { selfId: string; current: Row }): Promise<void> {
    const changed = (f: string) => !('current' in at) || (input[f] ?? null) !== (at.current[f] ?? null)
    const rules = (def.unique ?? []).filter((rule) => {
      const value = input[rule.field]
      return value !== undefined && value !== null && value !== '' && [rule.field, ...(rule.within ?? [])].some(changed)
    })
    const checks: { field: string; value: unknown; message?: UniqueRule['message']; cond: SQL }[] = rules.map((rule) => {
      const value = input[rule.field]
      const c = col(rule.field)
      const cond = and(
        rule.caseInsensitive ? eq(sql`lower(${c})`, String(value).toLowerCase()) : eq(c, value),
        ...(rule.within ?? []).map((f) => (input[f] === undefined || input[f] === null ? sql`${col(f)} is null` : eq(col(f), input[f]))),
        'selfId' in at ? ne(idCol, at.selfId) : undefined,
      )!
      return { field: rule.field, value, message: rule.message, cond }
    })
    if ('newId' in at) checks.unshift({ field: def.idField, value: at.newId, cond: eq(idCol, at.newId) })
    if (!checks.length) return
    const flags = Object.fromEntries(checks.map((c, i) => [`c${i}`, sql<boolean>`(${c.cond})`]))
    const rows = (await db
      .select(flags)
      .from(def.table)
      .where(or(...checks.map((c) => c.cond)))
      // one row per check at most where the rules are backed by unique indexes; a bound all the same
      .limit(100)) as Record<string, unknown>[]
    const clash = checks.find((_, i) => rows.some((r) => r[`c${i}`] === true))
    if (clash)
      throw new ApiError(
        Code.DUPLICATE,
        { field: clash.field, value: clash.value },
        clash.field === def.idField
          ? undefined
          : (clash.message ?? { zh: `${String(clash.value)} 已存在`, en: `${String(clash.value)} already exists` }),
      )
  }

  /**
   * The total of a list without counting everything: up to COUNT_CAP matching rows are counted
   * exactly (an index walk of at most that many entries); above that the answer says so
   * (`totalCapped`, total = the cap, or the rows already seen when a deeper page was asked for).
   * A planner estimate would be cheaper still, but it is far off for the unit-subtree filter.
   */
  async function countOf(where: SQL | undefined, seen: number): Promise<CappedTotal> {
    return cappedTotal(await cappedCount(ctx.db, def.table, where), seen)
  }

  /** The cursor after `row` in the list's order: its sort value and id. */
  function cursorOf(q: { sortBy?: string }, row: Row): string | undefined {
    const key = (q.sortBy && def.sortable[q.sortBy] ? q.sortBy : sortColumns[0]?.[0]) ?? def.idField
    const value = row[key]
    const id = row[def.idField]
    if (value === null || value === undefined || id === undefined) return undefined
    return Buffer.from(JSON.stringify([value instanceof Date ? { d: value.toISOString() } : value, id])).toString('base64url')
  }

  /** Rows after the cursor's row in the list's order (sort column, then id). */
  function keysetAfter(q: { sortBy?: string; desc?: boolean }, [value, id]: [unknown, unknown]): SQL | undefined {
    const column = (q.sortBy && def.sortable[q.sortBy]) || defaultSort
    const descending = q.desc ?? (q.sortBy ? false : (def.defaultDesc ?? false))
    const v = value && typeof value === 'object' && 'd' in value ? new Date(String((value as { d: unknown }).d)) : value
    return or(descending ? lt(column, v) : gt(column, v), and(eq(column, v), gt(idCol, id)))
  }

  const read = { auth: 'signed' as const, perm: perm(def.menu) }

  if (!without.has('listPage'))
    app.get(paths.listPage, { config: read }, async (req) => {
      const q = parse(def.schemas.listQuery, req.query, req) as z.infer<L> & {
        pageIndex: number
        pageSize: number
        sortBy?: string
        desc?: boolean
        cursor?: string
        view?: string
      }
      const where = await listWhere(req.auth!, q)
      // keyset paging: a cursor (nextCursor of the previous page) continues after its row, no offset
      const after = q.cursor ? keysetAfter(q, decodeCursor(q.cursor, req)) : undefined
      const offset = after ? 0 : (q.pageIndex - 1) * q.pageSize
      const view = q.view ? def.views?.[q.view] : undefined
      const rows = await select(ctx.db, and(where, after), orderOf(q), q.pageSize, offset, view)
      // a first page that is not full is the whole list: no count
      const counted =
        !after && offset === 0 && rows.length < q.pageSize ? { total: rows.length } : await countOf(where, offset + rows.length)
      const last = rows.length === q.pageSize ? rows[rows.length - 1] : undefined
      const nextCursor = last ? cursorOf(q, last) : undefined
      const records = await answer(rows, req.auth!)
      return ok<Page<Row>>(req, {
        records,
        ...counted,
        pageIndex: q.pageIndex,
        pageSize: q.pageSize,
        ...(nextCursor ? { nextCursor } : {}),
      })
    })

  if (!without.has('list'))
    app.get(paths.list, { config: read }, async (req) => {
      const q = parse(def.schemas.listQuery, req.query, req) as z.infer<L> & { sortBy?: string; desc?: boolean }
      return ok(req, await answer(await select(ctx.db, await listWhere(req.auth!, q), orderOf(q), 5000), req.auth!))
    })

  /** A write's permission, and what it does for the operation log: an add is an add whatever function permits it. */
  const mutation = (fn: FnOf<M>, op: 'add' | 'edit' | 'delete') => ({ auth: 'signed' as const, perm: perm(def.menu, fn), op })

  /** The add call's write, inside a transaction: id clash, unique rules, scope owner, onAdd, insert, afterWrite. */
  async function insertRecord(w: WriteContext, input: Row, scope: SQL | undefined): Promise<Row | null> {
    const { tx, auth, now } = w
    const id = typeof input[def.idField] === 'string' ? (input[def.idField] as string) : newId()
    // scopeOwner: the payload's organisation must be visible (read through tx: this also runs inside imports).
    if (def.scopeOwner) await checkOwner(scopeCol ? await scopeOrgIds(ctx, auth.account, auth.grant?.scope ?? 'own', tx) : null, input, w)
    if (projectOfPayload) await checkProject(await projectIds(auth, tx), input, w)
    await checkUnique(tx, def.scopeField && !ownerFromPayload ? { ...input, [def.scopeField]: auth.account.organizationId } : input, {
      newId: id,
    })
    const values: Row = {}
    for (const k of editable(def.schemas.add)) if (input[k] !== undefined) values[k] = input[k]
    values[def.idField] = id
    if (def.scopeField && !ownerFromPayload) values[def.scopeField] = auth.account.organizationId
    await def.beforeWrite?.(input as z.infer<A>, null, w)
    if (def.derive) Object.assign(values, await def.derive(input as z.infer<A>, w))
    Object.assign(values, {
      version: 0,
      createTime: now,
      updateTime: now,
      createBy: auth.account.accountId,
      updateBy: auth.account.accountId,
    })
    await def.onAdd?.(values, input as z.infer<A>, w)
    const insert = tx.insert(def.table).values(values as never)
    // the row is written and read back in one statement, unless afterWrite comes between
    if (!def.afterWrite) return visibleById(tx, scope, id, insert.returning().getSQL())
    await insert
    await def.afterWrite(id, input as z.infer<A>, w)
    return visibleById(tx, scope, id)
  }

  if (!without.has('add'))
    app.post(paths.add, { config: mutation(fns.add, 'add') }, async (req) => {
      const input = parse(def.schemas.add, req.body, req) as Row
      const auth = req.auth!
      if (def.check) {
        // another project's payload is 20002 before the payload's own checks (its files…) answer
        if (projectOfPayload) await checkProject(await projectIds(auth), input, { tx: ctx.db, auth, now: new Date() })
        await def.check(input, req)
      }
      const now = new Date()
      // With scopeOwner the owner was checked: the new record is read back without the scope
      // (a new unit's own id is not among the ids computed before it existed).
      const scope = ownerFromPayload ? undefined : def.projectField === def.idField ? whereOf(await scopeIds(auth)) : await scopeWhere(auth)
      const created = await ctx.db
        .transaction(async (txRaw) => insertRecord({ tx: txRaw as unknown as Db, auth, now }, input, scope))
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) throw new ApiError(Code.DUPLICATE)
          if (isForeignKeyViolation(err)) throw new ApiError(Code.NOT_FOUND)
          throw err
        })
      return ok(req, await answerOne(created, auth))
    })

  if (!without.has('update'))
    app.put(paths.update, { config: mutation(fns.update, 'edit') }, async (req) => {
      const input = parse(def.schemas.update, req.body, req) as Row
      const auth = req.auth!
      const id = String(input[def.idField])
      const now = new Date()
      const ids = await scopeIds(auth)
      const projects = await projectIds(auth)
      const scope = and(whereOf(ids), projectCol ? projectWhere(projectCol, projects) : undefined)
      // a record the caller may not see is 20002 before the payload's own checks (its files…) answer
      const seen = def.check ? await visibleById(ctx.db, scope, id) : null
      if (def.check) {
        if (!seen) throw new ApiError(Code.NOT_FOUND)
        await def.check(input, req)
      }
      const updated = await ctx.db
        .transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db
          // The row read for the check serves when it has the version the update names: the update is
          // written only where the row still has that version (which moves with every change), so a
          // change in between is a conflict all the same. Otherwise it is read again, for the conflict's answer.
          const current = seen && Number(seen.version) === Number(input.version) ? seen : await visibleById(tx, scope, id)
          if (!current) throw new ApiError(Code.NOT_FOUND)
          if (Number(current.version) !== Number(input.version)) throw new ApiError(Code.VERSION_CONFLICT, current)
          // checks first; it may also normalise the input, which the values below are taken from
          await def.beforeWrite?.(input as z.infer<U>, current, { tx, auth, now })
          // The update carries the whole record: a field it leaves out (the console strips null and
          // empty values) becomes null — e.g. no parentId moves a menu to the root.
          const values: Row = {}
          for (const k of editable(def.schemas.update)) if (input[k] !== undefined || !def.keep?.includes(k)) values[k] = input[k] ?? null
          if (def.derive) Object.assign(values, await def.derive(input as z.infer<U>, { tx, auth, now }))
          if (def.scopeOwner) {
            const w = { tx, auth, now }
            const before = await def.scopeOwner(current, w)
            const after = await def.scopeOwner({ ...current, ...values, ...input }, w)
            if ((before ?? null) !== (after ?? null)) await checkOwner(ids, { ...current, ...values, ...input }, w)
          }
          const projectKey = def.projectOf?.field ?? def.projectField
          if (projectOfPayload && projectKey && projectKey in values && (values[projectKey] ?? null) !== (current[projectKey] ?? null))
            await checkProject(projects, { ...current, ...values }, { tx, auth, now })
          await checkUnique(tx, { ...current, ...values, ...input }, { selfId: id, current })
          // the version moves by the database's trigger when the row changed (migration 0010_versions_trigger)
          Object.assign(values, { updateTime: now, updateBy: auth.account.accountId })
          const update = tx
            .update(def.table)
            .set(values as never)
            .where(and(eq(idCol, id), eq(versionCol, Number(input.version))))
          const conflict = async () => {
            const fresh = await visibleById(tx, scope, id)
            return fresh ? new ApiError(Code.VERSION_CONFLICT, fresh) : new ApiError(Code.NOT_FOUND)
          }
          // the row is written and read back in one statement, unless afterWrite comes between
          if (!def.afterWrite) {
            const row = await visibleById(tx, scope, id, update.returning().getSQL())
            if (!row) throw await conflict()
            return row
          }
          if ((await update.returning({ id: idCol })).length === 0) throw await conflict()
          await def.afterWrite(id, input as z.infer<U>, { tx, auth, now })
          return visibleById(tx, scope, id)
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) throw new ApiError(Code.DUPLICATE)
          if (isForeignKeyViolation(err)) throw new ApiError(Code.NOT_FOUND)
          return enrichConflict(err, auth)
        })
      return ok(req, await answerOne(updated, auth))
    })

  if (!without.has('delete')) {
    const handler = async (req: FastifyRequest) => {
      const body = req.body && typeof req.body === 'object' && 'ids' in req.body ? req.body : { ids: (req.query as Row | undefined)?.ids }
      const { ids } = parse(deleteBody, body, req)
      const unique = [...new Set(ids)]
      const auth = req.auth!
      const scope = await scopeWhere(auth)
      await ctx.db
        .transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db
          const rows = await select(tx, and(inArray(idCol, unique), scope), [asc(idCol)])
          if (rows.length !== unique.length)
            throw new ApiError(
              Code.NOT_FOUND,
              unique.filter((i) => !rows.some((r) => r[def.idField] === i)),
            )
          await def.beforeDelete?.(unique, rows, { tx, auth, now: new Date() })
          await tx.delete(def.table).where(inArray(idCol, unique))
        })
        .catch((err: unknown) => {
          if (isForeignKeyViolation(err)) throw new ApiError(Code.REFUSED, null, STILL_REFERENCED)
          throw err
        })
      return ok(req, { deleted: unique.length })
    }
    app.post(paths.delete, { config: mutation(fns.delete, 'delete') }, handler)
    app.delete(paths.delete, { config: mutation(fns.delete, 'delete') }, handler)
  }

  return {
    def,
    insert: (w, input) => insertRecord(w, input as Row, undefined),
    list: async (auth, q, limit) => select(ctx.db, await listWhere(auth, q), orderOf(q as { sortBy?: string; desc?: boolean }), limit),
  }
}
