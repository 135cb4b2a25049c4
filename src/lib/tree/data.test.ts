import { describe, expect, it } from 'vitest'
import {
  ancestorIds,
  appendPlace,
  branchIds,
  buildTree,
  canMoveUnder,
  checkState,
  descendantCount,
  dropPlace,
  dropPositionAt,
  filterTree,
  findNode,
  flattenTree,
  forestState,
  indexTree,
  pathTo,
  siblingsAfterMove,
  stepPlace,
  subtreeIds,
  toggleSubtree,
  walk,
  type Nested,
  type TreeAccess,
} from './data'

interface Item {
  id: string
  parentId: string | null
  sort: number
  name: string
}
const item = (id: string, parentId: string | null, sort: number, name = id): Item => ({ id, parentId, sort, name })
const build = (items: Item[]) =>
  buildTree(items, { id: (i) => i.id, parentId: (i) => i.parentId, compare: (a, b) => a.sort - b.sort || a.name.localeCompare(b.name) })
const access: TreeAccess<Nested<Item>> = { id: (n) => n.id, children: (n) => n.children }
const ids = (rows: { id: string }[]) => rows.map((r) => r.id)
const open = (list: string[]) => (id: string) => list.includes(id)

// 中铁恒岳 → 工程部 → 测量组; 安全部; 一分公司 → 工程部
const org = () =>
  build([
    item('o', null, 1, '中铁恒岳'),
    item('a', 'o', 1, '工程部'),
    item('a1', 'a', 1, '测量组'),
    item('b', 'o', 2, '安全部'),
    item('s', 'o', 3, '一分公司'),
    item('s1', 's', 1, '工程部'),
  ])

describe('building and walking', () => {
  const flat = [
    item('c2', 'a', 2),
    item('a', null, 2),
    item('b', null, 1),
    item('c1', 'a', 1),
    item('d', 'c1', 1),
    item('orphan', 'missing', 3),
  ]

  it('builds by parent id, sorted, with depth; orphans become roots', () => {
    const tree = build(flat)
    expect(tree.map((n) => n.id)).toEqual(['b', 'a', 'orphan'])
    const a = tree[1]!
    expect(a.children.map((n) => n.id)).toEqual(['c1', 'c2'])
    expect(a.children[0]!.children[0]!.depth).toBe(2)
    expect(descendantCount(a, access.children)).toBe(3)
    expect(branchIds(tree, access)).toEqual(['a', 'c1'])
  })

  it('never loses nodes in a parent cycle or a self parent', () => {
    const tree = build([item('x', 'y', 1), item('y', 'x', 2), item('z', 'z', 3)])
    const all = flattenTree(tree, access, { expanded: () => true })
    expect(ids(all).sort()).toEqual(['x', 'y', 'z'])
  })

  it('walks depth first with ancestors; finds nodes and paths', () => {
    const seen: string[] = []
    walk(org(), access.children, (n, depth, ancestors) => seen.push(`${n.id}:${depth}:${ancestors.map((a) => a.id).join('/')}`))
    expect(seen).toEqual(['o:0:', 'a:1:o', 'a1:2:o/a', 'b:1:o', 's:1:o', 's1:2:o/s'])
    const tree = org()
    expect(findNode(tree, access.children, (n) => n.id === 's1')?.name).toBe('工程部')
    expect(findNode(tree, access.children, (n) => n.id === 'x')).toBeUndefined()
    expect(pathTo(tree, access, 'a1').map((n) => n.id)).toEqual(['o', 'a', 'a1'])
    expect(pathTo(tree, access, 'x')).toEqual([])
    expect(ancestorIds(tree, access, 's1')).toEqual(['o', 's'])
    expect([...subtreeIds(tree[0]!.children[0]!, access)]).toEqual(['a', 'a1'])
  })
})

describe('visible rows', () => {
  it('shows the children of expanded nodes only, with aria positions', () => {
    const tree = org()
    expect(ids(flattenTree(tree, access, { expanded: open([]) }))).toEqual(['o'])
    const rows = flattenTree(tree, access, { expanded: open(['o']) })
    expect(
      rows.map((r) => (r.kind === 'node' ? [r.id, r.depth, r.index, r.setSize, r.parentId, r.hasChildren, r.expanded] : r.id)),
    ).toEqual([
      ['o', 0, 0, 1, null, true, true],
      ['a', 1, 0, 3, 'o', true, false],
      ['b', 1, 1, 3, 'o', false, false],
      ['s', 1, 2, 3, 'o', true, false],
    ])
  })

  it('puts a loading row under an open node whose children are not loaded (lazy trees)', () => {
    type Lazy = { id: string; hasChild: boolean; kids?: Lazy[] }
    const lazy: TreeAccess<Lazy> = { id: (n) => n.id, children: (n) => n.kids }
    const roots: Lazy[] = [
      { id: 't', hasChild: true },
      { id: 'leaf', hasChild: false },
    ]
    const rows = flattenTree(roots, lazy, { expanded: () => true, hasChildren: (n) => n.hasChild })
    expect(rows.map((r) => [r.kind, r.depth])).toEqual([
      ['node', 0],
      ['loading', 1],
      ['node', 0],
    ])
    expect(rows[0]!.kind === 'node' && rows[0]!.expanded).toBe(true)
    expect(rows[2]!.kind === 'node' && rows[2]!.hasChildren).toBe(false)
  })

  it('searches keeping ancestors; with subtree, a match keeps all below it', () => {
    const tree = org()
    const rows = (k: string, subtree = false) => {
      const f = filterTree(tree, access, (n) => n.name.includes(k), { subtree })
      return ids(flattenTree(tree, access, { expanded: () => true, keep: f.keep }))
    }
    expect(rows('工程')).toEqual(['o', 'a', 's', 's1'])
    expect(rows('测量')).toEqual(['o', 'a', 'a1'])
    expect(rows('nothing')).toEqual([])
    expect(rows('一分公司')).toEqual(['o', 's'])
    expect(rows('一分公司', true)).toEqual(['o', 's', 's1'])
    expect([...filterTree(tree, access, (n) => n.name.includes('工程')).matched]).toEqual(['a', 's1'])
    // a kept node without kept children shows as a leaf
    const f = filterTree(tree, access, (n) => n.name.includes('一分公司'))
    const s = flattenTree(tree, access, { expanded: () => true, keep: f.keep }).find((r) => r.id === 's')
    expect(s?.kind === 'node' && s.hasChildren).toBe(false)
  })

  it('flattens 20,000 nodes quickly', () => {
    const items: Item[] = []
    for (let i = 0; i < 200; i++) {
      items.push(item(`g${i}`, null, i))
      for (let j = 0; j < 99; j++) items.push(item(`g${i}-${j}`, `g${i}`, j))
    }
    const start = performance.now()
    const tree = build(items)
    const rows = flattenTree(tree, access, { expanded: () => true })
    expect(rows).toHaveLength(20_000)
    expect(performance.now() - start).toBeLessThan(1000)
  })
})

describe('tri-state checks', () => {
  // each node one checkbox; `locked` cannot change
  const tree = org()
  const own = (on: Set<string>) => (n: Nested<Item>) => [on.has(n.id) ? 1 : 0, 1] as const

  it('is checked when all below is, indeterminate when part is', () => {
    const on = new Set(['a', 'a1'])
    expect(checkState(tree[0]!.children[0]!, access.children, own(on))).toBe(true)
    expect(checkState(tree[0]!, access.children, own(on))).toBe('indeterminate')
    expect(checkState(tree[0]!.children[1]!, access.children, own(on))).toBe(false)
    expect(forestState(tree, access.children, own(new Set()))).toBe(false)
    // a group without its own box: only what is below counts
    const groupOwn = (n: Nested<Item>) => (n.children.length ? ([0, 0] as const) : ([on.has(n.id) ? 1 : 0, 1] as const))
    expect(checkState(tree[0]!.children[0]!, access.children, groupOwn)).toBe(true)
  })

  it('checks a subtree, unchecks it when all of it is on, leaves what may not change', () => {
    const a = tree[0]!.children[0]!
    let on = toggleSubtree(a, access, new Set(['a1']))
    expect([...on].sort()).toEqual(['a', 'a1'])
    on = toggleSubtree(a, access, on)
    expect([...on]).toEqual([])
    on = toggleSubtree(tree[0]!, access, new Set(['b']), (n) => n.id !== 'b')
    expect(on.has('b')).toBe(true)
    expect(on.size).toBe(6)
    on = toggleSubtree(tree[0]!, access, on, (n) => n.id !== 'b')
    expect([...on]).toEqual(['b'])
  })
})

describe('moves', () => {
  const tree = org()
  const idx = indexTree(tree, access)

  it('never moves a node under itself or its descendants', () => {
    expect(canMoveUnder(idx, 'a', 'a1')).toBe(false)
    expect(canMoveUnder(idx, 'a', 'a')).toBe(false)
    expect(canMoveUnder(idx, 'a', 's')).toBe(true)
    expect(canMoveUnder(idx, 'a1', null)).toBe(true)
    expect(dropPlace(idx, 'o', 'a1', 'inside')).toBeNull()
    expect(appendPlace(idx, 'a', 'a1')).toBeNull()
  })

  it('turns a drop before / inside / after a row into a parent and index', () => {
    expect(dropPlace(idx, 'b', 's1', 'before')).toEqual({ parentId: 's', index: 0 })
    expect(dropPlace(idx, 'b', 's1', 'after')).toEqual({ parentId: 's', index: 1 })
    expect(dropPlace(idx, 'b', 'a', 'inside')).toEqual({ parentId: 'a', index: 1 })
    // among its own siblings: the index counts the others only
    expect(dropPlace(idx, 'a', 's', 'after')).toEqual({ parentId: 'o', index: 2 })
    expect(dropPlace(idx, 's', 'a', 'before')).toEqual({ parentId: 'o', index: 0 })
    // where it already is: nothing to do
    expect(dropPlace(idx, 'a', 'b', 'before')).toBeNull()
    expect(dropPlace(idx, 'b', 'a', 'after')).toBeNull()
    expect(siblingsAfterMove(idx, 's', { parentId: 'o', index: 0 })).toEqual(['s', 'a', 'b'])
    expect(siblingsAfterMove(idx, 'b', { parentId: 's', index: 1 })).toEqual(['s1', 'b'])
  })

  it('steps up and down among siblings, and appends under a chosen parent', () => {
    expect(stepPlace(idx, 'a', -1)).toBeNull()
    expect(stepPlace(idx, 'a', 1)).toEqual({ parentId: 'o', index: 1 })
    expect(siblingsAfterMove(idx, 'a', { parentId: 'o', index: 1 })).toEqual(['b', 'a', 's'])
    expect(stepPlace(idx, 's', 1)).toBeNull()
    expect(stepPlace(idx, 's', -1)).toEqual({ parentId: 'o', index: 1 })
    expect(appendPlace(idx, 'a1', 's')).toEqual({ parentId: 's', index: 1 })
    expect(appendPlace(idx, 'a1', null)).toEqual({ parentId: null, index: 1 })
    expect(appendPlace(idx, 's1', 's')).toBeNull()
  })

  it('reads a pointer position over a row', () => {
    expect(dropPositionAt(2, 40)).toBe('before')
    expect(dropPositionAt(20, 40)).toBe('inside')
    expect(dropPositionAt(38, 40)).toBe('after')
    expect(dropPositionAt(15, 40, false)).toBe('before')
    expect(dropPositionAt(25, 40, false)).toBe('after')
  })
})
