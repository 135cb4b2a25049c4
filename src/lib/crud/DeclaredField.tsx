/**
 * Declared fields (src/contract/fields.ts) in a form: a form as `<DeclaredFields>`, a field of it as a
 * `<FormField>` (its control, maximum length, required mark, options, label and hint from the
 * declaration). A screen passes the choices of the options sources it read (a project's lines, its
 * staff…) and what only it knows (a hint that follows the values). The list's columns and filters
 * of the same declarations are ./declared (no form code).
 *
 *   <DeclaredFields fields={FIELDS} sources={sources} own={{ parentId: isChild && { hint } }} />
 *   <DeclaredField field={fieldOf(FIELDS, 'groupName')} />
 */
import {
  MILEAGE_EXAMPLE,
  MILEAGE_MAX,
  fieldsIn,
  isDictChoice,
  placement,
  type Declared,
  type DictionaryKey,
  type Translate,
} from '@/contract/fields'
import { useDictionary } from '@/lib/dictionary'
import { Fragment, type ReactNode } from 'react'
import { optionsOf, useTranslate, type OptionSources } from './declared'
import { FormField, FormGrid, type FormFieldProps } from './form'

/** The `<FormField>` props of a declared field. */
export function declaredFieldProps(f: Declared, t: Translate, sources: OptionSources = {}): FormFieldProps {
  const p = placement(f, 'form')
  const props: FormFieldProps = { name: f.key, label: t(f.label), required: f.required, wide: p.wide, placeholder: p.placeholder }
  if (p.hint) props.hint = t(p.hint)
  switch (f.kind) {
    case 'text':
      return { ...props, kind: f.multiline ? 'textarea' : 'text', maxLength: f.max }
    case 'number':
      return { ...props, kind: f.precision > 0 ? 'decimal' : 'number' }
    case 'date':
      return { ...props, kind: 'date' }
    case 'mileage':
      return { ...props, maxLength: MILEAGE_MAX, placeholder: p.placeholder ?? MILEAGE_EXAMPLE }
    case 'switch':
      return f.numeric ? { ...props, kind: 'switch', checkedValue: 1, uncheckedValue: 0 } : { ...props, kind: 'switch' }
    case 'photos':
      return { ...props, kind: 'file', purpose: 'photo', multiple: true, maxFiles: f.max }
    case 'signature':
      return { ...props, kind: 'file', purpose: 'signature' }
    default:
      return { ...props, kind: 'select', options: optionsOf(f, t, sources) ?? [] }
  }
}

export type DeclaredFieldProps = { field: Declared; sources?: OptionSources } & Partial<FormFieldProps>

/** A declared field of the form; props given here (other than undefined) win over the declaration's. */
export function DeclaredField(props: DeclaredFieldProps) {
  const { field, sources } = props
  if (isDictChoice(field) && !sources?.[field.dictionary]) return <DictionaryField {...props} dictionary={field.dictionary} />
  return <PlainDeclaredField {...props} />
}

/** A choice of a data dictionary key: its enabled items as options. */
function DictionaryField({ dictionary, sources, ...props }: DeclaredFieldProps & { dictionary: DictionaryKey }) {
  const { options } = useDictionary(dictionary)
  return <PlainDeclaredField {...props} sources={{ ...sources, [dictionary]: options }} />
}

function PlainDeclaredField({ field, sources, ...own }: DeclaredFieldProps) {
  const t = useTranslate()
  const given = Object.fromEntries(Object.entries(own).filter(([, v]) => v !== undefined))
  return <FormField {...declaredFieldProps(field, t, sources)} {...given} />
}

export interface DeclaredFieldsProps<F extends Declared> {
  fields: readonly F[]
  sources?: OptionSources
  /** The fields of an item of a `<FormList>`: their names under its prefix (`items.0.phone`). */
  prefix?: string
  /** Props of some fields, winning over the declaration's (a hint that follows the values); false leaves the field out. */
  own?: Partial<Record<F['key'], Partial<FormFieldProps> | false>>
  /** A field of the screen's own placed before a declared one (a value the declarations have no kind for). */
  before?: Partial<Record<F['key'], ReactNode>>
  /** After the declared fields, in the grid. */
  children?: ReactNode
  /** The grid's (one column: `sm:grid-cols-1`). */
  className?: string
}

/** The form's fields of a declaration, in their order, in a `<FormGrid>`: a form as one line. */
export function DeclaredFields<F extends Declared>({
  fields,
  sources,
  prefix,
  own = {},
  before = {},
  children,
  className,
}: DeclaredFieldsProps<F>) {
  return (
    <FormGrid className={className}>
      {fieldsIn(fields, 'form').map((f) => {
        const key = f.key as F['key']
        const props = own[key]
        return (
          <Fragment key={key}>
            {before[key]}
            {props !== false && (
              <DeclaredField field={f} sources={sources} name={prefix === undefined ? undefined : `${prefix}.${key}`} {...props} />
            )}
          </Fragment>
        )
      })}
      {children}
    </FormGrid>
  )
}
