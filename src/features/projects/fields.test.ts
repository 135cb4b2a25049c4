/**
 * The project area's fields, declared once (issue 27): the forms, the schemas' bounds and the
 * initialisation sheets' columns read the same declarations; every label has its zh and en text.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { excelColumns, placement, type Declared } from '@/contract/fields'
import {
  ENGINEERING_MAJOR_FIELDS,
  LINE_FIELDS,
  PROJECT_DEPARTMENT_FIELDS,
  PROJECT_FIELDS,
  PROJECT_ORG_FIELDS,
  PROJECT_UNIT_FIELDS,
} from '@/contract/fields/project'
import { lineAdd, projectDepartmentAdd, projectOrgAdd, projectUnitAdd } from '@/contract/schemas/project'
import { declaredFieldProps } from '@/lib/crud/DeclaredField'
import { loadTexts, translate } from '@/lib/i18n'
import * as projects from '@/lib/i18n/locales/projects'
import { localeTexts } from '../../../server/lib/fields'

const t = (key: string, params?: Record<string, string | number>) => translate('zh', key, params)
const ALL: readonly (readonly Declared[])[] = [
  PROJECT_FIELDS,
  PROJECT_UNIT_FIELDS,
  LINE_FIELDS,
  ENGINEERING_MAJOR_FIELDS,
  PROJECT_ORG_FIELDS,
  PROJECT_DEPARTMENT_FIELDS,
]
const P = '0190a0a0-0000-7000-8000-000000000001'

describe('project fields, declared once', () => {
  beforeAll(() => loadTexts('projects'))

  it('has a zh and an en text for every label, hint and option', () => {
    const text = localeTexts({ projects })
    for (const fields of ALL)
      for (const f of fields) {
        expect(() => text(f.label), f.key).not.toThrow()
        const hint = placement(f, 'form').hint
        if (hint) expect(() => text(hint)).not.toThrow()
        if ('options' in f) for (const o of f.options) expect(() => text(`${f.optionLabels}.${o}`)).not.toThrow()
      }
  })

  it('gives the forms their labels, bounds and marks', () => {
    const props = (fields: readonly Declared[]) => Object.fromEntries(fields.map((f) => [f.key, declaredFieldProps(f, t)]))
    expect(props(PROJECT_UNIT_FIELDS)).toMatchObject({
      unitType: { kind: 'select', label: '参建类型', required: true },
      unitCode: { maxLength: 50 },
      organizationId: { label: '单位', required: true, wide: true, hint: '从单位树中选择' },
      contactPerson: { maxLength: 30 },
      sort: { kind: 'number', required: true },
    })
    expect(props(LINE_FIELDS)).toMatchObject({ lineCode: { maxLength: 30, required: true }, lengthKm: { kind: 'decimal' } })
    expect(props(PROJECT_ORG_FIELDS).organizationId).toMatchObject({ label: '所属单位', wide: true, required: undefined })
    expect(props(PROJECT_DEPARTMENT_FIELDS).parentId).toMatchObject({ label: '上级部门', hint: '不选则为一级部门' })
  })

  it('bounds the schemas as declared', () => {
    const issue = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      r.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`)
    expect(issue(projectUnitAdd.safeParse({ projectId: P, unitType: 'design', organizationId: P, contactPerson: 'x'.repeat(31) }))).toEqual(
      ['contactPerson:v.tooLong:30'],
    )
    expect(issue(lineAdd.safeParse({ projectId: P, lineCode: 'ZX', lineName: '正线', lineType: 'main', lengthKm: 10_001 }))).toEqual([
      'lengthKm:v.tooLarge:10000',
    ])
    expect(issue(projectOrgAdd.safeParse({ projectId: P, projectOrganizationName: 'x'.repeat(101), projectOrgTypeId: 'manager' }))).toEqual(
      ['projectOrganizationName:v.tooLong:100'],
    )
    expect(projectDepartmentAdd.parse({ projectOrganizationId: P, departmentName: '工程部' })).toMatchObject({ sort: 1 })
  })

  it('gives the sheets their columns: a field with a default may be left empty', () => {
    const text = localeTexts({ projects })
    const cols = excelColumns(LINE_FIELDS, text)
    expect(cols.map((c) => c.field)).toEqual(['lineCode', 'lineType', 'lineName', 'lengthKm', 'sort'])
    expect(cols.filter((c) => c.required).map((c) => c.field)).toEqual(['lineCode', 'lineType', 'lineName'])
    expect(cols[1]!.values).toContainEqual({ value: 'main', label: { zh: '正线', en: 'Main line' } })
  })
})
