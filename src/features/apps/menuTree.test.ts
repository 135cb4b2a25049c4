import { describe, expect, it } from 'vitest'
import type { ApplicationMenu } from '@/contract/schemas/application'
import { indexTree } from '@/lib/tree'
import { buildMenuTree, menuAccess, moveBody, moveUpdates, nextSort } from './menuTree'

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

  it('builds by parentId, sorted by sort then name', () => {
    const tree = buildMenuTree([...flat, m('c0', 'a', 2, 'c0')])
    expect(tree.map((n) => n.applicationMenuId)).toEqual(['b', 'a', 'orphan'])
    expect(tree[1]!.children.map((n) => n.applicationMenuId)).toEqual(['c1', 'c0', 'c2'])
  })

  it('suggests the next sort code', () => {
    expect(nextSort([])).toBe(1)
    expect(nextSort([{ sort: 3 }, { sort: 7 }])).toBe(8)
  })

  it('moves a menu: it goes first with its new parent, then the siblings whose sort code changes', () => {
    const idx = indexTree(buildMenuTree(flat), menuAccess)
    // c2 up above c1
    expect(moveUpdates(idx, 'c2', { parentId: 'a', index: 0 }).map((u) => [u.menu.applicationMenuId, u.parentId, u.sort])).toEqual([
      ['c2', 'a', 1],
      ['c1', 'a', 2],
    ])
    // b under a, last: only b changes (a's children already 1, 2)
    expect(moveUpdates(idx, 'b', { parentId: 'a', index: 2 }).map((u) => [u.menu.applicationMenuId, u.parentId, u.sort])).toEqual([
      ['b', 'a', 3],
    ])
    // d to the top level, first: the roots renumbered after it
    expect(moveUpdates(idx, 'd', { parentId: null, index: 0 }).map((u) => [u.menu.applicationMenuId, u.parentId, u.sort])).toEqual([
      ['d', null, 1],
      ['b', null, 2],
      ['a', null, 3],
      ['orphan', null, 4],
    ])
    const body = moveBody(moveUpdates(idx, 'b', { parentId: 'a', index: 2 })[0]!)
    expect(body).toMatchObject({ applicationMenuId: 'b', parentId: 'a', sort: 3, version: 1, functionList: [] })
  })
})
