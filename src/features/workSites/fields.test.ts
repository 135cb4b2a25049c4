/**
 * One description per field (issue 27): a field added to the work sites' declaration reaches the
 * schema, the list, the form, the Excel sheet and the outbox's view with nothing else written; and
 * every declared label has its zh and en text.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineFields, offlineFields } from '@/contract/fields'
import { WORK_SITE_FIELDS } from '@/contract/fields/workSite'
import { declaredShape } from '@/contract/schemas/fields'
import { workSiteFields, workSiteListQuery } from '@/contract/schemas/workSite'
import { declaredFieldProps } from '@/lib/crud/DeclaredField'
import { declaredColumns, declaredFilters } from '@/lib/crud/declared'
import { loadTexts, translate } from '@/lib/i18n'
import * as workSites from '@/lib/i18n/locales/workSites'
import { workSite } from '../../../server/db/schema'
import { columnsOf, localeTexts } from '../../../server/lib/fields'
import { workSiteExcelColumns, workSiteSheetSelection } from '../../../server/modules/workSite/excel'

const [extra] = defineFields('workSites.field', [
  { key: 'remark', label: 'workSites.section.about', kind: 'text', max: 120, list: true, form: true, excel: true, offline: true },
])
const fields = [...WORK_SITE_FIELDS, extra!]
const t = (key: string, params?: Record<string, string | number>) => translate('zh', key, params)

describe('work-site fields, declared once', () => {
  beforeAll(() => loadTexts('workSites'))

  it('a field added to the declaration is in the schema, the list, the form, the Excel sheet and the offline edit', () => {
    const schema = z.object(declaredShape(fields))
    expect(schema.shape).toHaveProperty('remark')
    expect(schema.safeParse({ ...sample, remark: 'x'.repeat(121) }).error?.issues).toMatchObject([
      { path: ['remark'], message: 'v.tooLong:120' },
    ])
    expect(schema.parse({ ...sample, remark: ' 夜间施工 ' }).remark).toBe('夜间施工')

    expect(declaredColumns(fields, t).map((c) => c.key)).toContain('remark')
    expect(declaredFieldProps(extra!, t)).toMatchObject({ name: 'remark', kind: 'text', maxLength: 120 })
    expect(workSiteExcelColumns(fields).find((c) => c.field === 'remark')).toMatchObject({ title: { zh: '说明', en: 'Description' } })
    expect(Object.keys(workSiteSheetSelection(fields.filter((f) => f !== extra)))).not.toContain('remark')
    expect(offlineFields(fields, t).map((f) => f.key)).toContain('remark')
  })

  it('without it, none of them has it: the work sites read the same declaration', () => {
    expect(workSiteFields.shape).not.toHaveProperty('remark')
    expect(Object.keys(workSiteFields.shape)).toEqual(WORK_SITE_FIELDS.map((f) => f.key))
    expect(declaredColumns(WORK_SITE_FIELDS, t).map((c) => c.key)).not.toContain('remark')
    expect(workSiteExcelColumns().map((c) => c.field)).toEqual([
      'workSiteName',
      'workSiteCode',
      'siteType',
      'status',
      'lineCode',
      'designUnitCode',
      'startMileage',
      'endMileage',
      'containerCode',
      'address',
      'longitude',
      'latitude',
      'description',
    ])
  })

  it('takes the bounds from the declaration: the form has no length of its own', () => {
    const byKey = Object.fromEntries(WORK_SITE_FIELDS.map((f) => [f.key, declaredFieldProps(f, t)]))
    expect(byKey.workSiteName).toMatchObject({ label: '工点名称', required: true, maxLength: 60 })
    expect(byKey.description).toMatchObject({ kind: 'textarea', maxLength: 1000 })
    expect(byKey.longitude).toMatchObject({ kind: 'decimal' })
    expect(byKey.siteType!.options).toContainEqual({ value: 'bridge', label: '桥梁' })
    expect(byKey.lineId).toMatchObject({ kind: 'select', options: [] })
    const lines = [{ value: 'l1', label: '正线（ZX）' }]
    expect(
      declaredFieldProps(
        WORK_SITE_FIELDS.find((f) => f.key === 'lineId')!,
        t,
        { line: lines },
      ).options,
    ).toEqual(lines)
    // a source's filter shows once it has options
    expect(declaredFilters(WORK_SITE_FIELDS, t).map((f) => f.name)).toEqual(['siteType', 'status'])
    expect(declaredFilters(WORK_SITE_FIELDS, t, { line: lines }).map((f) => f.name)).toEqual(['siteType', 'status', 'lineId'])
    // a design unit's form links to its sites: ?designUnitId= filters the list
    const units = [{ value: 'd1', label: '设计单元1（DU-01）' }]
    expect(declaredFilters(WORK_SITE_FIELDS, t, { line: lines, designUnit: units }).at(-1)).toMatchObject({
      name: 'designUnitId',
      label: '设计单元',
      kind: 'select',
      options: units,
    })
    expect(workSiteListQuery.parse({ designUnitId: '01a21729-1aba-7040-9e10-2642f3aa36f3' })).toMatchObject({
      designUnitId: '01a21729-1aba-7040-9e10-2642f3aa36f3',
    })
  })

  it('has a zh and an en text for every label and option, and a column for every field', () => {
    const text = localeTexts({ workSites })
    for (const f of WORK_SITE_FIELDS) {
      expect(() => text(f.label), f.key).not.toThrow()
      if ('options' in f) for (const o of f.options) expect(() => text(`${f.optionLabels}.${o}`)).not.toThrow()
    }
    expect(Object.keys(columnsOf(workSite, WORK_SITE_FIELDS))).toEqual(WORK_SITE_FIELDS.map((f) => f.key))
    // a field without its column is refused when the gateway starts
    expect(() => columnsOf(workSite, [extra!])).toThrow(/remark.*migration/)
  })
})

const sample = { workSiteName: '汉江特大桥', workSiteCode: 'GD-1', siteType: 'bridge' }
