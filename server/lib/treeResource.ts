/**
 * A tree dictionary (DESIGN §5 "Trees"): one ordered tree per scope value (a container tree per
 * project, an EBS tree per kind…) stored by server/lib/tree.ts, served by the resource pattern
 * (./resource.ts: listPage, list, add as the last child, update of the fields, delete with the
 * subtree by the parent's ON DELETE CASCADE) plus
 *   GET  <tree>?<scope>&keyword=   the whole tree, flat, depth first, siblings in order, with child
 *                                   counts and levels (keyword: the matches and their ancestors)
 *   POST <move>  { <id>, parentId, index, version? }   re-parent / reorder (20021 under itself or below)
 *   POST <copy>  { <id>, parentId, codeSuffix }        the subtree, every code + the suffix
 *   Excel: importTemplate, import (parents by code: earlier rows or existing nodes), export (tree order)
 * The container tree and the engineering dictionaries are both declared with it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, asc, eq, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import { perm, type FnOf, type MenuPath } from '../../src/contract/catalogue'
import { Code } from '../../src/contract/codes'
import type { Ctx } from '../context'
import type { Db } from '../db/client'
import type { ExcelColumn } from './excel'
import { ApiError, ok, okJson, parse, type Text } from './http'
import { anyLike, rowsOf } from './sql'
import { idsOnPath, type Position, type Tree } from './tree'
import type { AuthContext } from '../types'
import { registerImportExport } from './modulePorts'
import { changesSince, copyOf, epochOf, keepCopy, type TreeCopy } from './treeCache'
import { isUniqueViolation, registerResource, type ResourceDef, type ResourceHandle, type WriteContext } from './resource'

type Row = Record<string, unknown>

/** Above this many nodes to keep, a search reads the whole tree and filters it in memory (one plain indexed scan). */
const BROAD_SEARCH = 2000

export interface TreeResourceDef<A extends z.ZodType, U extends z.ZodType, L extends z.ZodType, M extends MenuPath, Q extends z.ZodType> {
  /** The tree (its spec names the table, id, parent, path, sort key and scope columns). */
  tree: Tree
  /** The resource calls (its `onAdd` should be `placeNode(…)`). */
  resource: ResourceDef<A, U, L, M>
  /** Payload field and column of the node's code (unique within the scope) and its name (search). */
  code: { field: string; column: AnyPgColumn }
  name: AnyPgColumn
  /** Columns a tree node answers (besides childCount and level); empty values are left out. */
  nodeSelection: Record<string, AnyPgColumn>
  paths: { tree: string; move: string; copy: string }
  /** Function actions of move and copy (menu's). */
  fns: { move: FnOf<M>; copy: FnOf<M> }
  /** The tree query (keyword plus what `scopeOf` needs). */
  treeQuery: Q
  /** The scope value a query names (a project id from the query; a fixed kind). */
  scopeOf: (q: z.infer<Q>) => string
  /** The one scope value of the resource (a dictionary's kind); absent: scopes come from the queries (projects). */
  fixedScope?: string
  /** May the caller see this scope value? Throws (20002) if not; reads through `db`. */
  checkScope?: (auth: AuthContext, scope: string, db?: Db) => Promise<void>
  /** Schemas of move and copy (their id field is the resource's idField). */
  moveSchema: z.ZodType
  copySchema: z.ZodType
  messages: { copyClash: Text; noParent: Text }
  excel: {
    columns: ExcelColumn[]
    example: Row
    fileName: Text
    /** One import row (with `parentCode`). */
    row: z.ZodType
    /** Where an import goes, from its signed query (scope from the query); default: none. */
    target?: z.ZodType
    /** The add payload of a validated row (without parentId), e.g. a major looked up by code. */
    toInput?: (w: WriteContext, data: Row, scope: string) => Promise<Row> | Row
    /** Export: more fields of the rows (e.g. a major's code), besides the node's and parentCode. */
    exportRows?: (db: Db, rows: Row[]) => Promise<Row[]>
  }
}

export function defineTreeResource<A extends z.ZodType, U extends z.ZodType, L extends z.ZodType, M extends MenuPath, Q extends z.ZodType>(
  def: TreeResourceDef<A, U, L, M, Q>,
) {
  return def
}

/** The resource's `onAdd`: under the tree's lock, the parent in the same scope (else 20002 on parentId), last among its siblings. */
export function placeNode(tree: Tree, idField: string, scopeOf: (input: Row) => string) {
  return async (values: Row, input: Row, w: WriteContext): Promise<void> => {
    const scope = scopeOf(input)
    const parentId = (input.parentId as string | null | undefined) ?? null
    await tree.lock(w.tx, scope)
    let parentPath = '/'
    if (parentId) {
      const p = await tree.node(w.tx, parentId)
      if (!p || p.scope !== scope) throw new ApiError(Code.NOT_FOUND, { field: 'parentId' })
      parentPath = p.path
    }
    values.parentId = parentId
    values.path = `${parentPath}${String(values[idField])}/`
    values.sortKey = await tree.keyAt(w.tx, parentId, scope, 'last')
  }
}

/**
 * The nodes of a scope in tree order (depth first, siblings by sort key), each with its child count
 * and level; optionally only some: `where` in SQL, `keep` by id after reading. No route needed (the
 * initialisation wizard reads a template project's containers with it).
 *
 * A read of a whole scope is most of an opening's time on the embedded database (its result rows
 * are decoded field by field): only what the answer shows is read — the level is counted from the
 * path in SQL, the sort key orders the rows in SQL only.
 */
export async function readTree(def: TreeNodes, db: Db, scope: string, where?: SQL, keep?: ReadonlySet<string>): Promise<Row[]> {
  return treeOfRows(def, { rows: await selectScope(def, db, scope, where), keep })
}

export interface TreeNodes {
  tree: Tree
  idField: string
  nodeSelection: Record<string, AnyPgColumn>
}

/** The rows of a scope (or those `where` is true of) as they are stored, in sort-key order. */
async function selectScope(def: TreeNodes, db: Db, scope: string, where?: SQL): Promise<Row[]> {
  return (await selectCopy(def, db, scope, where)).rows
}

/** The values a node row is read with (the answer's fields, then the sort key and the scope, kept apart). */
function nodeValues(def: TreeNodes) {
  const spec = def.tree.spec
  const full = {
    ...def.nodeSelection,
    [def.idField]: spec.id,
    parentId: spec.parentId,
    version: (getTableColumns(spec.table as PgTable) as Record<string, AnyPgColumn>).version!,
    // idsOnPath(path).length: '/a/b/' holds 2 ids
    level: sql<number>`coalesce(greatest(length(${spec.path}) - length(replace(${spec.path}, '/', '')) - 1, 0), 0)::int`,
  }
  const keys = Object.keys(full)
  // the rows as one JSON text the database builds: 20,000 nodes decoded and mapped row by row (the
  // driver's wire decoding, Drizzle's mapping per column) took twice as long as json_agg and one parse.
  // Each row an array of its values (the keys named once, here): a third shorter to build and to
  // parse than an object per row (20,000 EBS nodes in-process: 173–221 against 300–367 ms).
  // The columns are text, integer and boolean, which JSON gives as the driver would.
  const array = sql`json_build_array(${sql.join([...Object.values(full), spec.sortKey!, spec.scope!], sql`, `)})`
  const order = sql`${spec.sortKey!}, ${spec.id}`
  const read = (text: string) =>
    (JSON.parse(text) as unknown[][]).map((values) => {
      const row: Row = {}
      for (let i = 0; i < keys.length; i++) row[keys[i]!] = values[i]
      return { row, sortKey: values[keys.length] as string | null, scope: String(values[keys.length + 1]) }
    })
  return { array, order, read }
}

/** A scope's rows with their sort keys, in the table's order (sort key, id). */
export async function selectCopy(
  def: TreeNodes,
  db: Db,
  scope: string,
  where?: SQL,
): Promise<{ rows: Row[]; sortKeys: (string | null)[] }> {
  const spec = def.tree.spec
  const { array, order, read } = nodeValues(def)
  const [answer] = await rowsOf<{ nodes: string }>(
    db,
    sql`select coalesce(json_agg(${array} order by ${order}), '[]')::text as nodes
      from ${spec.table as PgTable} where ${and(eq(spec.scope!, scope), where)}`,
  )
  const nodes = read(answer!.nodes)
  return { rows: nodes.map((n) => n.row), sortKeys: nodes.map((n) => n.sortKey) }
}

/** Above this many rows written since a copy, the scope is read again instead of brought forward. */
const FORWARD_ROWS = 2000

/**
 * A copy brought to the table's present: the rows written since its epoch (in any scope: one that
 * left the scope leaves the copy) replace or join its rows, the removed ones leave; null when it
 * cannot be (see changesSince) or when more than FORWARD_ROWS rows were written.
 */
export async function bringForward(def: TreeNodes, db: Db, tableName: string, scope: string, copy: TreeCopy): Promise<TreeCopy | null> {
  const spec = def.tree.spec
  const table = spec.table as PgTable
  const changeEpoch = (getTableColumns(table) as Record<string, AnyPgColumn>).changeEpoch
  if (!changeEpoch) return null
  const { array, read } = nodeValues(def)
  const changes = await changesSince(
    db,
    tableName,
    copy.epoch,
    (since) =>
      sql`select coalesce(json_agg(${array}), '[]')::text from (select * from ${table} where ${changeEpoch} > ${since} limit ${FORWARD_ROWS + 1}) as ${sql.identifier(tableName)}`,
  )
  if (!changes) return null
  const changed = read(changes.changed)
  if (changed.length > FORWARD_ROWS) return null
  const idField = def.idField
  const removed = new Set(changes.removed)
  const written = new Map(changed.map((n) => [n.row[idField] as string, n]))
  const rows: Row[] = []
  const sortKeys: (string | null)[] = []
  let reorder = false
  copy.rows.forEach((row, i) => {
    const id = row[idField] as string
    const now = written.get(id)
    if (now) {
      written.delete(id)
      if (now.scope !== scope) return
      if (removed.has(id) || now.sortKey !== copy.sortKeys[i] || now.row.parentId !== row.parentId) reorder = true
      rows.push(now.row)
      sortKeys.push(now.sortKey)
    } else if (!removed.has(id)) {
      rows.push(row)
      sortKeys.push(copy.sortKeys[i]!)
    }
  })
  for (const n of written.values()) {
    if (n.scope !== scope) continue
    reorder = true
    rows.push(n.row)
    sortKeys.push(n.sortKey)
  }
  if (!reorder) return { epoch: changes.epoch, rows, sortKeys }
  // the table's order: the sort key (COLLATE "C": code points, as JavaScript compares), then the id
  const order = rows.map((_, i) => i)
  const cmp = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1)
  order.sort((a, b) => cmp(sortKeys[a]!, sortKeys[b]!) || cmp(rows[a]![idField] as string, rows[b]![idField] as string))
  return { epoch: changes.epoch, rows: order.map((i) => rows[i]!), sortKeys: order.map((i) => sortKeys[i]!) }
}

/** Which rows of a scope (in the table's order) an answer shows: those in `keep`, or those `hit` is true of and their ancestors; all without either. */
interface TreePick {
  rows: readonly Row[]
  keep?: ReadonlySet<string>
  hit?: (r: Row) => boolean
}

/** Rows in tree order (`order`: their indexes depth first), each row's parent's index (-1 for a root) and its child count. */
interface TreeShape {
  order: Int32Array
  parent: Int32Array
  childCount: Int32Array
}

/** Shapes of row arrays, kept while the array lives (a gateway's copy of a tree: until it changes). */
const shapes = new WeakMap<readonly Row[], TreeShape>()

/** The shape of a tree's rows (siblings in the rows' order; a row whose parent is not among them is a root). */
function shapeOf(idField: string, rows: readonly Row[]): TreeShape {
  const known = shapes.get(rows)
  if (known) return known
  const n = rows.length
  const index = new Map<string, number>()
  for (let i = 0; i < n; i++) index.set(rows[i]![idField] as string, i)
  const parent = new Int32Array(n)
  const childCount = new Int32Array(n)
  const children = new Map<number, number[]>()
  for (let i = 0; i < n; i++) {
    const p = rows[i]!.parentId as string | null
    const at = p === null ? -1 : (index.get(p) ?? -1)
    parent[i] = at
    if (at >= 0) childCount[at]!++
    const list = children.get(at)
    if (list) list.push(i)
    else children.set(at, [i])
  }
  const order = new Int32Array(n)
  let next = 0
  const stack = [...(children.get(-1) ?? [])].reverse()
  while (stack.length) {
    const i = stack.pop()!
    order[next++] = i
    const kids = children.get(i)
    if (kids) for (let k = kids.length - 1; k >= 0; k--) stack.push(kids[k]!)
  }
  const shape = { order, parent, childCount }
  shapes.set(rows, shape)
  return shape
}

/**
 * The picked rows depth first, siblings in order, each with its child count among them: `visit`
 * gets the row and the names of the answer's fields it has (those of the first row: every row has
 * the selection's keys). The rows are not changed.
 */
function walkTree(
  def: TreeNodes,
  { rows: selected, keep, hit }: TreePick,
  visit: (row: Row, childCount: number, keys: readonly string[]) => void,
) {
  const idField = def.idField
  const rows = keep ? selected.filter((r) => keep.has(r[idField] as string)) : selected
  // listed once (a copy of each row by Object.entries was a good part of a 20,000-node opening)
  const keys = rows.length ? Object.keys(rows[0]!).filter((k) => k !== 'level') : []
  const { order, parent, childCount } = shapeOf(idField, rows)
  if (!hit) {
    for (const i of order) visit(rows[i]!, childCount[i]!, keys)
    return
  }
  // the hits and their ancestors (a tree of its own: its order is the whole one's without the others)
  const shown = new Uint8Array(rows.length)
  const counts = new Int32Array(rows.length)
  for (let i = 0; i < rows.length; i++) {
    if (!hit(rows[i]!)) continue
    for (let n = i; n >= 0 && !shown[n]; n = parent[n]!) {
      shown[n] = 1
      if (parent[n]! >= 0) counts[parent[n]!]!++
    }
  }
  for (const i of order) if (shown[i]) visit(rows[i]!, counts[i]!, keys)
}

/** A node as the answer shows it, without its child count: empty values left out, then parent and level. */
function nodeOf(n: Row, keys: readonly string[]): Row {
  const node: Row = {}
  for (const k of keys) {
    const v = n[k]
    if (v !== null && v !== '') node[k] = v
  }
  node.parentId = n.parentId ?? null
  node.level = n.level
  return node
}

/** The answer's nodes as objects (Excel export, other modules' reads). */
function treeOfRows(def: TreeNodes, pick: TreePick): Row[] {
  const out: Row[] = []
  walkTree(def, pick, (n, childCount, keys) => out.push({ ...nodeOf(n, keys), childCount }))
  return out
}

/**
 * Each row's JSON up to its child count (`{…,"level":2,"childCount":`), kept while the row object
 * lives: a gateway's copy of a tree keeps its row objects until they change, so a repeated opening
 * or search serialises only the child counts (20,000 nodes stringified whole were a fifth of the
 * answer's time).
 */
const nodeJson = new WeakMap<Row, string>()

/** Whole trees' answers, kept while their rows array lives (a copy's, until the tree changes). */
const wholeJson = new WeakMap<readonly Row[], string>()

/** The answer's nodes as JSON text (the tree call). */
function treeJson(def: TreeNodes, pick: TreePick): string {
  const whole = !pick.keep && !pick.hit
  const known = whole ? wholeJson.get(pick.rows) : undefined
  if (known !== undefined) return known
  const parts: string[] = []
  walkTree(def, pick, (n, childCount, keys) => {
    let head = nodeJson.get(n)
    if (head === undefined) {
      head = `${JSON.stringify(nodeOf(n, keys)).slice(0, -1)},"childCount":`
      nodeJson.set(n, head)
    }
    parts.push(`${head}${childCount}}`)
  })
  const json = `[${parts.join(',')}]`
  if (whole) wholeJson.set(pick.rows, json)
  return json
}

export interface TreeResourceHandle {
  resource: ResourceHandle<z.ZodType, z.ZodType, z.ZodType>
  /** The nodes of a scope in tree order (optionally only some: `where` in SQL, `keep` by id after reading). */
  rows(db: Db, scope: string, where?: SQL, keep?: ReadonlySet<string>): Promise<Row[]>
  /** The nodes matching `keyword` (name or code) with their ancestors. */
  search(db: Db, scope: string, keyword: string): Promise<Row[]>
}

export function registerTreeResource<
  A extends z.ZodType,
  U extends z.ZodType,
  L extends z.ZodType,
  M extends MenuPath,
  Q extends z.ZodType,
>(app: FastifyInstance, ctx: Ctx, def: TreeResourceDef<A, U, L, M, Q>): TreeResourceHandle {
  const { tree } = def
  const spec = tree.spec
  const table = spec.table as PgTable
  const idField = def.resource.idField
  const idCol = spec.id
  const scopeCol = spec.scope!
  const sortCol = spec.sortKey!
  const menu = def.resource.menu
  const handle = registerResource(app, ctx, def.resource)
  const allColumns = getTableColumns(table) as Record<string, AnyPgColumn>

  const nodes = { tree, idField, nodeSelection: def.nodeSelection }
  const rows = (db: Db, scope: string, where?: SQL, keep?: ReadonlySet<string>) => readTree(nodes, db, scope, where, keep)

  const matches = (keyword: string) => anyLike(keyword, def.name, def.code.column)

  // A search whose hits need the whole scope looks in it in memory: the same contains-match of name
  // or code as the SQL's ILIKE (letters folded by JavaScript's lower case, the same for Latin letters
  // and for CJK, which has none).
  const nameKey = Object.entries(def.nodeSelection).find(([, c]) => c === def.name)?.[0]
  const codeKey = def.code.field
  if (!nameKey || def.nodeSelection[codeKey] !== def.code.column)
    throw new Error(`${def.resource.name}: the node selection holds the name and the code (a search looks in them)`)
  // each row's name and code in lower case, kept while the row lives (a copy's rows are searched again and again)
  const folded = new WeakMap<Row, readonly [string, string]>()
  const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : '')
  const contains = (keyword: string) => {
    const k = keyword.toLowerCase()
    return (r: Row) => {
      let f = folded.get(r)
      if (!f) folded.set(r, (f = [lower(r[nameKey]), lower(r[codeKey])]))
      return f[0].includes(k) || f[1].includes(k)
    }
  }

  /**
   * The nodes whose name or code contains the keyword, with their ancestors (the tree around the
   * matches). At most BROAD_SEARCH + 1 hits are read first: a broad search (more hits than that, or
   * more nodes to keep) looks in the whole scope (`whole`: read once, or the gateway's copy) — a
   * keyword in most names (墩台 in 18,000 of 20,000) does not carry every hit's path across first.
   */
  async function searchPick(
    db: Db,
    scope: string,
    keyword: string,
    whole = (): Promise<readonly Row[]> => selectScope(nodes, db, scope),
  ): Promise<TreePick> {
    const hits = await db
      .select({ path: spec.path })
      .from(table)
      .where(and(eq(scopeCol, scope), matches(keyword)))
      .limit(BROAD_SEARCH + 1)
    if (hits.length === 0) return { rows: [] }
    const keep = new Set(hits.flatMap((h) => (h.path ? idsOnPath(String(h.path)) : [])))
    if (hits.length > BROAD_SEARCH || keep.size > BROAD_SEARCH) return { rows: await whole(), hit: contains(keyword) }
    // a narrow one reads only those rows: the id list goes as one json array parameter
    return {
      rows: await selectScope(nodes, db, scope, sql`${idCol} in (select jsonb_array_elements_text(${JSON.stringify([...keep])}::jsonb))`),
    }
  }
  const search = async (db: Db, scope: string, keyword: string) => treeOfRows(nodes, await searchPick(db, scope, keyword))

  /**
   * The tree call's read (GET, outside any transaction): a whole scope comes from this gateway's copy
   * — as it is while the table's epoch has not moved, else brought forward (lib/treeCache.ts) — and a
   * search looks in that copy in memory.
   */
  const tableName = getTableName(table)
  const treeOf = async (q: z.infer<Q>): Promise<TreePick> => {
    const { keyword } = q as { keyword?: string }
    const scope = def.scopeOf(q)
    const epoch = await epochOf(ctx.db, tableName)
    const held = epoch === null ? undefined : copyOf(tableName, scope)
    /** The held copy at the present epoch, as it is or brought forward (asked once); null if neither. */
    let current: Promise<TreeCopy | null> | undefined
    const kept = () =>
      (current ??= (async () => {
        if (epoch === null || !held) return null
        if (held.epoch === epoch) return held
        const forward = await bringForward(nodes, ctx.db, tableName, scope, held)
        if (forward) keepCopy(tableName, scope, forward)
        return forward
      })())
    /** The copy at the present epoch: the held one, else a whole read (kept when the table has an epoch). */
    const present = async (read: boolean): Promise<TreeCopy | null> => {
      const copy = await kept()
      if (copy || !read) return copy
      const whole = { epoch: epoch ?? 0, ...(await selectCopy(nodes, ctx.db, scope)) }
      if (epoch !== null) keepCopy(tableName, scope, whole)
      return whole
    }
    if (!keyword) return { rows: (await present(true))!.rows }
    const copy = await present(false)
    if (copy) return { rows: copy.rows, hit: contains(keyword) }
    return searchPick(ctx.db, scope, keyword, async () => (await present(true))!.rows)
  }

  /** A node the caller may see (else 20002), read through `db`. */
  async function visibleNode(auth: AuthContext, db: Db, nodeId: string, scope: string | null) {
    const node = await tree.node(db, nodeId)
    if (!node || (scope !== null && node.scope !== scope)) throw new ApiError(Code.NOT_FOUND, { field: idField })
    await def.checkScope?.(auth, node.scope!, db)
    return node
  }

  /** The scope a call is limited to when it is fixed (a dictionary kind), else null (any the caller sees). */
  const fixed = def.fixedScope ?? null

  /** The place among the new parent's children that `index` means (the moving node left out). */
  async function positionAt(db: Db, scope: string, parentId: string | null, index: number, moving: string): Promise<Position> {
    const siblings = await db
      .select({ id: idCol })
      .from(table)
      .where(
        and(parentId ? eq(spec.parentId, parentId) : and(sql`${spec.parentId} is null`, eq(scopeCol, scope)), sql`${idCol} <> ${moving}`),
      )
      .orderBy(asc(sortCol))
      .limit(index + 1)
    return index >= siblings.length ? 'last' : { before: String(siblings[index]!.id) }
  }

  const read = { auth: 'signed' as const, perm: perm(menu) }

  app.get(def.paths.tree, { config: read }, async (req, reply) => {
    const q = parse(def.treeQuery, req.query, req)
    await def.checkScope?.(req.auth!, def.scopeOf(q))
    return okJson(req, reply, treeJson(nodes, await treeOf(q)))
  })

  const selectOne = async (db: Db, nodeId: string) => {
    const [row] = await db
      .select(def.resource.selection ?? allColumns)
      .from(table)
      .where(eq(idCol, nodeId))
    return row as Row | undefined
  }

  app.post(def.paths.move, { config: { auth: 'signed', perm: perm(menu, def.fns.move) } }, async (req: FastifyRequest) => {
    const input = parse(def.moveSchema, req.body, req) as { parentId: string | null; index: number; version?: number } & Row
    const nodeId = String(input[idField])
    const auth = req.auth!
    const moved = await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const node = await visibleNode(auth, tx, nodeId, fixed)
      await tree.lock(tx, node.scope)
      if (input.version !== undefined) {
        const current = await selectOne(tx, nodeId)
        if (current && current.version !== input.version) throw new ApiError(Code.VERSION_CONFLICT, current)
      }
      await tree.checkMove(tx, nodeId, input.parentId)
      const position = await positionAt(tx, node.scope!, input.parentId, input.index, nodeId)
      // the parent and sort key change in one statement: the version moves once (trigger)
      await tree.move(tx, nodeId, { parentId: input.parentId, position })
      return selectOne(tx, nodeId)
    })
    return ok(req, moved)
  })

  app.post(def.paths.copy, { config: { auth: 'signed', perm: perm(menu, def.fns.copy) } }, async (req: FastifyRequest) => {
    const input = parse(def.copySchema, req.body, req) as { parentId: string | null; codeSuffix: string } & Row
    const nodeId = String(input[idField])
    const auth = req.auth!
    const now = new Date()
    const result = await ctx.db
      .transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db
        await visibleNode(auth, tx, nodeId, fixed)
        const ids = await tree.copy(
          tx,
          nodeId,
          { parentId: input.parentId },
          {
            [def.code.column.name]: sql`s.${sql.identifier(def.code.column.name)} || ${input.codeSuffix}::text`,
            version: sql`0`,
            create_time: sql`${now.toISOString()}::timestamptz`,
            update_time: sql`${now.toISOString()}::timestamptz`,
            create_by: sql`${auth.account.accountId}::text`,
            update_by: sql`${auth.account.accountId}::text`,
          },
        )
        return { rootId: ids.get(nodeId)!, copied: ids.size }
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err))
          throw new ApiError(Code.DUPLICATE, { field: 'codeSuffix', value: input.codeSuffix }, def.messages.copyClash)
        throw err
      })
    return ok(req, result)
  })

  const codeField = def.code.field
  registerImportExport(app, ctx, {
    name: def.resource.name,
    menu,
    columns: def.excel.columns,
    example: def.excel.example,
    fileName: def.excel.fileName,
    import: {
      schema: def.excel.row,
      ...(def.excel.target
        ? {
            target: def.excel.target,
            check: (auth: AuthContext, target: unknown) => def.checkScope?.(auth, def.scopeOf(target as z.infer<Q>)) ?? Promise.resolve(),
          }
        : {}),
      row: async (w, data, _source, target) => {
        const scope = def.scopeOf((target ?? {}) as z.infer<Q>)
        const { parentCode, ...fields } = data as Row & { parentCode?: string }
        let parentId: string | null = null
        if (parentCode) {
          const [p] = await w.tx
            .select({ id: idCol })
            .from(table)
            .where(and(eq(scopeCol, scope), eq(def.code.column, parentCode)))
          if (!p) throw new ApiError(Code.NOT_FOUND, { field: 'parentCode' }, def.messages.noParent)
          parentId = String(p.id)
        }
        const payload = def.excel.toInput ? await def.excel.toInput(w, fields, scope) : fields
        return handle.insert(w, { ...payload, [spec.scope ? propOf(allColumns, scopeCol) : '']: scope, parentId } as never)
      },
    },
    export: {
      query: def.treeQuery,
      rows: async (auth, q, limit) => {
        await def.checkScope?.(auth, def.scopeOf(q))
        const found = treeOfRows(nodes, await treeOf(q))
        const codeOf = new Map(found.map((r) => [r[idField], r[codeField]]))
        const out = found.slice(0, limit).map((r): Row => ({ ...r, parentCode: r.parentId ? (codeOf.get(r.parentId) ?? '') : '' }))
        return def.excel.exportRows ? def.excel.exportRows(ctx.db, out) : out
      },
    },
  })

  return { resource: handle as unknown as TreeResourceHandle['resource'], rows, search }
}

/** The JS property of a column of a table's columns. */
function propOf(columns: Record<string, AnyPgColumn>, c: AnyPgColumn): string {
  const entry = Object.entries(columns).find(([, v]) => v === c)
  if (!entry) throw new Error(`column ${c.name} is not in the table`)
  return entry[0]
}
