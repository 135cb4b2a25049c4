/**
 * The zod side of field declarations (../fields.ts): a payload's shape and a list query's filters,
 * their bounds taken from the declaration. Rules between fields (a range's order, both or neither)
 * stay written by hand, as a refinement of the object.
 *
 *   export const siteFields = z.object(declaredShape(SITE_FIELDS))
 *   export const siteListQuery = listQuery.extend({ keyword: filterText(60), ...filterShape(SITE_FIELDS) })
 */
import { z } from 'zod'
import { isDictChoice, isEnumChoice, sourceOf, type FieldDecl, type FieldValue } from '../fields'
import { V, filterText, isoDate, name, optional, optionalText, str, tel, text } from '../rules'
import { id } from './common'
import { mileage, optionalMileage, structureCode } from './structureRules'

type IdKind = { kind: 'person' | 'signature' } | { kind: 'choice'; source: string }
type Output<D> = D extends { required: true } | { default: string | number | boolean }
  ? FieldValue<D>
  : FieldValue<D> | undefined | (D extends IdKind ? null : never)

/** The zod shape of declared fields: key → the field's rule. */
export type DeclaredShape<F extends readonly FieldDecl[]> = { [D in F[number] as D['key']]: z.ZodType<Output<D>> }

/** The longest code of a data dictionary item (../fields/dataDictionary.ts). */
export const DICT_CODE_MAX = 40

const blank = (v: unknown) => v === '' || v === null
const blankToNull = (v: unknown) => (v === '' ? null : v)
/** A whole number sent as a number or as text (a query's, a form's). */
const numberIn = (v: unknown) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v)

/** One of a choice's options: a text, or a number sent as one or as text. */
function optionRule(options: readonly (string | number)[], error: string): z.ZodType {
  if (typeof options[0] !== 'number') return z.enum(options as [string, ...string[]], { error })
  const literals = options.map((o) => z.literal(o))
  return z.preprocess(numberIn, z.union(literals as [z.ZodLiteral, z.ZodLiteral, ...z.ZodLiteral[]], { error }))
}

/** A number entered as text or sent as one; within the bounds, rounded to its decimals. */
function numberRule(f: Extract<FieldDecl, { kind: 'number' }>) {
  const scale = 10 ** f.precision
  const n = z
    .number({ error: (iss) => (iss.input === undefined ? V.required : V.invalid) })
    .refine((v) => Number.isFinite(v) && (f.min === undefined || v >= f.min) && (f.max === undefined || v <= f.max), { error: V.invalid })
    .transform((v) => Math.round(v * scale) / scale)
  const rule = f.default !== undefined ? n.default(f.default) : f.required ? n : n.optional()
  return z.preprocess((v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v.trim()) : v), rule)
}

function textRule(f: Extract<FieldDecl, { kind: 'text' }>): z.ZodType {
  const tooLong = `${V.tooLong}:${f.max}`
  if (f.format === 'name') return f.required ? name(f.max) : optional(name(f.max))
  if (f.format === 'code') return f.required ? structureCode(f.max) : optional(structureCode(f.max))
  if (f.format === 'tel') return f.required ? tel().max(f.max, { error: tooLong }) : optional(tel().max(f.max, { error: tooLong }))
  if (!f.required) return optionalText(f.max)
  return f.multiline ? str({ multiline: true }).trim().min(1, { error: V.required }).max(f.max, { error: tooLong }) : text(f.max)
}

/** The rule of one declared field. */
export function fieldRule(f: FieldDecl): z.ZodType {
  switch (f.kind) {
    case 'text':
      return textRule(f)
    case 'number':
      return numberRule(f)
    case 'date':
      return f.required ? isoDate() : optional(isoDate())
    case 'mileage':
      return f.required ? mileage() : optionalMileage()
    case 'switch': {
      if (f.numeric) {
        const one = optionRule([1, 0], f.required ? V.required : V.invalid)
        return f.default !== undefined ? one.default(Number(f.default)) : f.required ? one : one.optional()
      }
      const one = z.boolean({ error: f.required ? V.required : V.invalid })
      return f.default !== undefined ? one.default(!!f.default) : f.required ? one : one.optional()
    }
    case 'photos': {
      const list = z.array(id()).max(f.max, { error: `${V.tooLarge}:${f.max}` })
      return f.required ? list.min(1, { error: V.required }) : list.optional()
    }
    case 'choice':
      if (isEnumChoice(f)) {
        const one = optionRule(f.options, f.required ? V.required : V.invalid)
        return f.default !== undefined ? one.default(f.default) : f.required ? one : optional(one)
      }
      // a data dictionary item's code: whether it is an enabled item, the gateway checks
      if (isDictChoice(f)) return f.required ? structureCode(DICT_CODE_MAX) : optional(structureCode(DICT_CODE_MAX))
      break
  }
  // a choice of a source, a person, a signature: an id
  return f.required ? id() : z.preprocess(blankToNull, id().nullish())
}

export function declaredShape<const F extends readonly FieldDecl[]>(fields: F): DeclaredShape<F> {
  return Object.fromEntries(fields.map((f) => [f.key, fieldRule(f)])) as DeclaredShape<F>
}

type FilterOutput<D> = D extends { kind: 'choice'; options: readonly (infer O)[] } ? O | undefined : string | undefined
export type FilterShape<F extends readonly FieldDecl[]> = {
  [D in Extract<F[number], { filter: true }> as D['key']]: z.ZodType<FilterOutput<D>>
}

/** The list query's parameters of the fields declared as filters: an option, an id, a text. */
export function filterShape<const F extends readonly FieldDecl[]>(fields: F): FilterShape<F> {
  return Object.fromEntries(
    fields
      .filter((f) => f.filter)
      .map((f) => {
        if (isEnumChoice(f)) return [f.key, optionRule(f.options, V.invalid).optional()]
        if (isDictChoice(f)) return [f.key, optional(structureCode(DICT_CODE_MAX))]
        if (sourceOf(f)) return [f.key, id().optional()]
        if (f.kind === 'text') return [f.key, filterText(f.max)]
        throw new Error(`filterShape: no filter for ${f.key} (${f.kind})`)
      }),
  ) as unknown as FilterShape<F>
}
