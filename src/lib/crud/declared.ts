/**
 * Declared fields (src/contract/fields.ts) in a list: its columns and filters, and the choices of the
 * options sources a screen read (a project's lines, its staff…). No form code: a list screen starts
 * with this, its form's fields (./DeclaredField) load with the dialog (./FormDialog).
 *
 *   columns={declaredColumns(FIELDS, t, { status: { cell: (s) => <StatusBadge status={s.status} /> } })}
 */
import {
  fieldsIn,
  isDictChoice,
  isEnumChoice,
  optionLabel,
  placement,
  sourceOf,
  valueText,
  type Declared,
  type DictionaryKey,
  type OptionSource,
  type Translate,
} from '@/contract/fields'
import { translate, useT } from '@/lib/i18n'
import { plainCell, type FilterField, type ListColumn } from './list/types'

type Option = { value: string | number; label: string; group?: string }
/** The choices of the options sources, as the screen read them (a data dictionary key's: read by the field itself unless given). */
export type OptionSources = Partial<Record<OptionSource | DictionaryKey, readonly Option[]>>

/** `t` for the keys a declaration names (plain strings). */
export function useTranslate(): Translate {
  const { locale } = useT()
  return (key, params) => translate(locale, key, params)
}

/** A choice field's options: its enum's values, or the choices of its source (a dictionary's, a screen's). */
export function optionsOf(f: Declared, t: Translate, sources: OptionSources): readonly Option[] | undefined {
  if (isEnumChoice(f)) return f.options.map((value: string | number) => ({ value, label: t(optionLabel(f, value)) }))
  if (isDictChoice(f)) return sources[f.dictionary]
  const source = sourceOf(f)
  return source ? sources[source] : undefined
}

/** The list's columns of the fields placed in it, in their order; `custom` adds to (or replaces) a field's column. */
export function declaredColumns<T>(
  fields: readonly Declared[],
  t: Translate,
  custom: Partial<Record<string, Partial<ListColumn<T>>>> = {},
): ListColumn<T>[] {
  return fieldsIn(fields, 'list').map((f) => {
    const p = placement(f, 'list')
    const key = p.show ?? f.key
    const text = valueText(f, t)
    const value = (row: T) => (row as Record<string, unknown>)[key]
    const column: ListColumn<T> = { key, header: t(f.label) }
    if (p.sortable) column.sortable = true
    if (p.hidden) column.defaultHidden = true
    if (p.width) column.width = p.width
    if (p.show || (f.kind === 'text' && f.max > 60)) column.className = 'max-w-[14rem] truncate'
    if (f.kind === 'number') column.align = 'right'
    if (text) {
      column.cell = (row) => text(value(row)) || plainCell(null)
      column.exportValue = (row) => text(value(row))
    }
    return { ...column, ...custom[f.key] }
  })
}

/** The list's filters of the fields declared as filters; a source's only once it has options. */
export function declaredFilters(fields: readonly Declared[], t: Translate, sources: OptionSources = {}): FilterField[] {
  return fieldsIn(fields, 'filter').flatMap((f): FilterField[] => {
    const label = t(f.label)
    const options = optionsOf(f, t, sources)
    if (options?.length) return [{ name: f.key, label, kind: 'select', options }]
    return sourceOf(f) ? [] : [{ name: f.key, label }]
  })
}
