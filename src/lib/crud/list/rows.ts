/**
 * What a list's table needs of its rows and columns, for DataTable and VirtualTable alike: the
 * columns shown (the column settings), checkbox selection by row id, and a client-side sort by a
 * header. Paging, filtering and a server list's sorting are the gateway's.
 */
import type { Visibility } from '../columns'
import { plainCell, type ListColumn } from './types'

/** The rows checked, by id (a row absent is not checked). */
export type RowSelection = Record<string, boolean>

/** The columns shown: every one the column settings do not hide. */
export const shownColumns = <T>(columns: readonly ListColumn<T>[], visibility?: Visibility): ListColumn<T>[] =>
  columns.filter((c) => visibility?.[c.key] !== false)

/** A cell's content: the column's own rendering, or its field's value as text. */
export const cellContent = <T>(c: ListColumn<T>, row: T) => (c.cell ? c.cell(row) : plainCell((row as Record<string, unknown>)[c.key]))

/** The header checkbox over these rows' ids: all checked, some, or none (none when there are none). */
export function allChecked(ids: readonly string[], selection: RowSelection): boolean | 'indeterminate' {
  const n = ids.filter((id) => selection[id]).length
  return n === 0 ? false : n === ids.length ? true : 'indeterminate'
}

/** The selection with these ids checked or unchecked. */
export function withChecked(selection: RowSelection, ids: readonly string[], checked: boolean): RowSelection {
  const next = { ...selection }
  for (const id of ids) {
    if (checked) next[id] = true
    else delete next[id]
  }
  return next
}

/** A client-side sort: the column and its direction. */
export interface Sorting {
  key: string
  desc: boolean
}

/**
 * The sort after a click on a column's header: unsorted → its first direction (ascending for text,
 * descending for numbers and dates, judged by the first row's value) → the other → unsorted.
 */
export function nextSorting<T>(current: Sorting | null, key: string, rows: readonly T[]): Sorting | null {
  const first = rows.length > 0 && typeof (rows[0] as Record<string, unknown>)[key] === 'string' ? 'asc' : 'desc'
  if (current?.key !== key) return { key, desc: first === 'desc' }
  if ((current.desc ? 'desc' : 'asc') === first) return { key, desc: !current.desc }
  return null
}

/**
 * The rows in a sort's order (a new array; stable: equal values keep their order), values missing
 * last when ascending, first when descending; `compare` orders two present values.
 */
export function sortRows<T>(
  rows: readonly T[],
  sorting: Sorting | null,
  value: (row: T) => unknown,
  compare: (a: unknown, b: unknown) => number,
): readonly T[] {
  if (!sorting) return rows
  const sign = sorting.desc ? -1 : 1
  return [...rows].sort((a, b) => {
    const x = value(a)
    const y = value(b)
    if (x === undefined || y === undefined) return x === y ? 0 : sign * (x === undefined ? 1 : -1)
    return sign * compare(x, y)
  })
}
