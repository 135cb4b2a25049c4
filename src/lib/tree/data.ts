/**
 * The tree toolkit's data helpers (pure): every tree of the console — units, departments, menus,
 * role grants, organisations — walks, searches, flattens and moves its nodes through these.
 *
 * A tree is a list of roots and two accessors: the id of a node and its children. Children that
 * are `undefined` are not loaded yet (lazy trees); `[]` means a leaf.
 */

export interface TreeAccess<T> {
  id: (node: T) => string
  /** The node's children; undefined: not loaded yet. */
  children: (node: T) => readonly T[] | undefined
}

export type CheckState = boolean | 'indeterminate'

/** A node built from a flat list: the item with its children and depth (0 for a root). */
export type Nested<T> = T & { children: Nested<T>[]; depth: number }

/** `{ id, children }` for nodes built by `buildTree` or shaped `{ children: T[] }`. */
export function nestedAccess<T extends { children?: readonly T[] | null }>(id: (node: T) => string): TreeAccess<T> {
  return { id, children: (n) => n.children ?? [] }
}

/**
 * A flat list as a tree by parent id: orphans (unknown parent) and nodes whose parent chain loops
 * back become roots, so no node is ever lost; siblings sorted by `compare`, depth set.
 */
export function buildTree<T extends object>(
  items: readonly T[],
  options: { id: (item: T) => string; parentId: (item: T) => string | null | undefined; compare?: (a: T, b: T) => number },
): Nested<T>[] {
  const nodes = new Map<string, Nested<T>>()
  for (const item of items) nodes.set(options.id(item), { ...item, children: [], depth: 0 })
  const parentOf = (n: Nested<T>): Nested<T> | undefined => {
    const p = options.parentId(n)
    return p && p !== options.id(n) ? nodes.get(p) : undefined
  }
  // a node is in a loop when its parent chain comes back to it
  const loops = (node: Nested<T>): boolean => {
    let cur = parentOf(node)
    for (let i = 0; cur && i <= nodes.size; i++) {
      if (cur === node) return true
      cur = parentOf(cur)
    }
    return false
  }
  const roots: Nested<T>[] = []
  for (const node of nodes.values()) {
    const parent = parentOf(node)
    if (parent && !loops(node)) parent.children.push(node)
    else roots.push(node)
  }
  const order = (list: Nested<T>[], depth: number) => {
    if (options.compare) list.sort(options.compare)
    for (const n of list) {
      n.depth = depth
      order(n.children, depth + 1)
    }
  }
  order(roots, 0)
  return roots
}

/** Every loaded node, depth first, with its depth (0 for a root) and its ancestors (root first). */
export function walk<T>(
  roots: readonly T[],
  children: TreeAccess<T>['children'],
  visit: (node: T, depth: number, ancestors: readonly T[]) => void,
): void {
  const go = (list: readonly T[], ancestors: T[]) => {
    for (const n of list) {
      visit(n, ancestors.length, ancestors)
      const kids = children(n)
      if (kids?.length) go(kids, [...ancestors, n])
    }
  }
  go(roots, [])
}

/** The first node (depth first) the predicate accepts. */
export function findNode<T>(roots: readonly T[], children: TreeAccess<T>['children'], accept: (node: T) => boolean): T | undefined {
  for (const n of roots) {
    if (accept(n)) return n
    const kids = children(n)
    const found = kids?.length ? findNode(kids, children, accept) : undefined
    if (found !== undefined) return found
  }
  return undefined
}

/** The nodes from a root down to the node with that id (the node included); [] when absent. */
export function pathTo<T>(roots: readonly T[], access: TreeAccess<T>, id: string | null | undefined): T[] {
  if (id == null) return []
  for (const n of roots) {
    if (access.id(n) === id) return [n]
    const kids = access.children(n)
    const sub = kids?.length ? pathTo(kids, access, id) : []
    if (sub.length) return [n, ...sub]
  }
  return []
}

/** Ids of the ancestors of a node, root first (the node not included). */
export function ancestorIds<T>(roots: readonly T[], access: TreeAccess<T>, id: string): string[] {
  return pathTo(roots, access, id).slice(0, -1).map(access.id)
}

/** Ids of the loaded nodes that have children (for "expand all"). */
export function branchIds<T>(roots: readonly T[], access: TreeAccess<T>): string[] {
  const out: string[] = []
  walk(roots, access.children, (n) => {
    if (access.children(n)?.length) out.push(access.id(n))
  })
  return out
}

/** Number of loaded descendants of a node. */
export function descendantCount<T>(node: T, children: TreeAccess<T>['children']): number {
  return (children(node) ?? []).reduce((sum, c) => sum + 1 + descendantCount(c, children), 0)
}

/** Ids of a node and of everything below it. */
export function subtreeIds<T>(node: T, access: TreeAccess<T>): Set<string> {
  const out = new Set([access.id(node)])
  walk(access.children(node) ?? [], access.children, (n) => out.add(access.id(n)))
  return out
}

/** A tree search on any of a node's texts, ignoring case (e.g. its name or its code). */
export const textMatch =
  <T>(...texts: ((node: T) => string)[]) =>
  (node: T, keyword: string): boolean => {
    const q = keyword.toLowerCase()
    return texts.some((text) => text(node).toLowerCase().includes(q))
  }

export interface TreeFilter {
  /** The nodes to show: matches, their ancestors (and with `subtree`, everything below a match). */
  keep: Set<string>
  /** The nodes that matched themselves. */
  matched: Set<string>
}

/**
 * Search: the matching nodes with their ancestors. With `subtree`, a match also keeps everything
 * below it (a matching menu shows all its submenus); without, only matching descendants.
 */
export function filterTree<T>(
  roots: readonly T[],
  access: TreeAccess<T>,
  match: (node: T) => boolean,
  options: { subtree?: boolean } = {},
): TreeFilter {
  const keep = new Set<string>()
  const matched = new Set<string>()
  const mark = (list: readonly T[], inMatch: boolean): boolean => {
    let any = false
    for (const n of list) {
      const id = access.id(n)
      const self = match(n)
      if (self) matched.add(id)
      const below = mark(access.children(n) ?? [], inMatch || (self && !!options.subtree))
      if (self || below || inMatch) {
        keep.add(id)
        any = true
      }
    }
    return any
  }
  mark(roots, false)
  return { keep, matched }
}

export type FlatRow<T> =
  | {
      kind: 'node'
      id: string
      node: T
      /** 0 for a root. */
      depth: number
      parentId: string | null
      hasChildren: boolean
      expanded: boolean
      /** Position among the shown siblings (0-based) and their number (aria-posinset / setsize). */
      index: number
      setSize: number
    }
  /** An expanded node whose children are not loaded yet. */
  | { kind: 'loading'; id: string; depth: number; parentId: string; node: T }

export interface FlattenOptions<T> {
  /** Whether a node is open. */
  expanded: (id: string) => boolean
  /** Only these nodes (a search's `keep`). */
  keep?: ReadonlySet<string> | null
  /** For lazy trees: whether a node has children before they are loaded (default: it has loaded ones). */
  hasChildren?: (node: T) => boolean
}

/** The rows to show, depth first: roots and the children of open nodes. */
export function flattenTree<T>(roots: readonly T[], access: TreeAccess<T>, options: FlattenOptions<T>): FlatRow<T>[] {
  const out: FlatRow<T>[] = []
  const { keep } = options
  const add = (list: readonly T[], depth: number, parentId: string | null) => {
    const shown = keep ? list.filter((n) => keep.has(access.id(n))) : list
    shown.forEach((node, index) => {
      const id = access.id(node)
      const kids = access.children(node)
      const hasChildren = keep
        ? !!kids?.some((c) => keep.has(access.id(c)))
        : options.hasChildren
          ? options.hasChildren(node)
          : !!kids?.length
      const expanded = hasChildren && options.expanded(id)
      out.push({ kind: 'node', id, node, depth, parentId, hasChildren, expanded, index, setSize: shown.length })
      if (!expanded) return
      if (kids) add(kids, depth + 1, id)
      else out.push({ kind: 'loading', id: `${id}\u0000loading`, depth: depth + 1, parentId: id, node })
    })
  }
  add(roots, 0, null)
  return out
}

// ---- tri-state checks -------------------------------------------------------------------------

/** The state of a group from its counts: none, all or some of it on. */
export function triState(on: number, all: number): CheckState {
  if (on === 0) return false
  return on >= all ? true : 'indeterminate'
}

/**
 * Counts below and including a node: `own` tells what a node itself contributes ([checked,
 * checkable]; a group without its own checkbox contributes [0, 0]).
 */
export function tally<T>(node: T, children: TreeAccess<T>['children'], own: (node: T) => readonly [number, number]): [number, number] {
  let [on, all] = own(node)
  for (const c of children(node) ?? []) {
    const [a, b] = tally(c, children, own)
    on += a
    all += b
  }
  return [on, all]
}

/** The tri-state of a node (checked when all below and including it is, indeterminate when part is). */
export function checkState<T>(node: T, children: TreeAccess<T>['children'], own: (node: T) => readonly [number, number]): CheckState {
  return triState(...tally(node, children, own))
}

/** The tri-state of a whole tree (a "select all" box). */
export function forestState<T>(
  roots: readonly T[],
  children: TreeAccess<T>['children'],
  own: (node: T) => readonly [number, number],
): CheckState {
  let on = 0
  let all = 0
  for (const r of roots) {
    const [a, b] = tally(r, children, own)
    on += a
    all += b
  }
  return triState(on, all)
}

/**
 * Checking a node in a plain checkbox tree (each node one id): checks it and everything below
 * that may change when anything of it that may change is off, else unchecks all of that.
 */
export function toggleSubtree<T>(
  node: T,
  access: TreeAccess<T>,
  checked: ReadonlySet<string>,
  changeable: (node: T) => boolean = () => true,
): Set<string> {
  const ids: string[] = []
  walk([node], access.children, (n) => {
    if (changeable(n)) ids.push(access.id(n))
  })
  const on = ids.some((id) => !checked.has(id))
  const next = new Set(checked)
  for (const id of ids) {
    if (on) next.add(id)
    else next.delete(id)
  }
  return next
}

// ---- moves ---------------------------------------------------------------------------------------

/** Where a node goes: under `parentId` (null: a root) at `index` among the new siblings (itself not counted). */
export interface MovePlace {
  parentId: string | null
  index: number
}

export type DropPosition = 'before' | 'inside' | 'after'

export interface TreeIndex<T> {
  node: Map<string, T>
  parent: Map<string, string | null>
  /** Children ids by parent id (null: the roots), in order. */
  childIds: Map<string | null, string[]>
}

/** Lookups by id over the loaded nodes. */
export function indexTree<T>(roots: readonly T[], access: TreeAccess<T>): TreeIndex<T> {
  const node = new Map<string, T>()
  const parent = new Map<string, string | null>()
  const childIds = new Map<string | null, string[]>([[null, roots.map(access.id)]])
  walk(roots, access.children, (n, _depth, ancestors) => {
    const id = access.id(n)
    node.set(id, n)
    parent.set(id, ancestors.length ? access.id(ancestors[ancestors.length - 1]!) : null)
    childIds.set(id, (access.children(n) ?? []).map(access.id))
  })
  return { node, parent, childIds }
}

/** Whether `id` is `ancestorId` or lies below it (the cycle check of a move). */
export function isWithin(index: Pick<TreeIndex<unknown>, 'parent'>, id: string | null, ancestorId: string): boolean {
  for (let cur = id, i = 0; cur != null && i <= index.parent.size; cur = index.parent.get(cur) ?? null, i++)
    if (cur === ancestorId) return true
  return false
}

/** Whether a node may go under a parent (null: the top level): never under itself or its own descendants. */
export function canMoveUnder(index: Pick<TreeIndex<unknown>, 'parent'>, id: string, parentId: string | null): boolean {
  return parentId === null || !isWithin(index, parentId, id)
}

const samePlace = (index: TreeIndex<unknown>, id: string, place: MovePlace) => {
  const from = index.parent.get(id) ?? null
  return from === place.parentId && (index.childIds.get(from) ?? []).indexOf(id) === place.index
}

/** The place a drop on a row means: before or after it among its siblings, or last inside it; null when not allowed or no change. */
export function dropPlace(index: TreeIndex<unknown>, id: string, targetId: string, position: DropPosition): MovePlace | null {
  if (!index.parent.has(targetId) || isWithin(index, targetId, id)) return null
  let place: MovePlace
  if (position === 'inside') place = { parentId: targetId, index: (index.childIds.get(targetId) ?? []).filter((c) => c !== id).length }
  else {
    const parentId = index.parent.get(targetId) ?? null
    const siblings = (index.childIds.get(parentId) ?? []).filter((c) => c !== id)
    place = { parentId, index: siblings.indexOf(targetId) + (position === 'after' ? 1 : 0) }
  }
  return samePlace(index, id, place) ? null : place
}

/** One step up or down among the siblings; null at the edge. */
export function stepPlace(index: TreeIndex<unknown>, id: string, step: -1 | 1): MovePlace | null {
  const parentId = index.parent.get(id) ?? null
  const siblings = index.childIds.get(parentId) ?? []
  const at = siblings.indexOf(id)
  if (at < 0) return null
  const to = at + step
  return to < 0 || to > siblings.length - 1 ? null : { parentId, index: to }
}

/** The last place under a parent (the 移动到… dialog's choice); null when not allowed or no change. */
export function appendPlace(index: TreeIndex<unknown>, id: string, parentId: string | null): MovePlace | null {
  if (!canMoveUnder(index, id, parentId)) return null
  const place = { parentId, index: (index.childIds.get(parentId) ?? []).filter((c) => c !== id).length }
  return samePlace(index, id, place) ? null : place
}

/** The ids of the new parent's children once the node is placed (to renumber sort codes). */
export function siblingsAfterMove(index: Pick<TreeIndex<unknown>, 'childIds'>, id: string, place: MovePlace): string[] {
  const list = (index.childIds.get(place.parentId) ?? []).filter((c) => c !== id)
  list.splice(Math.max(0, Math.min(place.index, list.length)), 0, id)
  return list
}

/** Where a pointer over a row drops: its upper quarter before, lower quarter after, else inside (or the nearer half when it cannot hold children). */
export function dropPositionAt(offsetY: number, height: number, canHoldChildren = true): DropPosition {
  const r = height > 0 ? offsetY / height : 0.5
  if (!canHoldChildren) return r < 0.5 ? 'before' : 'after'
  return r < 0.25 ? 'before' : r > 0.75 ? 'after' : 'inside'
}
