/**
 * An editable list inside a form (education, certificates, contacts…): each item a card with its
 * own fields, add and remove, the list's own error (e.g. a repeated item) under it. Item fields
 * are ordinary `<FormField name={`${prefix}.school`}>`s, so validation and server errors reach
 * them like any other field.
 *
 *   <FormList name="educationList" label="教育经历" newItem={() => ({ school: '' })} itemTitle={(item, i) => item.school || `#${i + 1}`}>
 *     {(prefix) => <FormGrid><FormField name={`${prefix}.school`} label="学校" required /></FormGrid>}
 *   </FormList>
 */
import type { ReactNode } from 'react'
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import { Plus, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { FieldError, useReadOnly } from './form'
import type { FormValues } from './resource'

export interface FormListProps {
  /** The array's path in the form. */
  name: string
  /** The list's label (section heading); also used in its error message. */
  label: string
  /** A new, empty item. */
  newItem: () => FormValues
  /** The fields of one item; `prefix` is `name.<index>`. */
  children: (prefix: string, index: number) => ReactNode
  /** Heading of an item card; default `label #n`. */
  itemTitle?: (item: FormValues, index: number) => ReactNode
  /** Text of the add button; default 添加. */
  addText?: string
  /** Shown when the list is empty. */
  emptyText?: ReactNode
  max?: number
  disabled?: boolean
  className?: string
}

export function FormList({ name, label, newItem, children, itemTitle, addText, emptyText, max, disabled, className }: FormListProps) {
  const { t } = useT()
  const { control } = useFormContext()
  // keyName: records have their own id fields; keep react-hook-form's key apart from them
  const { fields, append, remove } = useFieldArray({ control, name, keyName: '__key' })
  const items = (useWatch({ control, name }) as FormValues[] | undefined) ?? []
  const full = max !== undefined && fields.length >= max
  const readOnly = useReadOnly()

  return (
    <section className={cn('flex flex-col gap-3', className)} aria-label={label}>
      {fields.length === 0 && (
        <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          {emptyText ?? t('crud.listEmpty')}
        </p>
      )}
      {fields.map((f, i) => (
        <div key={f.__key} className="rounded-lg border bg-card" data-form-list-item={name}>
          <div className="flex items-center justify-between gap-2 border-b px-4 py-2">
            <h4 className="min-w-0 truncate text-sm font-medium">{itemTitle ? itemTitle(items[i] ?? {}, i) : `${label} #${i + 1}`}</h4>
            {!readOnly && (
              <Button
                type="button"
                variant="ghost"
                className="h-9 shrink-0 px-2 text-destructive hover:text-destructive"
                disabled={disabled}
                onClick={() => remove(i)}
                aria-label={`${t('crud.removeItem')} ${label} #${i + 1}`}
                icon={Trash2}
              >
                {t('crud.removeItem')}
              </Button>
            )}
          </div>
          <div className="px-4 py-4">{children(`${name}.${i}`, i)}</div>
        </div>
      ))}
      <FieldError name={name} label={label} />
      {!readOnly && (
        <div>
          <Button type="button" variant="outline" disabled={disabled || full} onClick={() => append(newItem())} icon={Plus}>
            {addText ?? t('crud.addItem')}
          </Button>
        </div>
      )}
    </section>
  )
}
