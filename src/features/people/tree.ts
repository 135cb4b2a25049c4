/** Pure helpers over the department tree (organisation nodes category 1, department nodes category 2). */
import type { DeptTreeNode } from '@/contract/schemas/people'

export interface TreeRow {
  node: DeptTreeNode
  depth: number
  hasChildren: boolean
}

/** Every node, depth first. */
export function walk(nodes: readonly DeptTreeNode[], visit: (n: DeptTreeNode, depth: number, parent: DeptTreeNode | null) => void, depth = 0, parent: DeptTreeNode | null = null) {
  for (const n of nodes) {
    visit(n, depth, parent)
    if (n.children?.length) walk(n.children, visit, depth + 1, n)
  }
}

export function findNode(nodes: readonly DeptTreeNode[], id: string | null | undefined): DeptTreeNode | null {
  if (!id) return null
  let found: DeptTreeNode | null = null
  walk(nodes, (n) => {
    if (!found && n.id === id) found = n
  })
  return found
}

/** Ids from the root to the node (the node included); [] when absent. */
export function pathTo(nodes: readonly DeptTreeNode[], id: string): string[] {
  for (const n of nodes) {
    if (n.id === id) return [n.id]
    const sub = n.children ? pathTo(n.children, id) : []
    if (sub.length) return [n.id, ...sub]
  }
  return []
}

/** Ids of the nodes that have children (for "expand all"). */
export function parentIds(nodes: readonly DeptTreeNode[]): string[] {
  const out: string[] = []
  walk(nodes, (n) => {
    if (n.children?.length) out.push(n.id)
  })
  return out
}

/**
 * The rows to show: children of expanded nodes only; with a keyword, the matching nodes and their
 * ancestors, everything on the way expanded.
 */
export function visibleRows(nodes: readonly DeptTreeNode[], expanded: ReadonlySet<string>, keyword = ''): TreeRow[] {
  const k = keyword.trim().toLowerCase()
  const keep = new Set<string>()
  if (k) {
    const mark = (list: readonly DeptTreeNode[]): boolean => {
      let any = false
      for (const n of list) {
        const sub = n.children ? mark(n.children) : false
        if (sub || n.name.toLowerCase().includes(k)) {
          keep.add(n.id)
          any = true
        }
      }
      return any
    }
    mark(nodes)
  }
  const out: TreeRow[] = []
  const add = (list: readonly DeptTreeNode[], depth: number) => {
    for (const n of list) {
      if (k && !keep.has(n.id)) continue
      const hasChildren = !!n.children?.length
      out.push({ node: n, depth, hasChildren })
      if (hasChildren && (k ? true : expanded.has(n.id))) add(n.children!, depth + 1)
    }
  }
  add(nodes, 0)
  return out
}
