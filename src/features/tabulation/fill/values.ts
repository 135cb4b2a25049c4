/**
 * A fill-in cell's value between the contract (number, text, id, ids, null) and the form's controls
 * (text inputs hold strings): into the form, checked as the gateway will, and back.
 */
import type { TabCellValue, TabFillIn } from '@/contract/schemas/tabulation'

/** The form's values by address. */
export type FormCells = Record<string, unknown>

export const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)

/** A cell's value as its control holds it. */
export function toForm(f: TabFillIn, v: TabCellValue | undefined): unknown {
  switch (f.kind) {
    case 'photos':
      return Array.isArray(v) ? v : []
    case 'choice':
    case 'person':
    case 'signature':
      return typeof v === 'string' ? v : null
    default:
      return v === null || v === undefined ? '' : String(v)
  }
}

export function formOf(fillIns: Record<string, TabFillIn>, cells: Record<string, TabCellValue>): FormCells {
  return Object.fromEntries(Object.entries(fillIns).map(([a, f]) => [a, toForm(f, cells[a])]))
}

/** The value sent for a control's value (null clears the cell); call after problemOf. */
export function valueOf(f: TabFillIn, x: unknown): TabCellValue {
  if (isEmpty(x)) return null
  switch (f.kind) {
    case 'number':
      return Number(String(x).trim())
    case 'photos':
      return x as string[]
    case 'text':
      return String(x)
    default:
      return String(x).trim()
  }
}

export interface Problem {
  key: 'tabulation.fill.badNumber' | 'tabulation.fill.outOfRange' | 'tabulation.fill.tooLong' | 'tabulation.fill.badDate'
  params: Record<string, string | number>
}

/** What is wrong with a control's value for its cell (as the gateway checks it), or null. */
export function problemOf(f: TabFillIn, x: unknown): Problem | null {
  if (isEmpty(x)) return null
  switch (f.kind) {
    case 'number': {
      const s = String(x).trim()
      const m = /^-?\d+(?:\.(\d+))?$/.exec(s)
      if (!m || (m[1]?.length ?? 0) > f.precision) return { key: 'tabulation.fill.badNumber', params: { n: f.precision } }
      const n = Number(s)
      if ((f.min !== undefined && n < f.min) || (f.max !== undefined && n > f.max))
        return { key: 'tabulation.fill.outOfRange', params: { min: f.min ?? '—', max: f.max ?? '—' } }
      return null
    }
    case 'text':
      return String(x).length > f.max ? { key: 'tabulation.fill.tooLong', params: { n: f.max } } : null
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(String(x)) ? null : { key: 'tabulation.fill.badDate', params: {} }
    default:
      return null
  }
}
