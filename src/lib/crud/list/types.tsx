/** What a list screen declares: its columns and its filters. */
import type { ReactNode } from 'react'

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
  kind?: 'text' | 'select'
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
