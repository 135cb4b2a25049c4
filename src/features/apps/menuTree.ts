/** The flat menu list of an application as a tree by parentId, sorted by `sort` then name. */
import type { ApplicationMenu } from '@/contract/schemas/application'

export interface MenuTreeNode extends ApplicationMenu {
  children: MenuTreeNode[]
  depth: number
}

export function buildMenuTree(menus: readonly ApplicationMenu[]): MenuTreeNode[] {
  const nodes = new Map<string, MenuTreeNode>()
  for (const m of menus) nodes.set(m.applicationMenuId, { ...m, children: [], depth: 0 })
  const roots: MenuTreeNode[] = []
  for (const m of menus) {
    const node = nodes.get(m.applicationMenuId)!
    const parent = m.parentId && m.parentId !== m.applicationMenuId ? nodes.get(m.parentId) : undefined
    // a parent chain that loops back would hide nodes: attach such a node as a root instead
    if (parent && !isAncestor(node, parent, nodes)) parent.children.push(node)
    else roots.push(node)
  }
  const order = (list: MenuTreeNode[], depth: number) => {
    list.sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.menuName.localeCompare(b.menuName))
    for (const n of list) {
      n.depth = depth
      order(n.children, depth + 1)
    }
  }
  order(roots, 0)
  return roots
}

function isAncestor(node: MenuTreeNode, of: MenuTreeNode, nodes: Map<string, MenuTreeNode>): boolean {
  let cur: MenuTreeNode | undefined = of
  for (let i = 0; cur && i < nodes.size + 1; i++) {
    if (cur === node) return true
    cur = cur.parentId ? nodes.get(cur.parentId) : undefined
  }
  return false
}

/** Depth-first rows of the expanded part of the tree. */
export function visibleRows(tree: readonly MenuTreeNode[], expanded: ReadonlySet<string>): MenuTreeNode[] {
  const out: MenuTreeNode[] = []
  const walk = (list: readonly MenuTreeNode[]) => {
    for (const n of list) {
      out.push(n)
      if (n.children.length && expanded.has(n.applicationMenuId)) walk(n.children)
    }
  }
  walk(tree)
  return out
}

/** Number of descendants of a node. */
export function descendantCount(node: MenuTreeNode): number {
  return node.children.reduce((n, c) => n + 1 + descendantCount(c), 0)
}

/** Ids of nodes that have children (for "expand all"). */
export function parentIds(tree: readonly MenuTreeNode[]): string[] {
  const out: string[] = []
  const walk = (list: readonly MenuTreeNode[]) => {
    for (const n of list)
      if (n.children.length) {
        out.push(n.applicationMenuId)
        walk(n.children)
      }
  }
  walk(tree)
  return out
}

/** The next free sort code among siblings. */
export function nextSort(siblings: readonly { sort: number }[]): number {
  return siblings.reduce((m, s) => Math.max(m, s.sort ?? 0), 0) + 1
}
