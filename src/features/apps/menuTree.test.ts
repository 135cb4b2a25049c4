import { describe, expect, it } from 'vitest'
import type { ApplicationMenu } from '@/contract/schemas/application'
import { buildMenuTree, descendantCount, nextSort, parentIds, visibleRows } from './menuTree'

const m = (id: string, parentId: string | null, sort: number, menuName = id): ApplicationMenu => ({
  applicationMenuId: id,
  applicationId: 'app',
  parentId,
  menuName,
  menuNameEn: null,
  action: null,
  iconPath: null,
  sort,
  functionList: [],
  version: 1,
  createTime: '',
  updateTime: '',
})

describe('menu tree', () => {
  const flat = [m('c2', 'a', 2), m('a', null, 2), m('b', null, 1), m('c1', 'a', 1), m('d', 'c1', 1), m('orphan', 'missing', 3)]

  it('builds by parentId, sorted by sort, with depth; orphans become roots', () => {
    const tree = buildMenuTree(flat)
    expect(tree.map((n) => n.applicationMenuId)).toEqual(['b', 'a', 'orphan'])
    const a = tree[1]!
    expect(a.children.map((n) => n.applicationMenuId)).toEqual(['c1', 'c2'])
    expect(a.children[0]!.children[0]!.depth).toBe(2)
    expect(descendantCount(a)).toBe(3)
    expect(parentIds(tree)).toEqual(['a', 'c1'])
  })

  it('never loses nodes in a parent cycle', () => {
    const tree = buildMenuTree([m('x', 'y', 1), m('y', 'x', 2)])
    const all = visibleRows(tree, new Set(['x', 'y']))
    expect(all.map((n) => n.applicationMenuId).sort()).toEqual(['x', 'y'])
  })

  it('lists only expanded rows', () => {
    const tree = buildMenuTree(flat)
    expect(visibleRows(tree, new Set()).map((n) => n.applicationMenuId)).toEqual(['b', 'a', 'orphan'])
    expect(visibleRows(tree, new Set(['a'])).map((n) => n.applicationMenuId)).toEqual(['b', 'a', 'c1', 'c2', 'orphan'])
  })

  it('suggests the next sort code', () => {
    expect(nextSort([])).toBe(1)
    expect(nextSort([{ sort: 3 }, { sort: 7 }])).toBe(8)
  })
})
