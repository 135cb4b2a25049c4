import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineFields, excelColumns, fieldOf, fieldsIn, formValues, maxima, offlineFields, valueText } from './fields'
import { declaredShape, filterShape } from './schemas/fields'

const FIELDS = defineFields('test.field', [
  { key: 'name', kind: 'text', max: 10, format: 'name', required: true, list: true, form: true, excel: true, offline: true },
  { key: 'note', kind: 'text', max: 5, multiline: true, form: true, filter: true },
  { key: 'phone', kind: 'text', max: 20, format: 'tel' },
  { key: 'qty', kind: 'number', precision: 2, min: 0, max: 100, required: true, excel: true },
  { key: 'due', kind: 'date' },
  {
    key: 'state',
    kind: 'choice',
    options: ['a', 'b'],
    optionLabels: 'test.state',
    required: true,
    default: 'a',
    filter: true,
    offline: true,
    excel: true,
  },
  { key: 'lineId', kind: 'choice', source: 'line', filter: true, excel: true },
  { key: 'owner', kind: 'person', label: 'test.owner' },
  { key: 'sign', kind: 'signature' },
  { key: 'photos', kind: 'photos', max: 2, countLabel: 'test.count', offline: true },
  { key: 'from', kind: 'mileage' },
  { key: 'done', kind: 'switch', offline: true },
])
const schema = z.object(declaredShape(FIELDS))
const ID = '0190f3a0-0000-7000-8000-000000000001'
const errors = (v: unknown) => {
  const r = schema.safeParse(v)
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('field declarations', () => {
  it('label each field under the prefix unless it names its own', () => {
    expect(FIELDS.map((f) => f.label).slice(0, 2)).toEqual(['test.field.name', 'test.field.note'])
    expect(FIELDS.find((f) => f.key === 'owner')!.label).toBe('test.owner')
    expect(fieldsIn(FIELDS, 'filter').map((f) => f.key)).toEqual(['note', 'state', 'lineId'])
  })

  it('give the schema its bounds: lengths, formats, ranges, options, ids, counts', () => {
    const ok = schema.parse({ name: ' 桥 ', qty: '12.345', lineId: '', photos: [ID], from: 'dk1+2', due: '2026-02-28', done: true })
    expect(ok).toMatchObject({ name: '桥', qty: 12.35, state: 'a', lineId: null, from: 'DK1+002.000', due: '2026-02-28', done: true })
    expect(errors({})).toEqual({ name: 'v.required', qty: 'v.required' })
    expect(
      errors({
        name: '#x',
        note: '123456',
        phone: '12345',
        qty: 101,
        due: '2026-02-30',
        state: 'c',
        lineId: 'x',
        owner: 'x',
        photos: [ID, ID, ID],
        from: 'K12-3',
        done: 'yes',
      }),
    ).toEqual({
      name: 'v.nameStart',
      note: 'v.tooLong:5',
      phone: 'v.tel',
      qty: 'v.invalid',
      due: 'v.date',
      state: 'v.required',
      lineId: 'v.invalid',
      owner: 'v.invalid',
      photos: 'v.tooLarge:2',
      from: 'v.mileage',
      done: 'v.invalid',
    })
    expect(errors({ name: 'x', qty: 'many' })).toEqual({ qty: 'v.invalid' })
  })

  it('give the list query its filters', () => {
    const q = z.object(filterShape(FIELDS))
    expect(q.parse({ note: ' n ', state: 'b', lineId: ID })).toEqual({ note: 'n', state: 'b', lineId: ID })
    expect(q.safeParse({ state: 'c' }).success).toBe(false)
    expect(() => filterShape([{ key: 'x', kind: 'photos', max: 1, countLabel: 'c', filter: true }])).toThrow(/no filter/)
  })

  it('give the outbox its fields, with readable values', () => {
    const t = (key: string, p?: Record<string, string | number>) => (p ? `${key}(${p.n})` : key)
    const spec = offlineFields(FIELDS, t)
    expect(spec.map((s) => s.key)).toEqual(['name', 'state', 'photos', 'done'])
    expect(spec.map((s) => s.format?.({ state: 'b', photos: [ID, ID], done: false, name: 'n' }[s.key]) ?? null)).toEqual([
      null,
      'test.state.b',
      'test.count(2)',
      'common.no',
    ])
  })

  it('give the Excel sheet its columns; a choice of a source needs its own', () => {
    const text = (key: string) => ({ zh: `zh:${key}`, en: `en:${key}` })
    expect(() => excelColumns(FIELDS, text)).toThrow(/lineId/)
    const line = { field: 'lineCode', title: { zh: '线路编码', en: 'Line code' } }
    const cols = excelColumns(FIELDS, text, { lineId: line })
    expect(cols.map((c) => c.field)).toEqual(['name', 'qty', 'state', 'lineCode'])
    expect(cols[0]).toMatchObject({ title: { zh: 'zh:test.field.name' }, required: true })
    // a choice with a default may be left empty
    expect(cols[2]).toMatchObject({ values: [{ value: 'a', label: { en: 'en:test.state.a' } }, { value: 'b' }] })
    expect(cols[2]!.required).toBeUndefined()
  })

  it('give the form its values from a record', () => {
    expect(formValues(FIELDS, { name: 'n', qty: 1.5, photos: null })).toMatchObject({ name: 'n', qty: '1.5', due: null, photos: [] })
  })

  it('take numbers as a choice’s options and 1/0 as a switch’s values', () => {
    const CODED = defineFields('test.field', [
      { key: 'level', kind: 'choice', options: [1, 2], optionLabels: 'test.level', optionKey: 'n', required: true },
      { key: 'status', kind: 'switch', numeric: true, default: 1 },
      { key: 'sort', kind: 'number', precision: 0, min: 1, required: true, default: 1 },
    ])
    const coded = z.object(declaredShape(CODED))
    expect(coded.parse({ level: '2' })).toEqual({ level: 2, status: 1, sort: 1 })
    expect(coded.safeParse({ level: 3 }).success).toBe(false)
    expect(coded.safeParse({ level: 1, status: 2 }).success).toBe(false)
    expect(coded.safeParse({ level: 1, sort: 0 }).success).toBe(false)
    expect(valueText(fieldOf(CODED, 'level'), (k) => k)?.(2)).toBe('test.level.n2')
    expect(z.object(filterShape(defineFields('f', [{ ...CODED[0], filter: true }]))).parse({ level: '1' })).toEqual({ level: 1 })
  })

  it('give a schema written by hand its bounds', () => {
    expect(maxima(FIELDS)).toEqual({ name: 10, note: 5, phone: 20, qty: 100, photos: 2 })
    expect(() => fieldOf(FIELDS, 'nope' as 'name')).toThrow(/nope/)
  })
})
