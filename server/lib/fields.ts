/**
 * The gateway's side of field declarations (src/contract/fields.ts): a declared field's key is its
 * table column, so a resource's selection, list filters and sort columns follow the declaration, and
 * the Excel titles are the labels' texts (src/lib/i18n/locales).
 */
import { eq, getTableColumns, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import { fieldsIn, placement, sourceOf, type Bilingual, type Declared, type FieldDecl } from '../../src/contract/fields'
import { contains } from './sql'

/** The table's columns of the fields, by key; a field without its column is refused (at start). */
export function columnsOf(table: PgTable, fields: readonly FieldDecl[]): Record<string, AnyPgColumn> {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>
  return Object.fromEntries(
    fields.map((f) => {
      const column = columns[f.key]
      if (!column) throw new Error(`${f.key} is declared but its table has no such column: add it and its migration`)
      return [f.key, column]
    }),
  )
}

/**
 * The table's columns of the fields a sheet holds (declared for Excel: the initialisation wizard's
 * sheets), those naming another record left out: the sheet names it by code or name, joined by the caller.
 */
export const sheetColumnsOf = (table: PgTable, fields: readonly Declared[]) =>
  columnsOf(
    table,
    fieldsIn(fields, 'excel').filter((f) => !sourceOf(f)),
  )

/** The sort columns of the list's sortable fields. */
export const sortableOf = (table: PgTable, fields: readonly Declared[]) =>
  columnsOf(
    table,
    fieldsIn(fields, 'list').filter((f) => placement(f, 'list').sortable),
  )

/** The conditions of a list query's declared filters: equal to the option or id, a text anywhere. */
export function filtersOf(table: PgTable, fields: readonly Declared[], q: Record<string, unknown>): (SQL | undefined)[] {
  const filters = fieldsIn(fields, 'filter')
  const columns = columnsOf(table, filters)
  return filters.map((f) => {
    const v = q[f.key]
    if (v === undefined || v === null || v === '') return undefined
    return f.kind === 'text' ? contains(columns[f.key]!, String(v)) : eq(columns[f.key]!, v)
  })
}

type Texts = Record<string, unknown>

/** The zh and en texts of i18n keys, from the locale modules given by namespace; an unknown key is refused. */
export function localeTexts(namespaces: Record<string, { zh: Texts; en: Texts }>): (key: string) => Bilingual {
  const at = (root: Texts, path: string[]) => path.reduce<unknown>((node, k) => (node as Texts | undefined)?.[k], root)
  return (key) => {
    const [ns = '', ...path] = key.split('.')
    const zh = namespaces[ns] && at(namespaces[ns].zh, path)
    const en = namespaces[ns] && at(namespaces[ns].en, path)
    if (typeof zh !== 'string' || typeof en !== 'string') throw new Error(`no text for ${key}`)
    return { zh, en }
  }
}
