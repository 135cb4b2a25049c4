/**
 * Ordered trees in one table (DESIGN §5 "Trees"): `parent_id` is the truth; a materialised path of
 * ids ('/root/…/self/') answers descendants and ancestors by an indexed prefix range; an optional
 * fractional sort key (base-62 text, see `keyBetween`) orders siblings so that a node goes before or
 * after another by writing that one row.
 *
 * Every change of the shape (insert, move, copy) takes a per-tree transaction-level advisory lock
 * first, then reads; so two moves never both pass the cycle check against a state the other is
 * changing. The path column must be `text COLLATE "C"` with a btree index: prefix ranges then
 * compare bytes and use the index on PostgreSQL and PGlite alike; a sort key column is `text
 * COLLATE "C"` as well (base-62 digits sort in byte order).
 *
 * Used by the organisation units and the departments; containers and the EBS/WBS dictionaries
 * declare theirs with `defineTree` too.
 */
import { and, getTableColumns, getTableName, inArray, notInArray, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import { Code } from '../../src/contract/codes'
import { newId } from '../../src/contract/ids'
import type { Db } from '../db/client'
import { ApiError, type Text } from './http'
import { rowsOf } from './sql'
import texts from './texts.json'

// ---- fractional sort keys ----------------------------------------------------------------------

/** Base-62 digits in byte order. */
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const BASE = DIGITS.length
const digitOf = (c: string | undefined): number => {
  if (c === undefined) return 0
  const d = DIGITS.indexOf(c)
  if (d < 0) throw new Error(`not a sort key digit: ${c}`)
  return d
}

/**
 * A key strictly between `a` and `b` (read as fractions 0.a and 0.b in base 62; '' is 0 and
 * `null` is 1). Keys never end in '0', so there is always room below one.
 */
function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    let n = 0
    while (n < b.length && (a[n] ?? '0') === b[n]) n++
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n))
  }
  const da = digitOf(a[0])
  const db = b === null ? BASE : digitOf(b[0])
  if (db - da > 1) return DIGITS[Math.floor((da + db) / 2)]!
  // neighbouring digits: b's first digit alone lies between when b goes on; else go one digit deeper
  if (b !== null && b.length > 1) return b[0]!
  return DIGITS[da]! + midpoint(a.slice(1), null)
}

/**
 * A sort key between two neighbours (null: no neighbour on that side). After the last key it
 * steps the first digit up rather than halving, so appending keeps keys short (one more character
 * about every 30 appends).
 */
export function keyBetween(a: string | null, b: string | null): string {
  if (a !== null && b !== null && a >= b) throw new Error(`sort keys out of order: ${a} >= ${b}`)
  if (a === null) return midpoint('', b)
  if (b === null) {
    const d = digitOf(a[0])
    return d < BASE - 1 ? DIGITS[d + 1]! : a[0]! + keyBetween(a.length > 1 ? a.slice(1) : null, null)
  }
  return midpoint(a, b)
}

// ---- the tree of a table -----------------------------------------------------------------------

/**
 * A tree as `defineTree` is told it: the table and its id column; the other columns default to the
 * table's `parentId`, `path` and `sortKey` (db/schema/columns.ts `treeColumns` names them so).
 */
export interface TreeDecl {
  table: PgTable
  id: AnyPgColumn
  /** Names the tree in lock keys; default: the table's name. */
  key?: string
  parentId?: AnyPgColumn
  /** Materialised path '/a/b/c/' of ids (text COLLATE "C", btree-indexed). */
  path?: AnyPgColumn
  /** Fractional sort key among siblings (text COLLATE "C"); without it the tree keeps no order of its own. */
  sortKey?: AnyPgColumn
  /** A column that splits the table into separate trees (e.g. a department's organisation): locks are per value. */
  scope?: AnyPgColumn
  /** The refusal of a move under the node itself or one of its descendants (20021). */
  cycle?: Text
}

/** A tree's declaration with its key and columns resolved. */
export interface TreeSpec extends TreeDecl {
  key: string
  parentId: AnyPgColumn
  path: AnyPgColumn
}

function specOf(decl: TreeDecl): TreeSpec {
  const tableName = getTableName(decl.table)
  const columns = getTableColumns(decl.table) as Record<string, AnyPgColumn | undefined>
  const required = (name: 'parentId' | 'path'): AnyPgColumn => {
    const column = decl[name] ?? columns[name]
    if (!column) throw new Error(`${tableName} has no ${name} column for its tree`)
    return column
  }
  return {
    ...decl,
    key: decl.key ?? tableName,
    parentId: required('parentId'),
    path: required('path'),
    sortKey: decl.sortKey ?? columns.sortKey,
  }
}

export type Position = { before: string } | { after: string } | 'last' | 'first'

export interface TreeNode {
  id: string
  parentId: string | null
  path: string
  sortKey: string | null
  scope: string | null
}

/** First key of the two-int advisory lock: all tree locks share it (the second is the tree's hash). */
const TREE_LOCK_CLASS = 7_283_100

/** The first path not in the subtree of `path` ('/a/b/' → '/a/b0': '0' follows '/' in byte order). */
export const pathEnd = (path: string) => `${path.slice(0, -1)}0`

/** The ids on a path, root first. */
export const idsOnPath = (path: string) => path.split('/').filter(Boolean)

export function defineTree(decl: TreeDecl) {
  const spec = specOf(decl)
  const t = sql.identifier(getTableName(spec.table))
  const col = (c: AnyPgColumn) => sql.identifier(c.name)
  const id = col(spec.id)
  const parent = col(spec.parentId)
  const path = col(spec.path)
  const sortKey = spec.sortKey ? col(spec.sortKey) : null
  const scope = spec.scope ? col(spec.scope) : null
  const tableName = getTableName(spec.table)
  /** The JS property of a column in the table (for drizzle inserts). */
  const propOf = (c: AnyPgColumn): string => {
    const entry = Object.entries(getTableColumns(spec.table)).find(([, v]) => v === c)
    if (!entry) throw new Error(`column ${c.name} is not in ${tableName}`)
    return entry[0]
  }

  const nodeCols = sql`${id} as id, ${parent} as "parentId", ${path} as path, ${sortKey ?? sql`null::text`} as "sortKey", ${scope ?? sql`null::text`} as scope`

  async function node(db: Db, nodeId: string): Promise<TreeNode | null> {
    const [row] = await rowsOf<TreeNode>(db, sql`select ${nodeCols} from ${t} where ${id} = ${nodeId}`)
    return row ?? null
  }

  /** Takes the tree's lock until the transaction ends (`db` must be a transaction). */
  async function lock(db: Db, scopeValue?: string | null): Promise<void> {
    const name = scope ? `${spec.key}:${scopeValue ?? ''}` : spec.key
    await db.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK_CLASS}, hashtext(${name}))`)
  }

  /** Siblings condition: the children of `parentId` (null: the roots, within `scopeValue`). */
  const siblingsOf = (parentId: string | null, scopeValue: string | null): SQL =>
    parentId !== null ? sql`${parent} = ${parentId}` : scope ? sql`${parent} is null and ${scope} = ${scopeValue}` : sql`${parent} is null`

  /** The sort key for a new place among the children of `parentId`. */
  async function keyAt(db: Db, parentId: string | null, scopeValue: string | null, position: Position, moving?: string): Promise<string> {
    if (!sortKey) throw new Error(`${tableName} has no sort key`)
    const siblings = sql`${siblingsOf(parentId, scopeValue)}${moving ? sql` and ${id} <> ${moving}` : sql``}`
    const one = async (q: SQL) => (await rowsOf<{ k: string | null }>(db, q))[0]?.k ?? null
    if (position === 'last') return keyBetween(await one(sql`select max(${sortKey}) as k from ${t} where ${siblings}`), null)
    if (position === 'first') return keyBetween(null, await one(sql`select min(${sortKey}) as k from ${t} where ${siblings}`))
    const ref = 'before' in position ? position.before : position.after
    const refNode = await node(db, ref)
    if (!refNode || refNode.parentId !== parentId || (scope && refNode.scope !== scopeValue) || refNode.sortKey === null || ref === moving)
      throw new ApiError(Code.NOT_FOUND, { field: 'before' in position ? 'before' : 'after' })
    if ('before' in position)
      return keyBetween(
        await one(sql`select max(${sortKey}) as k from ${t} where ${siblings} and ${sortKey} < ${refNode.sortKey}`),
        refNode.sortKey,
      )
    return keyBetween(
      refNode.sortKey,
      await one(sql`select min(${sortKey}) as k from ${t} where ${siblings} and ${sortKey} > ${refNode.sortKey}`),
    )
  }

  /** The parent row (or 20002 on `parentId`), which must be in the same tree. */
  async function parentNode(db: Db, parentId: string, scopeValue: string | null): Promise<TreeNode> {
    const p = await node(db, parentId)
    if (!p || p.path === null || (scope && p.scope !== scopeValue)) throw new ApiError(Code.NOT_FOUND, { field: 'parentId' })
    return p
  }

  /** Rewrites the paths of the subtree at `oldPath` to start with `newPath`, in one statement. */
  async function rewritePaths(db: Db, oldPath: string, newPath: string): Promise<void> {
    if (oldPath === newPath) return
    await db.execute(sql`update ${t} set ${path} = ${newPath} || substr(${path}, ${oldPath.length + 1})
      where ${path} >= ${oldPath} and ${path} < ${pathEnd(oldPath)}`)
  }

  /**
   * Refuses (20021) a move of `nodeId` under `parentId` when that is the node itself or one of its
   * descendants; 20002 on parentId when the parent is not in the tree. Call under the lock.
   */
  async function checkMove(db: Db, nodeId: string, parentId: string | null): Promise<void> {
    if (parentId === null) return
    const self = await node(db, nodeId)
    if (!self) throw new ApiError(Code.NOT_FOUND)
    const p = await parentNode(db, parentId, self.scope)
    if (parentId === nodeId || (self.path !== null && p.path.startsWith(self.path)))
      throw new ApiError(Code.REFUSED, null, spec.cycle ?? texts.tree.cycle)
  }

  /** SQL: the ids of `rootId` and its descendants (an indexed path range), for `in (…)`. */
  function subtreeSql(rootId: string | SQL): SQL {
    return sql`(select d.${id} as id from ${t} d join ${t} r on r.${id} = ${rootId} where d.${path} >= r.${path} and d.${path} < left(r.${path}, -1) || '0')`
  }

  return {
    spec,
    node,
    lock,
    keyAt,

    /**
     * Inserts a row as a child of `parentId` (null: a root) at `position` (default: last), under the
     * tree's lock; fills its path (and sort key). `values` are the row's other columns, by JS property.
     */
    async insert(
      db: Db,
      values: Record<string, unknown>,
      opts: { parentId: string | null; position?: Position; scopeValue?: string | null },
    ): Promise<TreeNode> {
      const nodeId = String(values[propOf(spec.id)] ?? newId())
      const scopeValue = spec.scope ? ((values[propOf(spec.scope)] as string | undefined) ?? opts.scopeValue ?? null) : null
      await lock(db, scopeValue)
      const parentPath = opts.parentId === null ? '/' : (await parentNode(db, opts.parentId, scopeValue)).path
      const row: Record<string, unknown> = {
        ...values,
        [propOf(spec.id)]: nodeId,
        [propOf(spec.parentId)]: opts.parentId,
        [propOf(spec.path)]: `${parentPath}${nodeId}/`,
      }
      if (spec.sortKey) row[propOf(spec.sortKey)] = await keyAt(db, opts.parentId, scopeValue, opts.position ?? 'last')
      await db.insert(spec.table).values(row as never)
      return (await node(db, nodeId))!
    },

    checkMove,

    /**
     * Moves a node (re-parent and/or reorder) in the caller's transaction: lock, cycle check, the
     * node's parent and sort key, then the paths of its whole subtree in one statement.
     */
    async move(db: Db, nodeId: string, to: { parentId: string | null; position?: Position }): Promise<TreeNode> {
      const before = await node(db, nodeId)
      if (!before) throw new ApiError(Code.NOT_FOUND)
      await lock(db, before.scope)
      await checkMove(db, nodeId, to.parentId)
      const self = (await node(db, nodeId))!
      const parentPath = to.parentId === null ? '/' : (await parentNode(db, to.parentId, self.scope)).path
      const key = sortKey ? await keyAt(db, to.parentId, self.scope, to.position ?? 'last', nodeId) : null
      await db.execute(
        sql`update ${t} set ${parent} = ${to.parentId}${sortKey ? sql`, ${sortKey} = ${key}` : sql``} where ${id} = ${nodeId}`,
      )
      await rewritePaths(db, self.path, `${parentPath}${nodeId}/`)
      return (await node(db, nodeId))!
    },

    /**
     * After other code has written a node's parent (e.g. the generic resource update), sets its path
     * from its parent's and rewrites its subtree's paths (one statement). Call under the lock.
     */
    async repath(db: Db, nodeId: string): Promise<void> {
      const self = await node(db, nodeId)
      if (!self) return
      const parentPath = self.parentId === null ? '/' : (await node(db, self.parentId))?.path
      if (parentPath == null) throw new ApiError(Code.NOT_FOUND, { field: 'parentId' })
      const newPath = `${parentPath}${nodeId}/`
      if (self.path === null) await db.execute(sql`update ${t} set ${path} = ${newPath} where ${id} = ${nodeId}`)
      else await rewritePaths(db, self.path, newPath)
    },

    /**
     * Copies the subtree at `rootId` under `parentId` at `position`, in one INSERT … SELECT: new ids
     * (UUIDv7, made here), parents and paths mapped, the root's sort key at its new place, the other
     * rows keeping theirs (their order among siblings). `set` overrides columns of every copy (by
     * column name, SQL over the source row `s`). Answers old id → new id.
     */
    async copy(
      db: Db,
      rootId: string,
      to: { parentId: string | null; position?: Position },
      set: Record<string, SQL> = {},
    ): Promise<Map<string, string>> {
      const root = await node(db, rootId)
      if (!root) throw new ApiError(Code.NOT_FOUND)
      await lock(db, root.scope)
      const src = (await node(db, rootId))!
      const parentPath = to.parentId === null ? '/' : (await parentNode(db, to.parentId, src.scope)).path
      const key = sortKey ? await keyAt(db, to.parentId, src.scope, to.position ?? 'last') : null
      const rows = await rowsOf<{ id: string; path: string }>(
        db,
        sql`select ${id} as id, ${path} as path from ${t} where ${path} >= ${src.path} and ${path} < ${pathEnd(src.path)}`,
      )
      const ids = new Map(rows.map((r) => [r.id, newId()]))
      const cut = src.path.length - rootId.length - 1 // the part of each path above the root
      const mapped = rows.map((r) => {
        const below = idsOnPath(r.path.slice(cut)).map((x) => ids.get(x)!)
        return { old_id: r.id, new_id: ids.get(r.id)!, new_path: `${parentPath}${below.join('/')}/` }
      })
      const special = new Set([spec.id.name, spec.parentId.name, spec.path.name, ...(spec.sortKey ? [spec.sortKey.name] : [])])
      const others = Object.values(getTableColumns(spec.table))
        .map((c) => c.name)
        .filter((n) => !special.has(n))
      const names = [spec.id.name, spec.parentId.name, spec.path.name, ...(spec.sortKey ? [spec.sortKey.name] : []), ...others]
      const values = [
        sql`m.new_id`,
        sql`case when s.${id} = ${rootId} then ${to.parentId}::text else pm.new_id end`,
        sql`m.new_path`,
        ...(sortKey ? [sql`case when s.${id} = ${rootId} then ${key}::text else s.${sortKey} end`] : []),
        ...others.map((n) => set[n] ?? sql`s.${sql.identifier(n)}`),
      ]
      await db.execute(sql`insert into ${t} (${sql.join(
        names.map((n) => sql.identifier(n)),
        sql`, `,
      )})
        select ${sql.join(values, sql`, `)}
        from json_to_recordset(${JSON.stringify(mapped)}::json) as m(old_id text, new_id text, new_path text)
        join ${t} s on s.${id} = m.old_id
        left join json_to_recordset(${JSON.stringify(mapped)}::json) as pm(old_id text, new_id text, new_path text) on pm.old_id = s.${parent}`)
      return ids
    },

    subtreeSql,

    /** SQL: the node lies at most `levels` deep (a root is 1 deep), as its path tells. */
    depthAtMost: (levels: number): SQL => sql`length(${path}) - length(replace(${path}, '/', '')) <= ${levels + 1}`,

    /** The ids of `rootId` and its descendants (empty when it does not exist). */
    async subtreeIds(db: Db, rootId: string): Promise<string[]> {
      const rows = await rowsOf<{ id: string }>(db, subtreeSql(rootId))
      return rows.map((r) => r.id)
    },

    /** The ids above `nodeId`, root first (empty for a root or an unknown id). */
    async ancestorIds(db: Db, nodeId: string): Promise<string[]> {
      const self = await node(db, nodeId)
      return self?.path ? idsOnPath(self.path).slice(0, -1) : []
    },

    /** Whether `nodeId` is `rootId` or below it. */
    async isWithin(db: Db, nodeId: string, rootId: string): Promise<boolean> {
      const [row] = await rowsOf<{ yes: boolean }>(
        db,
        sql`select true as yes from ${t} n join ${t} r on r.${id} = ${rootId} where n.${id} = ${nodeId} and starts_with(n.${path}, r.${path})`,
      )
      return Boolean(row?.yes)
    },

    /** Whether a node outside `ids` has its parent among them: deleting `ids` alone would leave it without its parent. */
    async hasChildOutside(db: Db, ids: string[]): Promise<boolean> {
      const [child] = await db
        .select({ id: spec.id })
        .from(spec.table)
        .where(and(inArray(spec.parentId, ids), notInArray(spec.id, ids)))
        .limit(1)
      return child !== undefined
    },

    /** Sets every path from the parent ids in one statement (backfill, after bulk inserts such as the seed). */
    async rebuildPaths(db: Db): Promise<void> {
      await db.execute(sql`with recursive p(id, path) as (
          select ${id}, '/' || ${id} || '/' from ${t} where ${parent} is null
          union all
          select c.${id}, p.path || c.${id} || '/' from ${t} c join p on c.${parent} = p.id
        )
        update ${t} set ${path} = p.path from p where ${t}.${id} = p.id and ${t}.${path} is distinct from p.path`)
    },
  }
}

export type Tree = ReturnType<typeof defineTree>
