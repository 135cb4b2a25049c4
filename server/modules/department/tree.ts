/**
 * The department tree of an organisation (SPEC §9 categories: organisation 1, department 2) and
 * head counts: active staff of a node and everything under it.
 */
import { asc, inArray } from 'drizzle-orm'
import type { DeptTreeNode, DeptType } from '../../../src/contract/schemas/people'
import { TREE_CATEGORY } from '../../../src/contract/schemas/people'
import type { Db } from '../../db/client'
import { department } from '../../db/schema'
import { activeStaffCounts } from './staffPort'
import { defineTree } from '../../lib/tree'
import { orgSubtreeIds, unitsForTree } from '../org'

type DeptRow = typeof department.$inferSelect

/** The departments of every organisation: one tree per organisation (locks per organisation), paths of department ids. */
export const deptTree = defineTree({
  table: department,
  id: department.departmentId,
  scope: department.organizationId,
  cycle: { zh: '不能移动到自身或其下级部门之下', en: 'A department cannot be placed under itself or one of its sub-departments' },
})

/** SQL: the ids of the department and its descendants (an indexed path range). */
export const deptSubtreeSql = (rootId: string) => deptTree.subtreeSql(rootId)

/** A department and the departments above it, root first, with their names (the signed-in account's place). */
export async function departmentPath(db: Db, departmentId: string): Promise<{ id: string; name: string }[]> {
  const ids = [...(await deptTree.ancestorIds(db, departmentId)), departmentId]
  const rows = await db
    .select({ id: department.departmentId, name: department.departmentName })
    .from(department)
    .where(inArray(department.departmentId, ids))
  const name = new Map(rows.map((r) => [r.id, r.name]))
  return ids.filter((id) => name.has(id)).map((id) => ({ id, name: name.get(id)! }))
}

/** Which of these departments exist. */
export async function existingDepartmentIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set()
  const rows = await db.select({ id: department.departmentId }).from(department).where(inArray(department.departmentId, ids))
  return new Set(rows.map((r) => r.id))
}

/** Head count of each department (its own staff and those of its sub-departments). */
export async function deptHeadCounts(db: Db, depts: DeptRow[]): Promise<Map<string, number>> {
  const orgIds = [...new Set(depts.map((d) => d.organizationId))]
  const all = orgIds.length ? await db.select().from(department).where(inArray(department.organizationId, orgIds)) : []
  const parent = new Map(all.map((d) => [d.departmentId, d.parentId]))
  const totals = new Map<string, number>()
  for (const c of await activeStaffCounts(db, orgIds)) {
    // Walk up from the staff's department, adding to each ancestor (guarding against a cycle).
    for (let id = c.departmentId, steps = 0; id && steps < 1000; id = parent.get(id) ?? null, steps++)
      totals.set(id, (totals.get(id) ?? 0) + c.n)
  }
  return totals
}

const bySort = <T extends { sort: number; name: string }>(a: T, b: T) => a.sort - b.sort || a.name.localeCompare(b.name, 'zh')

/**
 * The tree under organisation `rootId`: child organisations (only those in `visible`, null = all)
 * and departments, each with its head count.
 */
export async function buildDeptTree(db: Db, rootId: string, visible: string[] | null): Promise<DeptTreeNode | null> {
  const subtree = await orgSubtreeIds(db, rootId)
  const allowed = visible === null ? null : new Set(visible)
  const orgIds = subtree.filter((id) => allowed === null || allowed.has(id))
  if (!orgIds.includes(rootId)) return null
  const orgs = await unitsForTree(db, orgIds)
  const depts = await db
    .select()
    .from(department)
    .where(inArray(department.organizationId, orgIds))
    .orderBy(asc(department.sort), asc(department.departmentName))
  const counts = await activeStaffCounts(db, orgIds)

  const nodes = new Map<string, DeptTreeNode>()
  for (const o of orgs) {
    nodes.set(o.id, {
      id: o.id,
      name: o.name,
      category: TREE_CATEGORY.organization,
      type: (o.unitKind as DeptType | null) ?? 'company',
      parentId: o.id === rootId ? null : o.parentId,
      organizationId: o.id,
      headCount: 0,
      status: o.status,
      sort: o.sort,
      version: o.version,
      children: [],
    })
  }
  for (const d of depts) {
    nodes.set(d.departmentId, {
      id: d.departmentId,
      name: d.departmentName,
      category: TREE_CATEGORY.department,
      type: 'department',
      parentId: d.parentId ?? d.organizationId,
      organizationId: d.organizationId,
      headCount: 0,
      status: d.status,
      sort: d.sort,
      version: d.version,
      children: [],
    })
  }
  for (const c of counts) {
    const start = c.departmentId && nodes.has(c.departmentId) ? c.departmentId : c.organizationId
    for (let n = nodes.get(start), steps = 0; n && steps < 10_000; n = n.parentId ? nodes.get(n.parentId) : undefined, steps++)
      n.headCount += c.n
  }
  const root = nodes.get(rootId)!
  for (const n of nodes.values()) {
    if (n === root || !n.parentId) continue
    nodes.get(n.parentId)?.children!.push(n)
  }
  for (const n of nodes.values()) {
    // Organisations first, then departments, each by sort code and name.
    n.children!.sort((a, b) => a.category - b.category || bySort(a, b))
    if (n.children!.length === 0) delete n.children
  }
  return root
}
