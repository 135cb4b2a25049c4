/**
 * The sheets of the project initialisation wizard (issue 12 part B): one entry per kind of record
 * a wizard creates, in the order they are created. A module plugs its sheet in once, at start
 * (like server/lib/invitePurposes.ts; a later registration replaces an earlier one):
 *
 *   import { registerInitSheet } from '../projectInit/registry'
 *   registerInitSheet('workSite', {
 *     order: 70,                                                      // after design units
 *     name: { zh: '工点', en: 'Work sites' },                          // the workbook's sheet name (either language is read)
 *     columns: WORK_SITE_COLUMNS,                                     // server/lib/excel.ts columns
 *     schema: initWorkSiteRow,                                        // contract zod schema of one row (codes, not ids)
 *     existing: (db, projectId) => …,                                 // optional: keys → ids already in the project
 *     fromProject: (db, projectId) => …,                              // the rows of a template project, in the sheet's shape
 *     validate: (rows, ctx) => …,                                     // cross-row and database checks → errors per row
 *     insert: (rows, ctx) => …,                                       // inside the one transaction; ctx.ids of earlier sheets
 *   })
 *
 * and adds the key to the presets' sheet lists (src/contract/schemas/projectInit.ts).
 * `validate` runs outside transactions (read through ctx.db); `insert` gets the transaction only
 * (ctx.w.tx) and calls ctx.done(n) as rows are written (progress).
 */
import type { z } from 'zod'
import type { InitRowError } from '../../../src/contract/schemas/projectInit'
import type { Db } from '../../db/client'
import type { ExcelColumn } from '../../lib/excel'
import type { WriteContext } from '../../lib/resource'

type Row = Record<string, unknown>
export type Text = { zh: string; en: string }

/** A schema-valid row of a sheet, with its row number in the workbook. */
export interface InitRow<T = Row> {
  row: number
  data: T
}

export interface InitValidateCtx {
  db: Db
  /** The existing project the run adds to (null: a new project). */
  projectId: string | null
  /**
   * Keys each sheet makes known, for the sheets after it (e.g. line codes for design units): the
   * valid rows' keys plus `existing` of the project. Sheets validate in order.
   */
  known: Map<string, Set<string>>
}

export interface InitInsertCtx {
  w: WriteContext
  projectId: string
  /** Key → id of what each sheet created (and `existing`), for the sheets after it. */
  ids: Map<string, Map<string, string>>
  /** Reports `n` more rows written. */
  done(n: number): void
}

export interface InitSheetDef<S extends z.ZodType = z.ZodType> {
  /** Creation order (smaller first). */
  order: number
  name: Text
  columns: ExcelColumn[]
  schema: S
  /** One example row for the template's first data row. */
  example?: Row
  /** The key of a row other sheets refer to it by (e.g. the line code); absent: nothing refers to it. */
  key?: (data: z.infer<S>) => string
  /** Keys → ids already in a project (read through `db`). */
  existing?: (db: Db, projectId: string) => Promise<Map<string, string>>
  /** The rows of a project in the sheet's shape (the template source: copies structure, never people). */
  fromProject(db: Db, projectId: string): Promise<Row[]>
  /** Checks across rows and against the database; the schema has passed for `rows`. */
  validate(rows: InitRow<z.infer<S>>[], ctx: InitValidateCtx): Promise<InitRowError[]>
  insert(rows: InitRow<z.infer<S>>[], ctx: InitInsertCtx): Promise<void>
}

const sheets = new Map<string, InitSheetDef>()

export function registerInitSheet<S extends z.ZodType>(key: string, def: InitSheetDef<S>): void {
  sheets.set(key, def as unknown as InitSheetDef)
}

export const initSheet = (key: string): InitSheetDef | undefined => sheets.get(key)

/** The registered sheets among `keys`, in creation order. */
export const initSheetsOf = (keys: readonly string[]): [string, InitSheetDef][] =>
  keys
    .map((k) => [k, sheets.get(k)] as const)
    .filter((e): e is [string, InitSheetDef] => !!e[1])
    .sort((a, b) => a[1].order - b[1].order)
