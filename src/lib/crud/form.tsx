/**
 * Forms of a resource: react-hook-form validated by the contract's zod schema, fields that show
 * 请输入… messages in the current language, server 20001 errors mapped back onto the fields,
 * 20006 shown on the form, 20008 as a conflict notice offering the current record.
 */
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import {
  FormProvider,
  get,
  useController,
  useForm,
  useFormContext,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from '@/lib/toast'
import { GitMerge } from 'lucide-react'
import { Code, keepFirstDot } from '@/contract'
import { V } from '@/contract/validation'
import { Button } from '@/components/ui/button'
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input, Textarea } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { SearchableSelect } from '@/components/ui/searchable-select'
import { hiddenErrorPaths } from './hiddenErrors'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { Switch } from '@/components/ui/switch'
import type { UploadPurpose } from '@/contract/files'
import { useDirtyGuard } from '@/lib/crud/dirty'
import { uploadsInFlight, useUploading } from '@/lib/files'
import { FileUpload } from '@/lib/files/FileUpload'
import { useT } from '@/lib/i18n'
import { StepError, SyncMark, useMarks, type OutboxEntry } from '@/lib/offline'
import { cn } from '@/lib/utils'
import { FormErrors } from './ActionDialog'
import { controlName } from './controlName'
import { PartsLoading } from './formParts'
import { applyRefusal, errorText, isApiError } from './errors'
import { useOfflineSave, useSave, useSaveSubList } from './hooks'
import type { FormValues, Resource } from './resource'
import { useSettled } from './settled'

export interface UseResourceFormOptions<T extends object> {
  /** The record being edited; null/undefined → add. */
  record?: T | null
  /** Initial values on add (the new id is added). */
  defaults?: FormValues
  /** After a successful save (the toast 提交成功 is already shown); `saved` is undefined when the save was queued offline. */
  onSaved?: (saved: T | undefined) => void
  /**
   * A failed or conflicted outbox entry to edit (offline-capable resources): the form starts from
   * its payload, shows its field errors, and the save replaces it.
   */
  entry?: OutboxEntry | null
}

export interface ResourceForm<T extends object> {
  form: UseFormReturn<FieldValues>
  editing: boolean
  /** The record being edited (null when adding), e.g. to lock fields of a built-in record. */
  record: T | null
  /** Submit handler for `<form onSubmit>`. */
  submit: (e?: React.BaseSyntheticEvent) => Promise<void>
  saving: boolean
  /** Messages above the form (20006 duplicate, 20001 errors of fields the form lacks). */
  formErrors: string[]
  /** The current record after a 20008 answer, until reloaded or overwritten. */
  conflict: T | null
  reloadConflict: () => void
  overwriteConflict: () => void
}

/** A stable key per distinct payload, so a resubmission of the same data is applied once (DESIGN §4). */
function useIdempotencyKey() {
  const last = useRef<{ fp: string; key: string } | null>(null)
  return (payload: unknown) => {
    const fp = JSON.stringify(payload)
    if (last.current?.fp !== fp) last.current = { fp, key: crypto.randomUUID() }
    return last.current.key
  }
}

/** Whether a react-hook-form dirty-fields entry marks anything (arrays and objects: any leaf). */
function anyDirty(entry: unknown): boolean {
  if (entry === true) return true
  if (Array.isArray(entry)) return entry.some(anyDirty)
  if (entry && typeof entry === 'object') return Object.values(entry).some(anyDirty)
  return false
}

export function useResourceForm<T extends object>(resource: Resource<T>, options: UseResourceFormOptions<T> = {}): ResourceForm<T> {
  const { t } = useT()
  // After an add whose sub-lists failed, the record exists: the form goes on as an edit of it.
  const [added, setAdded] = useState<T | null>(null)
  const entry = options.entry ?? null
  const record = options.record ?? added ?? (entry?.base ? (entry.base as T) : null)
  const editing = entry && !added ? entry.op !== 'add' : !!record
  const editingRef = useRef(editing)
  editingRef.current = editing
  const loadSchemas = resource.schemas
  // the schemas load as the form opens (their module is not part of the list's start)
  useEffect(() => void loadSchemas?.(), [loadSchemas])
  const [initial] = useState(() =>
    entry ? entryValues(resource, entry, options.defaults) : resource.formValues(options.record, options.defaults),
  )
  const [resolver] = useState<Resolver<FieldValues>>(
    () =>
      (async (values, context, opts) => {
        if (!loadSchemas) throw new Error(`${resource.key}: a form needs the resource's schemas`)
        const schemas = await loadSchemas()
        return zodResolver((editingRef.current ? schemas.update : schemas.add) as never)(values, context, opts as never)
      }) as Resolver<FieldValues>,
  )
  const form = useForm<FieldValues>({ resolver, defaultValues: initial, mode: 'onTouched' })
  useDirtyGuard(form.formState.isDirty)
  const save = useSave(resource)
  const offlineSave = useOfflineSave(resource)
  const saveSub = useSaveSubList(resource)
  const keyFor = useIdempotencyKey()
  const [formErrors, setFormErrors] = useState<string[]>([])
  const [conflict, setConflict] = useState<T | null>(null)
  const onSaved = options.onSaved
  const subLists = resource.subLists ?? []
  const subFields = new Set(subLists.map((l) => l.field))

  /** Puts an error answer on the form; `prefix` maps a sub-list call's `items.0.x` to `<field>.0.x`. */
  const showError = (e: unknown, prefix?: string) => {
    if (!isApiError(e) || e.kind !== 'code') return // network errors: the client shows them
    if (e.code === Code.VERSION_CONFLICT && e.data && typeof e.data === 'object' && !prefix) {
      setConflict(e.data as T)
      return
    }
    // a sub-list call's `items.0.x` is the form's `<field>.0.x`; its 20006 goes above the form
    const toForm = (p: string) => (prefix ? p.replace(/^items(?=\.|$)/, prefix) : p)
    const fallback = e.code === Code.INVALID ? t('codes.20001') : e.code === Code.DUPLICATE ? t('codes.20006') : t('crud.formError')
    setFormErrors(applyRefusal(form, e, { toField: toForm, notOn: [prefix ?? resource.idKey], fallback }) ?? [])
  }

  // an entry that failed with field errors shows them at once
  const entryError = entry?.lastError
  useEffect(() => {
    if (entryError?.kind === 'code' && entryError.code)
      showError({ kind: 'code', code: entryError.code, data: entryError.data, message: entryError.message })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form opens
  }, [])

  /** Offline-capable resources: the record and its changed lists as one edit (sent, or queued). */
  const sendThroughOutbox = async (values: FieldValues, payload: FormValues) => {
    const dirty = form.formState.dirtyFields as Record<string, unknown>
    const fromEntry = Object.keys((entry?.payload.lists as Record<string, unknown> | undefined) ?? {})
    const lists: Record<string, unknown[]> = {}
    for (const list of subLists) {
      const items = (values[list.field] as unknown[] | undefined) ?? []
      if (!anyDirty(dirty[list.field]) && (editing || items.length === 0) && !fromEntry.includes(list.field)) continue
      lists[list.field] = items
    }
    const entityId = String(values[resource.idKey] ?? '')
    let result
    try {
      result = await offlineSave.mutateAsync({
        values: payload,
        lists,
        editing,
        entityId,
        base: record,
        replaces: entry && !added ? entry : undefined,
      })
    } catch (e) {
      if (e instanceof StepError) showError(e.error, e.step === 0 ? undefined : Object.keys(lists)[e.step - 1])
      return
    }
    if (result.queued) {
      // a full disk: kept in this tab only — say so until dismissed (the sync centre offers the export)
      if (result.memoryOnly) toast.error(t('sync.storage.full'), { duration: Infinity })
      else toast.info(t('sync.queued'))
      form.reset(form.getValues())
      onSaved?.(undefined)
      return
    }
    const saved = result.data as T | undefined
    const version = (saved as { version?: unknown } | undefined)?.version
    if (saved && !editing) setAdded(saved)
    if (typeof version === 'number') form.setValue('version', version)
    toast.success(t('common.success'))
    form.reset(form.getValues())
    onSaved?.(saved)
  }

  const send = async (values: FieldValues) => {
    setFormErrors([])
    setConflict(null)
    const main: FormValues = {}
    for (const [k, v] of Object.entries(values)) if (!subFields.has(k)) main[k] = v
    const payload = resource.toPayload ? resource.toPayload(main, editing) : main
    if (resource.offline) return sendThroughOutbox(values, payload)
    let saved: T | undefined
    try {
      saved = await save.mutateAsync({ values: payload, editing, idempotencyKey: keyFor(payload) })
    } catch (e) {
      showError(e)
      return
    }
    // the next save is an update of this version
    const version = (saved as { version?: unknown } | undefined)?.version
    if (saved && !editing) setAdded(saved)
    if (typeof version === 'number') form.setValue('version', version)
    const id = String(values[resource.idKey] ?? (saved ? resource.idOf(saved) : ''))
    const dirty = form.formState.dirtyFields as Record<string, unknown>
    for (const list of subLists) {
      const items = (values[list.field] as unknown[] | undefined) ?? []
      if (!anyDirty(dirty[list.field]) && (editing || items.length === 0)) continue
      try {
        await saveSub.mutateAsync({ path: list.path, body: { [list.parentKey]: id, items } })
        form.resetField(list.field, { defaultValue: form.getValues(list.field) })
      } catch (e) {
        showError(e, list.field)
        return
      }
    }
    toast.success(t('common.success'))
    form.reset(form.getValues())
    onSaved?.(saved)
  }

  const submit = (e?: React.BaseSyntheticEvent) =>
    form.handleSubmit(
      (values) => (uploadsInFlight.get() > 0 ? undefined : send(values)),
      (errors) => {
        // an error the form shows is on its field; one on a field it does not show is said above the form
        const el = e?.target
        if (!(el instanceof HTMLFormElement)) return
        // shown: a control of the form's registered under the path (a field, a picker of its own), or a control of that name
        const shown = (path: string) =>
          form.control._names.mount.has(path) || el.querySelector(`[name="${CSS.escape(controlName(path))}"]`) !== null
        const hidden = hiddenErrorPaths(errors, shown)
        setFormErrors(hidden.length ? [t('crud.hiddenInvalid', { fields: hidden.join(', ') })] : [])
      },
    )(e)

  const keepSubLists = (values: FormValues) => {
    const out = { ...values }
    for (const f of subFields) out[f] = form.getValues(f)
    return out
  }

  const reloadConflict = () => {
    if (!conflict) return
    form.reset(keepSubLists(resource.formValues(conflict)))
    setConflict(null)
    setFormErrors([])
    toast.info(t('crud.conflictReloaded'))
  }

  const overwriteConflict = () => {
    if (!conflict) return
    const version = (conflict as { version?: unknown }).version
    form.setValue('version', version, { shouldDirty: true })
    setConflict(null)
    void submit()
  }

  // A file still uploading has no id yet: saving now would lose it.
  const uploading = useUploading()
  const saving = uploading || save.isPending || offlineSave.isPending || saveSub.isPending || form.formState.isSubmitting
  return { form, editing, record, submit, saving, formErrors, conflict, reloadConflict, overwriteConflict }
}

/** Form values of an outbox entry: the record it was based on, overlaid with the edit's values and lists. */
function entryValues<T extends object>(resource: Resource<T>, entry: OutboxEntry, defaults?: FormValues): FormValues {
  const p = entry.payload as { values?: FormValues; lists?: Record<string, unknown[]> }
  const start = entry.base ? resource.formValues(entry.base as T) : resource.formValues(null, defaults)
  const values: FormValues = { ...start }
  for (const [k, v] of Object.entries(p.values ?? {})) values[k] = v === null || v === undefined ? '' : v
  for (const [k, v] of Object.entries(p.lists ?? {})) values[k] = v
  values[resource.idKey] = entry.entityId
  return values
}

// ---- dialog -----------------------------------------------------------------

export interface FormDialogProps<T extends object> extends UseResourceFormOptions<T> {
  resource: Resource<T>
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Default: 新增{entity} / 编辑{entity}. */
  title?: ReactNode
  description?: ReactNode
  /** The fields; a function gets the form (for dependent fields). */
  children: ReactNode | ((ctx: ResourceForm<T>) => ReactNode)
  size?: 'md' | 'lg' | 'xl'
  /**
   * Loads the lazy parts the fields render (`lazyForm`'s `preload`) when the dialog opens, beside
   * the form's own chunk: not one after the other, and there before a choice shows them.
   */
  preload?: () => Promise<unknown>
}

/**
 * The dialog's form (inside `<FormDialog>`'s content, ./FormDialog, which loads this module when a
 * dialog first opens): created fresh each time the dialog opens.
 */
export function FormDialogBody<T extends object>({
  resource,
  record,
  defaults,
  entry,
  onSaved,
  onOpenChange,
  title,
  description,
  children,
}: FormDialogProps<T>) {
  const { t } = useT()
  const rf = useResourceForm(resource, {
    record,
    defaults,
    entry,
    onSaved: (saved) => {
      onSaved?.(saved)
      onOpenChange(false)
    },
  })
  const entity = resource.entity ? t(resource.entity) : ''
  const heading = title ?? t(rf.editing ? 'crud.editTitle' : 'crud.addTitle', { name: entity })
  const marks = useMarks(resource.offline?.entity.entity)
  const mark = rf.record && marks ? marks[resource.idOf(rf.record)] : undefined
  // a part of the fields still loading: nothing to submit yet (./formParts)
  const partsLoading = useContext(PartsLoading)
  return (
    <FormProvider {...rf.form}>
      <form onSubmit={(e) => (partsLoading > 0 ? e.preventDefault() : rf.submit(e))} noValidate className="flex max-h-[90vh] flex-col">
        <DialogHeader className="border-b px-6 py-4">
          <DialogTitle className="flex items-center gap-2">
            {heading}
            <SyncMark status={mark} />
          </DialogTitle>
          {description && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        <div className="flex-1 overflow-y-auto px-6 py-5">
          <FormMessages rf={rf} />
          {typeof children === 'function' ? children(rf) : children}
        </div>
        <DialogFooter className="border-t px-6 py-3">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={rf.saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" pending={rf.saving} disabled={partsLoading > 0} className="min-w-24">
            {t('common.submit')}
          </Button>
        </DialogFooter>
      </form>
    </FormProvider>
  )
}

/** Form-level errors and the 20008 conflict notice; `<FormDialog>` renders it, custom forms may too. */
export function FormMessages<T extends object>({ rf }: { rf: ResourceForm<T> }) {
  const { t } = useT()
  const version = rf.conflict ? String((rf.conflict as { version?: unknown }).version ?? '') : ''
  return (
    <>
      <FormErrors messages={rf.formErrors} className="mb-4" />
      {rf.conflict && (
        <div role="alert" className="mb-4 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-3 text-sm">
          <p className="flex items-center gap-2 font-medium text-amber-800 dark:text-amber-300">
            <GitMerge className="h-4 w-4" aria-hidden />
            {t('crud.conflictTitle')}
          </p>
          <p className="mt-1 text-muted-foreground">{t('crud.conflictText', { version })}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="button" size="sm" className="h-9" onClick={rf.reloadConflict}>
              {t('crud.conflictReload')}
            </Button>
            <Button type="button" size="sm" variant="outline" className="h-9" onClick={rf.overwriteConflict} disabled={rf.saving}>
              {t('crud.conflictOverwrite')}
            </Button>
          </div>
        </div>
      )}
    </>
  )
}

// ---- fields -----------------------------------------------------------------

/** Two columns from `sm` up; `<FormField wide>` spans both. */
export function FormGrid({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('grid grid-cols-1 gap-x-5 gap-y-4 sm:grid-cols-2', className)}>{children}</div>
}

export interface FieldOption {
  value: string | number
  label: ReactNode
  /** What typing finds it by in a long list (default: the label, when it is text). */
  text?: string
  /** The group a long list shows it under (a person's unit). */
  group?: string
}

/** From this many options on, a select is searchable (SearchableSelect): people, units, containers… */
export const SEARCHABLE_FROM = 12

/**
 * Whether a select of `count` options is searchable — decided again only while it is closed: options
 * that arrive while it is open (its query answering after the user opened it empty) would otherwise
 * swap the control under the user and close it.
 */
function useSearchable(count: number) {
  const wanted = count >= SEARCHABLE_FROM
  const [open, setOpen] = useState(false)
  const [searchable, setSearchable] = useState(wanted)
  if (!open && searchable !== wanted) setSearchable(wanted)
  return { searchable, onOpenChange: setOpen }
}

/** `date` and `month` are native pickers whose values are `YYYY-MM-DD` / `YYYY-MM` strings. */
export type FieldKind = 'text' | 'textarea' | 'number' | 'decimal' | 'select' | 'switch' | 'password' | 'date' | 'month' | 'file'

export interface FormFieldProps {
  /** react-hook-form path, e.g. `roleName` or `functionList.0.functionAction`. */
  name: string
  label: string
  kind?: FieldKind
  options?: readonly FieldOption[]
  required?: boolean
  placeholder?: string
  /** Help text under the field. */
  hint?: ReactNode
  disabled?: boolean
  /** Spans both columns of a `<FormGrid>` (textareas do by default). */
  wide?: boolean
  /** Switch values: checked / unchecked (default true / false). */
  checkedValue?: unknown
  uncheckedValue?: unknown
  maxLength?: number
  /** Dates and months: the earliest / latest value the picker offers (`YYYY-MM-DD` / `YYYY-MM`). */
  min?: string
  max?: string
  /** `file`: what the upload is for (its types and size limit); the value is a fileId, or fileIds with `multiple`. */
  purpose?: UploadPurpose
  multiple?: boolean
  /** `file` with `multiple`: most files (default 9). */
  maxFiles?: number
  /** `file`: a smaller size limit in bytes than the purpose's. */
  maxSize?: number
  /** Called after the user changes the value (e.g. to fill a dependent field). */
  onValueChange?: (value: unknown) => void
  /** Hide the label visually (still read by screen readers), e.g. inside table-like rows. */
  hideLabel?: boolean
  className?: string
}

const ReadOnlyContext = createContext(false)

/**
 * Fields inside show their values as text (no inputs, no upload zones, no add/remove): the view of
 * someone who may read but not change (a tourist), instead of disabled inputs that look editable.
 */
export function ReadOnly({ value = true, children }: { value?: boolean; children: ReactNode }) {
  return <ReadOnlyContext.Provider value={value}>{children}</ReadOnlyContext.Provider>
}

export const useReadOnly = () => useContext(ReadOnlyContext)

/** A labelled input bound to the surrounding form; its error shows in the current language. */
export function FormField(props: FormFieldProps) {
  const {
    name,
    label,
    kind = 'text',
    options = [],
    required,
    placeholder,
    disabled,
    checkedValue = true,
    uncheckedValue = false,
    maxLength,
    hideLabel,
    min,
    max,
    onValueChange,
  } = props
  const { t, locale } = useT()
  const readOnly = useReadOnly()
  const { control, formState } = useFormContext()
  const { field, fieldState } = useController({ name, control })
  const select = useSearchable(options.length)
  const id = `f-${name.replace(/\./g, '-')}`
  const errorId = `${id}-error`
  const empty = field.value === null || field.value === undefined || field.value === ''
  // Errors show once the user has been in the field, has submitted, or the server said so — not
  // on fields just added (a new item of a FormList is validated at once by react-hook-form).
  const shown = fieldState.isTouched || formState.isSubmitted || fieldState.error?.type === 'server'
  const raw = shown ? (fieldState.error?.message ?? (get(fieldState.error, 'root.message') as string | undefined)) : undefined
  // an empty select is "please choose", whatever the schema calls it
  const error = raw && kind === 'select' && empty ? t('crud.selectPlaceholder', { field: label }) : errorText(raw, locale, label)
  const invalid = !!error
  const common = {
    id,
    name: controlName(field.name),
    disabled,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? errorId : undefined,
    'aria-required': required || undefined,
  }
  const text = field.value === null || field.value === undefined ? '' : String(field.value)
  const change = (value: unknown) => {
    field.onChange(value)
    onValueChange?.(value)
  }
  const ph = placeholder ?? t(kind === 'select' ? 'crud.selectPlaceholder' : 'crud.inputPlaceholder', { field: label })

  if (readOnly && kind !== 'file') {
    const shownValue =
      kind === 'password'
        ? null
        : kind === 'select'
          ? (options.find((o) => String(o.value) === text)?.label ?? (empty ? null : text))
          : kind === 'switch'
            ? t(field.value === checkedValue ? 'common.yes' : 'common.no')
            : empty
              ? null
              : text
    return (
      <div className={cn('flex min-w-0 flex-col gap-1', (props.wide ?? kind === 'textarea') && 'sm:col-span-2', props.className)}>
        <span id={`${id}-label`} className={cn('text-sm text-muted-foreground', hideLabel && 'sr-only')}>
          {label}
        </span>
        <span aria-labelledby={`${id}-label`} className="min-h-6 whitespace-pre-wrap break-words text-sm" data-readonly-field={name}>
          {shownValue ?? <span className="text-muted-foreground">{t('common.none')}</span>}
        </span>
      </div>
    )
  }

  let control_: ReactNode
  switch (kind) {
    case 'textarea':
      control_ = (
        <Textarea
          {...common}
          ref={field.ref}
          value={text}
          placeholder={ph}
          maxLength={maxLength}
          onChange={(e) => change(e.target.value)}
          onBlur={field.onBlur}
          rows={3}
        />
      )
      break
    case 'select':
      control_ = select.searchable ? (
        <SearchableSelect
          {...common}
          ref={field.ref}
          onBlur={field.onBlur}
          onOpenChange={select.onOpenChange}
          value={text}
          options={options.map((o) => ({
            value: String(o.value),
            label: o.label,
            text: o.text ?? (typeof o.label === 'string' ? o.label : String(o.value)),
            group: o.group,
          }))}
          onValueChange={(v) => change(options.find((o) => String(o.value) === v)?.value ?? v)}
          placeholder={ph}
          searchPlaceholder={t('crud.searchOptions')}
          emptyText={t('crud.noOptions')}
        />
      ) : (
        <Select
          name={controlName(field.name)}
          disabled={disabled}
          onOpenChange={select.onOpenChange}
          value={text}
          onValueChange={(v) => {
            const opt = options.find((o) => String(o.value) === v)
            change(opt ? opt.value : v)
          }}
        >
          <SelectTrigger {...common} ref={field.ref} onBlur={field.onBlur}>
            <SelectValue placeholder={ph} />
          </SelectTrigger>
          <SelectContent>
            {options.map((o) => (
              <SelectItem key={String(o.value)} value={String(o.value)} className="min-h-9">
                {o.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )
      break
    case 'file':
      control_ = (
        <FileUpload
          id={id}
          purpose={props.purpose ?? 'photo'}
          value={field.value as string | string[] | null}
          onChange={(v) => {
            change(v)
            field.onBlur()
          }}
          multiple={props.multiple}
          max={props.maxFiles}
          maxSize={props.maxSize}
          disabled={disabled || readOnly}
          readOnly={readOnly}
          invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
        />
      )
      break
    case 'switch':
      control_ = (
        <div className="flex h-9 items-center">
          <Switch
            {...common}
            ref={field.ref}
            checked={field.value === checkedValue}
            onCheckedChange={(c) => change(c ? checkedValue : uncheckedValue)}
            onBlur={field.onBlur}
          />
        </div>
      )
      break
    default:
      control_ = (
        <Input
          {...common}
          ref={field.ref}
          type={kind === 'password' || kind === 'date' || kind === 'month' ? kind : 'text'}
          inputMode={kind === 'number' ? 'numeric' : kind === 'decimal' ? 'decimal' : undefined}
          autoComplete={kind === 'password' ? 'new-password' : 'off'}
          value={text}
          placeholder={ph}
          maxLength={maxLength}
          min={min}
          max={max}
          onChange={(e) => {
            const v = e.target.value
            change(kind === 'decimal' ? keepFirstDot(v) : kind === 'number' ? v.replace(/[^\d-]/g, '') : v)
          }}
          onBlur={field.onBlur}
        />
      )
  }

  return (
    <FieldFrame {...props} id={id} error={error} wide={props.wide ?? kind === 'textarea'}>
      {control_}
    </FieldFrame>
  )
}

/**
 * A required choice among records read from the gateway (a template, a process model): when they
 * came back and there is none to choose, a notice says so above the select.
 */
export function PickField({ loaded, none, ...field }: Omit<FormFieldProps, 'kind' | 'required'> & { loaded: boolean; none: string }) {
  return (
    <>
      {loaded && !field.options?.length && (
        <p role="status" className="rounded-md border bg-muted/40 px-3 py-2 text-sm text-muted-foreground">
          {none}
        </p>
      )}
      <FormField {...field} kind="select" required />
    </>
  )
}

export interface FieldFrameProps {
  /** The control's id; its error is `<id>-error` (the control's aria-describedby while invalid). */
  id: string
  label: string
  required?: boolean
  hideLabel?: boolean
  /** The error in the current language; shown instead of the hint. */
  error?: string
  hint?: ReactNode
  /** Spans both columns of a `<FormGrid>`. */
  wide?: boolean
  className?: string
  children: ReactNode
}

/** A field's frame: the label (with the required mark), the control, then its error or else its hint. `<FormField>` is one. */
export function FieldFrame({ id, label, required, hideLabel, error: raw, hint, wide, className, children }: FieldFrameProps) {
  const error = useSettled(raw)
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', wide && 'sm:col-span-2', className)}>
      <Label htmlFor={id} className={cn('text-sm', hideLabel && 'sr-only')}>
        {required && (
          <span className="mr-0.5 text-destructive" aria-hidden>
            *
          </span>
        )}
        {label}
      </Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-muted-foreground">{hint}</p>
      ) : null}
    </div>
  )
}

/** The error of a non-input path (e.g. an array's repeat message), translated. */
/** A field's error under a control of its own; `choice`: the control picks (a tree, a list), so "missing" reads "please choose". */
export function FieldError({ name, label = '', choice = false }: { name: string; label?: string; choice?: boolean }) {
  const { t, locale } = useT()
  const { formState } = useFormContext()
  const err = get(formState.errors, name) as { message?: string; root?: { message?: string } } | undefined
  const raw = err?.message ?? err?.root?.message
  const text = useSettled(choice && raw === V.required ? t('crud.selectPlaceholder', { field: label }) : errorText(raw, locale, label))
  if (!text) return null
  return (
    <p role="alert" className="text-xs text-destructive">
      {text}
    </p>
  )
}
