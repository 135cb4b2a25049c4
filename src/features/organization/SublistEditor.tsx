/**
 * A unit's list saved as a whole (contacts, listing and co-office institutions, qualifications):
 * a form of item cards (crud's FormList and FormField) checked with the contract's
 * `<name>Full` schema, saved by `<name>/addFullByOrgId`; server errors (`items.0.phone`, a repeat
 * on `items`) land on the fields.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { FormProvider, useForm, type FieldValues, type Resolver } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { RotateCcw, Save } from 'lucide-react'
import type { z } from 'zod'
import type { FnOf } from '@/contract/catalogue'
import { stripEmpty } from '@/contract'
import type { Declared } from '@/contract/fields'
import { sublistPaths, type OrgSublist } from '@/contract/schemas/org'
import { Button } from '@/components/ui/button'
import { applyRefusal, FORM_HANDLED_CODES, onlyFields, type FormValues } from '@/lib/crud'
import { FormList, ReadOnly } from '@/lib/crud/forms'
import { useLeaveGuard } from '@/lib/crud/dirty'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { useCan } from './permissions'
import { orgKeys } from './queries'

type Item = Record<string, unknown>
/** A new item: its declared fields and the form's own ones, empty. */
export const blankItem = (fields: readonly Declared[], ...own: string[]): FormValues =>
  Object.fromEntries([...fields.map((f) => f.key), ...own].map((key) => [key, '']))
const toForm = (items: Item[]) => items.map((it) => Object.fromEntries(Object.entries(it).map(([k, v]) => [k, v === null ? '' : v])))

export interface SublistEditorProps {
  name: OrgSublist
  organizationId: string
  /** The contract's `{ organizationId, items }` schema (items are validated with it). */
  schema: z.ZodObject
  /** The stored list. */
  items: Item[]
  label: string
  newItem: () => FormValues
  itemTitle: (item: FormValues, index: number) => ReactNode
  emptyText: string
  /** Function action needed to change the list. */
  action: FnOf<'/admin/organization'>
  children: (prefix: string, index: number) => ReactNode
  onSaved?: () => void
  onCancel?: () => void
}

export function SublistEditor(props: SublistEditorProps) {
  const { name, organizationId, schema, items, label, action } = props
  const { t } = useT()
  const qc = useQueryClient()
  const canEdit = useCan(action)
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema.pick({ items: true }) as never) as unknown as Resolver<FieldValues>,
    defaultValues: { items: toForm(items) },
    mode: 'onTouched',
  })
  // leaving with unsaved items (another tab, unit or page) asks first
  useLeaveGuard(canEdit && form.formState.isDirty)
  const [saving, setSaving] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)

  // A refetch of the stored list (after a save, or someone else's) resets a clean form.
  const last = useRef(items)
  useEffect(() => {
    if (last.current !== items && !form.formState.isDirty) form.reset({ items: toForm(items) })
    last.current = items
  }, [items, form])

  const submit = form.handleSubmit(async (values) => {
    setSaving(true)
    setFormError(null)
    try {
      const saved = await http.post<Item[]>(
        sublistPaths(name).addFullByOrgId,
        stripEmpty({ organizationId, items: values.items as Item[] }),
        { handled: FORM_HANDLED_CODES },
      )
      form.reset({ items: toForm(saved) })
      last.current = saved
      qc.setQueryData(orgKeys.sublist(name, organizationId), saved)
      toast.success(t('common.success'))
      props.onSaved?.()
    } catch (e) {
      const above = applyRefusal(form, e, { hasField: onlyFields(['items']), fallback: t('crud.formError') })
      if (above?.length) setFormError(above.join('；'))
    } finally {
      setSaving(false)
    }
  })

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {/* a reader (a tourist) sees the items as text, not disabled inputs */}
        <ReadOnly value={!canEdit}>
          <fieldset disabled={!canEdit || saving} className="contents">
            <FormList
              name="items"
              label={label}
              newItem={props.newItem}
              itemTitle={props.itemTitle}
              emptyText={props.emptyText}
              max={200}
              disabled={!canEdit}
            >
              {props.children}
            </FormList>
          </fieldset>
        </ReadOnly>
        {formError && (
          <p role="alert" className="text-sm text-destructive">
            {formError}
          </p>
        )}
        {canEdit ? (
          <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-2 border-t bg-background py-3">
            <Button type="submit" icon={Save} disabled={!form.formState.isDirty} pending={saving} className="min-w-24">
              {t('organization.sublist.save')}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={saving || (!form.formState.isDirty && !props.onCancel)}
              onClick={() => {
                form.reset({ items: toForm(items) })
                setFormError(null)
                props.onCancel?.()
              }}
            >
              <RotateCcw aria-hidden />
              {props.onCancel ? t('common.cancel') : t('organization.sublist.reset')}
            </Button>
            {form.formState.isDirty && (
              <span className="text-sm text-amber-700 dark:text-amber-400">{t('organization.sublist.unsaved')}</span>
            )}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t('organization.sublist.readonly')}</p>
        )}
      </form>
    </FormProvider>
  )
}
