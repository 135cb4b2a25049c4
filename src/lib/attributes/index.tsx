/**
 * Extension attributes on a node's form (project 1, line 2, design unit 3; issue 13 part B): the
 * node's active items rendered as form fields named `attrs.<itemId>`, validated by the schema built
 * from the items (`attributeValuesSchema`, the one the gateway uses), saved after the node itself
 * (attrValue/save). A screen binds it to its resource:
 *
 *   const binding = useAttrBinding(1)
 *   <ListPage resource={binding.wrap(projectResource)} form={{ render: ({ record }) => <>…<AttributeFields binding={binding} nodeId={record?.projectId} /></>,
 *     onSaved: (saved) => saved && binding.save(saved.projectId) }} />
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useController, useFormContext, useWatch } from 'react-hook-form'
import { toast } from '@/lib/toast'
import { z } from 'zod'
import {
  ATTR_API,
  attributeValuesSchema,
  defaultOf,
  type AttrForm,
  type AttrItemDef,
  type AttrNodeType,
} from '@/contract/schemas/attributes'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import type { FormValues, Resource } from '@/lib/crud'
import { FieldError, FormField, FormGrid } from '@/lib/crud/forms'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'

export const attrKeys = { form: (nodeType: number, nodeId: string) => ['attrValue', nodeType, nodeId] as const }

export function attrFormQueryOptions(nodeType: AttrNodeType, nodeId: string) {
  return {
    queryKey: attrKeys.form(nodeType, nodeId),
    queryFn: ({ signal }: { signal: AbortSignal }) => http.get<AttrForm>(ATTR_API.attrValue.get, { nodeType, nodeId }, { signal }),
  }
}

/** Form values of the items: stored values, else the items' defaults (inputs hold strings). */
export function formValuesOf(items: AttrItemDef[], stored: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const i of items) {
    const v = i.itemId in stored ? stored[i.itemId] : defaultOf(i)
    out[i.itemId] = v ?? (i.itemType === 'multiSelect' ? [] : i.itemType === 'boolean' ? false : '')
  }
  return out
}

export interface AttrBinding {
  nodeType: AttrNodeType
  /** The resource with `attrs` validated by the items' schema and left out of its own payload. */
  wrap<T extends object>(resource: Resource<T>): Resource<T>
  /** After the node was saved: saves the attributes it was submitted with. */
  save(nodeId: string): Promise<void>
  state: { schema: z.ZodType; items: AttrItemDef[]; pending: Record<string, unknown> | null; version: number | null; nodeId: string | null }
}

export function useAttrBinding(nodeType: AttrNodeType): AttrBinding {
  const qc = useQueryClient()
  const { t } = useT()
  const state = useRef<AttrBinding['state']>({ schema: z.object({}), items: [], pending: null, version: null, nodeId: null }).current
  return useMemo<AttrBinding>(
    () => ({
      nodeType,
      state,
      wrap<T extends object>(resource: Resource<T>): Resource<T> {
        const attrs = z.object({ attrs: z.lazy(() => state.schema).optional() })
        const strip = (values: FormValues, editing: boolean) => {
          const { attrs: a, ...rest } = values
          state.pending = (a as Record<string, unknown> | undefined) ?? null
          return resource.toPayload ? resource.toPayload(rest, editing) : rest
        }
        return {
          ...resource,
          schemas: async () => {
            const own = await resource.schemas!()
            return { add: z.intersection(own.add, attrs), update: z.intersection(own.update, attrs) }
          },
          toPayload: strip,
        }
      },
      async save(nodeId: string) {
        const values = state.pending
        state.pending = null
        if (!values || !state.items.length || state.nodeId !== nodeId) return
        try {
          const saved = await http.post<AttrForm>(ATTR_API.attrValue.save, {
            nodeType,
            nodeId,
            values,
            version: state.version ?? undefined,
          })
          state.version = saved.version
          qc.setQueryData(attrKeys.form(nodeType, nodeId), saved)
        } catch (e) {
          toast.error(
            t('attributes.saveFailed', { reason: e instanceof Error ? e.message : String((e as { message?: string }).message ?? '') }),
          )
          void qc.invalidateQueries({ queryKey: attrKeys.form(nodeType, nodeId) })
        }
      },
    }),
    [nodeType, state, qc, t],
  )
}

/** The schema of values keyed by item id (as stored and as the gateway validates them). */
export const valuesSchemaOf = (items: AttrItemDef[]) => attributeValuesSchema(items.map((i) => ({ ...i, itemCode: i.itemId })))

/** The node's attribute fields (nothing until the node exists: a new node gets its attributes when edited). */
export function AttributeFields({ binding, nodeId }: { binding: AttrBinding; nodeId: string | undefined }) {
  const { t } = useT()
  const form = useFormContext()
  const q = useQuery({ ...attrFormQueryOptions(binding.nodeType, nodeId ?? ''), enabled: !!nodeId, staleTime: 0 })
  const data = q.data
  const items = useMemo(() => data?.groups.flatMap((g) => g.items) ?? [], [data])
  const [ready, setReady] = useState<AttrForm | null>(null)

  // the dialog may reset its form after the values arrived (attrs are not among the record's fields): put them back
  const current = useWatch({ control: form.control, name: 'attrs' }) as unknown
  useEffect(() => {
    if (!data || !nodeId || ready !== data || current !== undefined) return
    form.resetField('attrs', { defaultValue: formValuesOf(items, data.values) })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the form lost them
  }, [current, ready])

  useEffect(() => {
    if (!data || !nodeId) return
    binding.state.items = items
    binding.state.nodeId = nodeId
    binding.state.version = data.version
    binding.state.schema = valuesSchemaOf(items)
    form.resetField('attrs', { defaultValue: formValuesOf(items, data.values) })
    setReady(data)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per loaded form
  }, [data, nodeId])

  if (!nodeId) return <p className="text-sm text-muted-foreground">{t('attributes.afterSave')}</p>
  if (!data || ready !== data || !data.groups.length) return null
  return (
    <div className="space-y-4" data-testid="attribute-fields">
      {data.groups.map((g) =>
        g.items.length ? (
          <fieldset key={g.groupId} className="space-y-3 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">{g.groupName}</legend>
            <FormGrid>
              {g.items.map((i) => (
                <AttributeField key={i.itemId} item={i} />
              ))}
            </FormGrid>
          </fieldset>
        ) : null,
      )}
    </div>
  )
}

/** One item as a form field named `<prefix>.<itemId>` (e.g. a user-defined table row's `values`). */
export function AttributeField({ item, prefix = 'attrs' }: { item: AttrItemDef; prefix?: string }) {
  const name = `${prefix}.${item.itemId}`
  const label = item.unit ? `${item.itemName}（${item.unit}）` : item.itemName
  const options = item.options.map((o) => ({ value: o, label: o }))
  switch (item.itemType) {
    case 'number':
      return <FormField name={name} label={label} kind="decimal" required={item.required} />
    case 'date':
      return <FormField name={name} label={label} kind="date" required={item.required} />
    case 'select':
      return <FormField name={name} label={label} kind="select" options={options} required={item.required} />
    case 'boolean':
      return <FormField name={name} label={label} kind="switch" />
    case 'multiSelect':
      return <MultiSelectField name={name} label={label} options={item.options} required={item.required} />
    default:
      return <FormField name={name} label={label} required={item.required} maxLength={500} />
  }
}

function MultiSelectField({ name, label, options, required }: { name: string; label: string; options: string[]; required: boolean }) {
  const { control } = useFormContext()
  const { field } = useController({ name, control })
  const chosen = new Set(Array.isArray(field.value) ? (field.value as string[]) : [])
  const toggle = (o: string) => {
    const next = new Set(chosen)
    if (next.has(o)) next.delete(o)
    else next.add(o)
    field.onChange(options.filter((x) => next.has(x)))
  }
  return (
    <div className="space-y-2" role="group" aria-label={label}>
      <Label>
        {label}
        {required && <span className="ml-0.5 text-destructive">*</span>}
      </Label>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((o) => (
          <label key={o} className="flex min-h-9 items-center gap-2 text-sm">
            <Checkbox checked={chosen.has(o)} onCheckedChange={() => toggle(o)} aria-label={o} />
            {o}
          </label>
        ))}
      </div>
      <FieldError name={name} label={label} />
    </div>
  )
}
