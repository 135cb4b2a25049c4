/** What a list screen declares: its columns and its filters. */
import type { ReactNode } from 'react'
import { formatDateTime } from '../format'

export interface ListColumn<T> {
  /** The record field; also the `sortBy` sent to the server. */
  key: string
  header: string
  /** Cell content; default: the field's value, or -- when empty. */
  cell?: (row: T) => ReactNode
  /** Value written to the CSV export; default: the field's value. */
  exportValue?: (row: T) => unknown
  sortable?: boolean
  /** Hidden until the user shows it in the column settings. */
  defaultHidden?: boolean
  align?: 'left' | 'center' | 'right'
  /** Width in px (`<VirtualTable>` lays columns out at fixed widths; default 140). */
  width?: number
  className?: string
}

export interface FilterField {
  /** The query parameter. */
  name: string
  label: string
  /** `date`: a day (`YYYY-MM-DD`) picked in the browser's date input. */
  kind?: 'text' | 'select' | 'date'
  options?: readonly { value: string | number; label: string }[]
  placeholder?: string
}

/** A cell's default content: the value, or a muted -- when empty. */
export function plainCell(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return <span className="text-muted-foreground">--</span>
  return String(value)
}

export function alignClass(align: ListColumn<unknown>['align']) {
  return align === 'right' ? 'text-right' : align === 'center' ? 'text-center' : undefined
}

/** A column whose cell and CSV value are the same text of the row (an option's label, a formatted value). */
export function textColumn<T>(key: string, header: string, text: (row: T) => string, more: Partial<ListColumn<T>> = {}): ListColumn<T> {
  return { key, header, cell: text, exportValue: text, ...more }
}

/** A date-time column: the row's `key` as formatDateTime writes it, in muted figures; the CSV gets the same text. */
export function timeColumn<T>(key: keyof T & string, header: string, more: Partial<ListColumn<T>> = {}): ListColumn<T> {
  const text = (row: T) => formatDateTime(row[key] as string | null | undefined)
  return { key, header, cell: (row) => <span className="tabular-nums text-muted-foreground">{text(row)}</span>, exportValue: text, ...more }
}

/** A figure column: the row's `key` right-aligned in even-width figures; the CSV gets the value. */
export function numberColumn<T>(key: keyof T & string, header: string, more: Partial<ListColumn<T>> = {}): ListColumn<T> {
  return { key, header, align: 'right', cell: (row) => <span className="tabular-nums">{row[key] as ReactNode}</span>, ...more }
}
