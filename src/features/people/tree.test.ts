import { describe, expect, it } from 'vitest'
import type { DeptTreeNode } from '@/contract/schemas/people'
import { findNode, parentIds, pathTo, visibleRows } from './tree'

const node = (id: string, name: string, children: DeptTreeNode[] = [], category: 1 | 2 = 2): DeptTreeNode => ({
  id,
  name,
  category,
  type: category === 1 ? 'company' : 'department',
  parentId: null,
  organizationId: 'o',
  headCount: 0,
  status: 1,
  sort: 1,
  version: 0,
  children,
})

const tree = [node('o', '中铁恒岳', [node('a', '工程部', [node('a1', '测量组')]), node('b', '安全部'), node('s', '一分公司', [node('s1', '工程部')], 1)], 1)]

describe('department tree', () => {
  it('shows children of expanded nodes only', () => {
    expect(visibleRows(tree, new Set()).map((r) => r.node.id)).toEqual(['o'])
    expect(visibleRows(tree, new Set(['o'])).map((r) => [r.node.id, r.depth])).toEqual([
      ['o', 0],
      ['a', 1],
      ['b', 1],
      ['s', 1],
    ])
  })

  it('filters by keyword, keeping ancestors, everything expanded', () => {
    expect(visibleRows(tree, new Set(), '工程').map((r) => r.node.id)).toEqual(['o', 'a', 's', 's1'])
    expect(visibleRows(tree, new Set(), '测量').map((r) => r.node.id)).toEqual(['o', 'a', 'a1'])
    expect(visibleRows(tree, new Set(['o']), 'nothing')).toEqual([])
  })

  it('finds nodes and paths', () => {
    expect(findNode(tree, 's1')?.name).toBe('工程部')
    expect(findNode(tree, 'x')).toBeNull()
    expect(pathTo(tree, 'a1')).toEqual(['o', 'a', 'a1'])
    expect(pathTo(tree, 'x')).toEqual([])
    expect(parentIds(tree)).toEqual(['o', 'a', 's'])
  })
})
