/**
 * Field declarations (issue 27): a record's fields described once — kind and bounds, whether required,
 * where the choices come from, the label (an i18n key) and where the field appears: a list column, a
 * list filter, the form, the Excel sheet, the outbox's view of an offline edit. Everything else is
 * derived from the declaration:
 *   zod shape and list filters       contract/schemas/fields.ts (declaredShape, filterShape)
 *   form field, list columns/filters lib/crud/DeclaredField.tsx
 *   Excel columns                    excelColumns (here; the gateway adds the titles' texts)
 *   the outbox's fields              offlineFields (here)
 *   the gateway's selection, filters server/lib/fields.ts (a field's key is its table column)
 * Zod-free: the outbox's declarations read it on every signed-in start.
 *
 *   export const SITE_FIELDS = defineFields('workSites.field', [
 *     { key: 'workSiteName', kind: 'text', max: 60, format: 'name', required: true, list: { sortable: true }, form: true, excel: true, offline: true },
 *     { key: 'status', kind: 'choice', options: STATUSES, optionLabels: 'workSites.status', filter: true, … },
 *   ])
 */

/** Where a choice's options come from when they are not a fixed list. */
export const OPTION_SOURCES = [
  'ebs',
  'wbs',
  'quantity',
  'workSite',
  'line',
  'designUnit',
  'unitEngineering',
  'container',
  'person',
  'organizationType',
  'organization',
  'account',
  'major',
  'projectDepartment',
] as const
export type OptionSource = (typeof OPTION_SOURCES)[number]

/**
 * The keys of the data dictionary (数据字典, SPEC §7 `dictionary`) that declarations read: a choice of
 * such a key stores an item's code, its options and labels are the key's enabled items.
 */
export const DICTIONARY_KEYS = ['container_type', 'post'] as const
export type DictionaryKey = (typeof DICTIONARY_KEYS)[number]

/** The form control of a chainage; its example. */
export const MILEAGE_MAX = 24
export const MILEAGE_EXAMPLE = 'DK0+000.000'

export interface ListPlacement {
  sortable?: boolean
  /** Hidden until the user shows it. */
  hidden?: boolean
  /** The record field shown instead of the value (a joined name: lineId → lineName). */
  show?: string
  width?: number
}
export interface FormPlacement {
  wide?: boolean
  /** A sample value (a number's format), not a text. */
  placeholder?: string
  /** i18n key of the help under the field. */
  hint?: string
}
export interface ExcelPlacement {
  width?: number
  /** i18n key of the column's help in the instructions sheet. */
  hint?: string
}

interface Base {
  key: string
  /** i18n key; defineFields fills `<prefix>.<key>`. */
  label?: string
  required?: boolean
  list?: boolean | ListPlacement
  filter?: boolean
  form?: boolean | FormPlacement
  excel?: boolean | ExcelPlacement
  offline?: boolean
}

export interface TextDecl extends Base {
  kind: 'text'
  max: number
  /** Textarea; an optional text may hold line breaks anyway. */
  multiline?: boolean
  /** A name (starts with a letter or digit), a code, a phone number. */
  format?: 'name' | 'code' | 'tel'
}
export interface NumberDecl extends Base {
  kind: 'number'
  /** Decimals kept (rounded); 0: a whole number. */
  precision: number
  min?: number
  max?: number
  default?: number
}
export interface DateDecl extends Base {
  kind: 'date'
}
export interface EnumChoiceDecl extends Base {
  kind: 'choice'
  /** The values: texts, or numbers (a code stored as a number: 1 project, 2 line…). */
  options: readonly string[] | readonly number[]
  /** i18n prefix of the options' labels: `<optionLabels>.<optionKey><value>`. */
  optionLabels: string
  /** Put before the value in its label's key (`n` for `attributes.nodeType.n1`, as a key cannot be a number). */
  optionKey?: string
  default?: string | number
}
export interface SourceChoiceDecl extends Base {
  kind: 'choice'
  source: OptionSource
}
/** A choice of a data dictionary key's items (their code is stored; the gateway checks it is an enabled item). */
export interface DictChoiceDecl extends Base {
  kind: 'choice'
  dictionary: DictionaryKey
}
/** A person (user id) of the people source. */
export interface PersonDecl extends Base {
  kind: 'person'
}
/** A signature image (file id). */
export interface SignatureDecl extends Base {
  kind: 'signature'
}
/** Photos (file ids, in order). */
export interface PhotosDecl extends Base {
  kind: 'photos'
  max: number
  /** i18n key of "{n} photos". */
  countLabel: string
}
export interface MileageDecl extends Base {
  kind: 'mileage'
}
export interface SwitchDecl extends Base {
  kind: 'switch'
  /** Stored as 1 (on) and 0 (off), not as true and false. */
  numeric?: boolean
  default?: boolean | number
}

export type FieldDecl =
  | TextDecl
  | NumberDecl
  | DateDecl
  | EnumChoiceDecl
  | SourceChoiceDecl
  | DictChoiceDecl
  | PersonDecl
  | SignatureDecl
  | PhotosDecl
  | MileageDecl
  | SwitchDecl
export type FieldKind = FieldDecl['kind']
export type Place = 'list' | 'filter' | 'form' | 'excel' | 'offline'

/** A declaration with its label filled. */
export type Declared<F extends FieldDecl = FieldDecl> = F & { label: string }

/** The fields of a record, labelled `<labels>.<key>` unless they name their label. */
export function defineFields<const F extends readonly FieldDecl[]>(labels: string, fields: F): { [I in keyof F]: Declared<F[I]> } {
  return fields.map((f) => ({ ...f, label: f.label ?? `${labels}.${f.key}` })) as { [I in keyof F]: Declared<F[I]> }
}

export const isEnumChoice = (f: FieldDecl): f is EnumChoiceDecl => f.kind === 'choice' && 'options' in f
export const isDictChoice = (f: FieldDecl): f is DictChoiceDecl => f.kind === 'choice' && 'dictionary' in f
/** The i18n key of an option's label. */
export const optionLabel = (f: EnumChoiceDecl, value: string | number): string => `${f.optionLabels}.${f.optionKey ?? ''}${value}`
/** The field of a key (a declaration's field used on its own: a dialog's one or two fields). */
export function fieldOf<F extends FieldDecl, K extends F['key']>(fields: readonly F[], key: K): Extract<F, { key: K }> {
  const f = fields.find((d) => d.key === key)
  if (!f) throw new Error(`fieldOf: no field ${key}`)
  return f as Extract<F, { key: K }>
}

/** The bounds of a record's fields (a text's length, a number's or a list's maximum), by key: what a schema written by hand takes its bounds from. */
export type Maxima<F extends readonly FieldDecl[]> = { [D in F[number] as D extends { max: number } ? D['key'] : never]: number }
export function maxima<const F extends readonly FieldDecl[]>(fields: F): Maxima<F> {
  return Object.fromEntries(fields.flatMap((f) => ('max' in f && typeof f.max === 'number' ? [[f.key, f.max]] : []))) as Maxima<F>
}
/** The options source of a choice or a person; null for the other kinds. */
export const sourceOf = (f: FieldDecl): OptionSource | null =>
  f.kind === 'person' ? 'person' : f.kind === 'choice' && 'source' in f ? f.source : null

export function fieldsIn<F extends Declared>(fields: readonly F[], place: Place): F[] {
  return fields.filter((f) => !!f[place])
}

/** A field's settings for a place (empty when it just says `true`). */
export function placement(f: FieldDecl, place: 'list'): ListPlacement
export function placement(f: FieldDecl, place: 'form'): FormPlacement
export function placement(f: FieldDecl, place: 'excel'): ExcelPlacement
export function placement(f: FieldDecl, place: 'list' | 'form' | 'excel'): ListPlacement | FormPlacement | ExcelPlacement {
  const p = f[place]
  return typeof p === 'object' ? p : {}
}

// ---- values ---------------------------------------------------------------------------------------

/** The value of a declared field (required or not). */
export type FieldValue<D> = D extends { kind: 'number' }
  ? number
  : D extends { kind: 'switch' }
    ? D extends { numeric: true }
      ? number
      : boolean
    : D extends { kind: 'photos' }
      ? string[]
      : D extends { kind: 'choice'; options: readonly (infer O)[] }
        ? O
        : string
/** Whether a stored record always holds a value. */
type Always<D> = D extends { required: true } | { default: string | number | boolean } | { kind: 'photos' } ? true : false

/** A stored record's declared values: an empty one is null (photos: an empty list). */
export type DeclaredRecord<F extends readonly FieldDecl[]> = {
  [D in F[number] as D['key']]: Always<D> extends true ? FieldValue<D> : FieldValue<D> | null
}

/** The form's values of a stored record: numbers as their text, empty as ''. */
export function formValues(fields: readonly FieldDecl[], record: object): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((f) => {
      const v = (record as Record<string, unknown>)[f.key]
      if (f.kind === 'number') return [f.key, v === null || v === undefined ? '' : String(v)]
      if (f.kind === 'photos') return [f.key, v ?? []]
      return [f.key, v ?? null]
    }),
  )
}

// ---- derived: the outbox's fields, the Excel columns ------------------------------------------------

export type Translate = (key: string, params?: Record<string, string | number>) => string

/** How a value reads (enum labels, photo counts, yes/no); undefined: as it is. */
export function valueText(f: FieldDecl, t: Translate): ((v: unknown) => string) | undefined {
  if (isEnumChoice(f)) return (v) => (v === null || v === undefined || v === '' ? '' : t(optionLabel(f, v as string)))
  if (f.kind === 'photos') return (v) => (Array.isArray(v) && v.length ? t(f.countLabel, { n: v.length }) : '')
  if (f.kind === 'switch') return (v) => (v === null || v === undefined ? '' : t(v ? 'common.yes' : 'common.no'))
  return undefined
}

/** The fields the sync centre shows of an offline edit (OfflineEntity.fields). */
export function offlineFields(
  fields: readonly Declared[],
  t: Translate,
): { key: string; label: string; format?: (v: unknown) => string }[] {
  return fieldsIn(fields, 'offline').map((f) => {
    const format = valueText(f, t)
    return format ? { key: f.key, label: f.label, format } : { key: f.key, label: f.label }
  })
}

export interface Bilingual {
  zh: string
  en: string
}
/** An Excel column as the gateway's `lib/excel` reads and writes it. */
export interface DeclaredExcelColumn {
  field: string
  title: Bilingual
  required?: boolean
  width?: number
  values?: readonly { value: string | number; label: Bilingual }[]
  hint?: Bilingual
}

/**
 * The Excel columns of the fields placed in the sheet, in their order. A choice of a source, a person,
 * a signature, photos and a switch have no cell of their own: `custom` gives theirs (e.g. a line by its
 * code), or the declaration is refused. A data dictionary choice's cell holds the item's code.
 */
export function excelColumns(
  fields: readonly Declared[],
  text: (key: string) => Bilingual,
  custom: Record<string, DeclaredExcelColumn> = {},
): DeclaredExcelColumn[] {
  return fieldsIn(fields, 'excel').map((f) => {
    const own = custom[f.key]
    if (own) return own
    if (!(f.kind === 'text' || f.kind === 'number' || f.kind === 'date' || f.kind === 'mileage' || isEnumChoice(f) || isDictChoice(f)))
      throw new Error(`excelColumns: ${f.key} (${f.kind}) needs its column in \`custom\``)
    const p = placement(f, 'excel')
    // a field with a default may be left empty
    const required = !!f.required && !('default' in f && f.default !== undefined)
    return {
      field: f.key,
      title: text(f.label),
      ...(required ? { required } : {}),
      width: p.width ?? (f.kind === 'text' ? Math.min(30, Math.max(12, Math.ceil(f.max / 3))) : 14),
      ...(isEnumChoice(f) ? { values: f.options.map((value) => ({ value, label: text(optionLabel(f, value)) })) } : {}),
      ...(p.hint ? { hint: text(p.hint) } : {}),
    }
  })
}
