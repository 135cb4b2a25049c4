/**
 * Demo tabulation (embedded database only): a group 质量验收 with one published template, 检验批质量验收记录
 * — a merged title, a bordered table, fill-in cells — whose rules let the organisation administrators
 * (组织管理员) fill the measured values and the project managers (项目经理) see them and fill the
 * conclusion. Written through the tabulation module's commands, as the console would.
 */
import { newId } from '../../src/contract/ids'
import type { TabSheet } from '../../src/contract/schemas/tabulation'
import type { Db } from '../db/client'
import { groupTree, insertTemplate, publishTemplate, saveRules } from '../modules/tabulation'
import { SEED_STAMP } from './rows'

const thin = { t: 'thin', r: 'thin', b: 'thin', l: 'thin' } as const

const DEMO_SHEET: TabSheet = {
  rows: 8,
  cols: 5,
  cells: {
    A1: { v: '检验批质量验收记录', s: { b: true, sz: 16, h: 'center', v: 'middle' } },
    A3: { v: '验收项目', s: { b: true, fill: '#DDEBF7', border: thin } },
    B3: { v: '设计值', s: { b: true, fill: '#DDEBF7', border: thin } },
    C3: { v: '实测值', s: { b: true, fill: '#DDEBF7', border: thin } },
    D3: { v: '偏差', s: { b: true, fill: '#DDEBF7', border: thin } },
    A4: { v: '钢筋间距(mm)', s: { border: thin } },
    B4: { v: 200, s: { border: thin } },
    C4: { s: { border: thin, numFmt: '0.0' } },
    D4: { f: 'C4-B4', s: { border: thin, numFmt: '0.0' } },
    A5: { v: '保护层厚度(mm)', s: { border: thin } },
    B5: { v: 35, s: { border: thin } },
    C5: { s: { border: thin, numFmt: '0.0' } },
    D5: { f: 'C5-B5', s: { border: thin, numFmt: '0.0' } },
    A7: { v: '验收结论' },
    A8: { v: '检查日期' },
  },
  merges: ['A1:E1', 'B7:E7'],
  colWidths: { A: 18, B: 12, C: 12, D: 12, E: 12 },
  rowHeights: { '1': 32 },
  fillIns: {
    C4: { kind: 'number', precision: 1, required: true, label: '钢筋间距实测值' },
    C5: { kind: 'number', precision: 1, required: true, label: '保护层厚度实测值' },
    B7: { kind: 'choice', options: ['合格', '不合格'], required: true, label: '验收结论' },
    B8: { kind: 'date', required: false, label: '检查日期' },
  },
}

export async function seedTabulationDemo(tx: Db, roleIds: Map<string, string>): Promise<void> {
  const fillers = roleIds.get('orgadmin')
  const managers = roleIds.get('pm')
  if (!fillers || !managers) return
  const group = await groupTree.insert(tx, { tabGroupId: newId(), groupName: '质量验收', ...SEED_STAMP }, { parentId: null })
  const template = await insertTemplate(
    tx,
    null,
    { tabGroupId: group.id, name: '检验批质量验收记录', code: 'JYP-001', description: '钢筋工程检验批', sheet: DEMO_SHEET },
    'system',
  )
  await saveRules(tx, template.tabTemplateId, [
    { subjectKind: 'role', subjectId: fillers, range: 'C4:C5', access: 'edit' },
    { subjectKind: 'role', subjectId: fillers, range: 'B8', access: 'edit' },
    { subjectKind: 'role', subjectId: managers, range: 'C4:C5', access: 'view' },
    { subjectKind: 'role', subjectId: managers, range: 'B7', access: 'edit' },
    { subjectKind: 'role', subjectId: fillers, range: 'B7', access: 'view' },
  ])
  await publishTemplate(tx, template.tabTemplateId, template.version, 'system')
}
