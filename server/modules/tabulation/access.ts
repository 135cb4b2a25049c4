/**
 * Who sees and writes which cells of a content (the cell permission rules, SPEC §7 cellPermission):
 *
 *  - a cell some rule names (any subject, view or edit, at any node) is restricted: it is seen only
 *    by a caller one of whose rules names it and applies now (no node, or the content's node);
 *  - a cell no rule names is seen by everyone who may open the content;
 *  - a fill-in cell is written only through an edit rule that names it and applies now, while the
 *    content is a draft — or, once submitted, through an edit rule at the node its workflow instance
 *    waits at (the instance its submit started when the template names a workflow model).
 *
 * A caller's subjects: its account, its unit, the department of its staff record, its active roles and
 * its workflow roles. Everything a content answers (open, lists, exports, a conflict's current state)
 * goes through `visibleSheet` / `visibleCells`, so a hidden range appears in no answer.
 */
import { parseAddress, parseRange, type CellRange, type TabCellValue, type TabSheet } from '../../../src/contract/schemas/tabulation'
import type { Db } from '../../db/client'
import type { AuthContext } from '../../types'
import { accountIdsWithin } from '../account'
import { existingDepartmentIds } from '../department'
import { orgNames } from '../org'
import { departmentOfAccount } from '../people'
import { activeRolesOf, roleIdsWithin } from '../role'
import { existingWfRoleIds, wfRoleIdsOfAccount } from '../workflow'

export interface Subjects {
  account: string
  organization: string | null
  department: string | null
  roles: Set<string>
  workflowRoles: Set<string>
}

export interface RuleRow {
  subjectKind: string
  subjectId: string
  cellRange: string
  access: string
  nodeId: string | null
}

export async function subjectsOf(db: Db, auth: AuthContext): Promise<Subjects> {
  const accountId = auth.account.accountId
  const [roles, department, workflowRoles] = await Promise.all([
    activeRolesOf(db, accountId),
    departmentOfAccount(db, accountId),
    wfRoleIdsOfAccount(db, accountId),
  ])
  return {
    account: accountId,
    organization: auth.account.organizationId,
    department,
    roles: new Set(roles.map((r) => r.roleId)),
    workflowRoles: new Set(workflowRoles),
  }
}

/** The indexes of the rules whose subject does not exist (a role, unit, department, workflow role or account). */
export async function rulesWithoutSubject(db: Db, rules: readonly { subjectKind: string; subjectId: string }[]): Promise<number[]> {
  const ids = (kind: string) => [...new Set(rules.filter((r) => r.subjectKind === kind).map((r) => r.subjectId))]
  const [roles, units, departments, workflowRoles, accounts] = await Promise.all([
    roleIdsWithin(db, ids('role'), null),
    orgNames(db, ids('organization')),
    existingDepartmentIds(db, ids('department')),
    existingWfRoleIds(db, ids('workflowRole')),
    ids('account').length ? accountIdsWithin(db, ids('account'), null) : [],
  ])
  const found: Record<string, Set<string>> = {
    role: new Set(roles),
    organization: new Set(units.map((u) => u.id)),
    department: departments,
    workflowRole: workflowRoles,
    account: new Set(accounts.map((a) => a.id)),
  }
  return rules.flatMap((r, i) => (found[r.subjectKind]?.has(r.subjectId) ? [] : [i]))
}

function holds(s: Subjects, rule: RuleRow): boolean {
  switch (rule.subjectKind) {
    case 'account':
      return rule.subjectId === s.account
    case 'organization':
      return rule.subjectId === s.organization
    case 'department':
      return rule.subjectId === s.department
    case 'role':
      return s.roles.has(rule.subjectId)
    case 'workflowRole':
      return s.workflowRoles.has(rule.subjectId)
    default:
      return false
  }
}

const covers = (ranges: CellRange[], address: string): boolean => {
  const p = parseAddress(address)
  return !!p && ranges.some((r) => p.row >= r.top && p.row <= r.bottom && p.col >= r.left && p.col <= r.right)
}

/** What one caller may do with the cells of one content. */
export interface CellAccess {
  canView(address: string): boolean
  canEdit(address: string): boolean
}

/**
 * `nodeIds`: where the content's workflow instance waits now (none: no instance, or it ended). A rule
 * at a node applies while the instance waits there. Once submitted, only edit rules at a node write.
 */
export function cellAccess(rules: RuleRow[], subjects: Subjects, at: { nodeIds: ReadonlySet<string>; submitted: boolean }): CellAccess {
  const rangesOf = (list: RuleRow[]) => list.map((r) => parseRange(r.cellRange)).filter((r): r is CellRange => r !== null)
  const restricted = rangesOf(rules)
  const mine = rules.filter((r) => holds(subjects, r) && (r.nodeId === null || at.nodeIds.has(r.nodeId)))
  const viewable = rangesOf(mine)
  const editable = rangesOf(mine.filter((r) => r.access === 'edit' && (!at.submitted || r.nodeId !== null)))
  return {
    canView: (a) => !covers(restricted, a) || covers(viewable, a),
    canEdit: (a) => covers(editable, a),
  }
}

/** The cell values the caller may view. */
export function visibleCells(cells: Record<string, TabCellValue>, access: CellAccess): Record<string, TabCellValue> {
  return Object.fromEntries(Object.entries(cells).filter(([a]) => access.canView(a)))
}

/** The layout without the cells (values, styles, fill-in definitions) the caller may not view. */
export function visibleSheet(sheet: TabSheet, access: CellAccess): TabSheet {
  return {
    ...sheet,
    cells: Object.fromEntries(Object.entries(sheet.cells).filter(([a]) => access.canView(a))),
    fillIns: Object.fromEntries(Object.entries(sheet.fillIns).filter(([a]) => access.canView(a))),
  }
}
