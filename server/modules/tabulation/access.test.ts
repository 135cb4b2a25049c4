/** Cell rules and addresses, without a database: who sees and writes which cells; ranges and formulas of the contract. */
import { describe, expect, it } from 'vitest'
import { colName, colNumber, formulaWithinSheet, parseRange, rangeText } from '../../../src/contract/schemas/tabulation'
import { cellAccess, visibleSheet, type RuleRow, type Subjects } from './access'

const me: Subjects = {
  account: 'acc',
  organization: 'unit',
  department: 'dept',
  roles: new Set(['builder']),
  workflowRoles: new Set(['qa']),
}
const rule = (
  subjectKind: string,
  subjectId: string,
  cellRange: string,
  access: 'view' | 'edit',
  nodeId: string | null = null,
): RuleRow => ({
  subjectKind,
  subjectId,
  cellRange,
  access,
  nodeId,
})

describe('cell access', () => {
  it('shows cells no rule names, hides those named for others, writes only through an edit rule that applies now', () => {
    const rules = [
      rule('role', 'builder', 'B2:C3', 'edit'),
      rule('role', 'supervisor', 'D4', 'edit'),
      rule('department', 'dept', 'E5', 'view'),
      rule('workflowRole', 'qa', 'F6', 'edit', 'review'),
    ]
    const a = cellAccess(rules, me, { nodeIds: new Set(), submitted: false })
    expect(['A1', 'B2', 'C3', 'E5'].map(a.canView)).toEqual([true, true, true, true])
    expect(['D4', 'F6'].map(a.canView)).toEqual([false, false])
    expect(['A1', 'B2', 'C3', 'E5', 'D4'].map(a.canEdit)).toEqual([false, true, true, false, false])
    const atReview = cellAccess(rules, me, { nodeIds: new Set(['review']), submitted: false })
    expect([atReview.canView('F6'), atReview.canEdit('F6')]).toEqual([true, true])
    const submitted = cellAccess(rules, me, { nodeIds: new Set(), submitted: true })
    expect([submitted.canView('B2'), submitted.canEdit('B2')]).toEqual([true, false])
    // submitted, its instance waiting at review: only the rule at that node writes
    const reviewing = cellAccess(rules, me, { nodeIds: new Set(['review']), submitted: true })
    expect([reviewing.canEdit('B2'), reviewing.canEdit('F6')]).toEqual([false, true])
  })

  it('leaves hidden cells and their fill-in definitions out of the layout', () => {
    const a = cellAccess([rule('account', 'someone-else', 'B1', 'edit')], me, { nodeIds: new Set(), submitted: false })
    const sheet = visibleSheet(
      {
        rows: 2,
        cols: 2,
        cells: { A1: { v: '标题' }, B1: { v: '隐藏' } },
        merges: [],
        colWidths: {},
        rowHeights: {},
        fillIns: { B1: { kind: 'date', label: '日期', required: false } },
      },
      a,
    )
    expect(sheet.cells).toEqual({ A1: { v: '标题' } })
    expect(sheet.fillIns).toEqual({})
  })
})

describe('addresses', () => {
  it('converts columns and ranges', () => {
    expect([colName(1), colName(26), colName(27), colName(200)]).toEqual(['A', 'Z', 'AA', 'GR'])
    expect(colNumber('GR')).toBe(200)
    expect(rangeText(parseRange('D5:B3')!)).toBe('B3:D5')
    expect(parseRange('B3')).toEqual({ top: 3, left: 2, bottom: 3, right: 2 })
    expect(parseRange('A0')).toBeNull()
    expect(parseRange('A1:B2:C3')).toBeNull()
  })

  it('keeps formulas within the sheet', () => {
    expect(formulaWithinSheet('SUM(A1:B2)*2')).toBe(true)
    expect(formulaWithinSheet('IF(A1>0,"合格!","不合格")')).toBe(true)
    expect(formulaWithinSheet("'参数'!A1")).toBe(false)
    expect(formulaWithinSheet('[1]Sheet1!A1')).toBe(false)
  })
})
