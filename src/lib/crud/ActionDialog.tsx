import { useRef, useState, type ReactNode } from 'react'
import { FormProvider, useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from '@/lib/toast'
import { AlertCircle } from 'lucide-react'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { applyRefusal, type RefusalOptions } from './errors'

export interface UseActionFormOptions<V extends FieldValues> {
  /** The contract's zod schema of the values (the same one the gateway checks), or its loader (a screen then starts without zod). */
  schema?: z.ZodType | (() => Promise<z.ZodType>)
  defaultValues: DefaultValues<V>
  /** Asked after validation, before the call (e.g. a `confirm()`); false stops. */
  confirm?: (values: V) => boolean | Promise<boolean>
  /** The call. */
  action: (values: V) => Promise<unknown>
  /** The toast after success (default 提交成功); false when the call shows its own. */
  success?: string | false | ((values: V, result: unknown) => string)
  /** After success (the toast is shown): e.g. close the dialog. */
  onDone?: (values: V, result: unknown) => void
  /** How a refusal maps onto the fields (`applyRefusal`). */
  refusal?: RefusalOptions
}

export interface ActionForm<V extends FieldValues = FieldValues> {
  form: UseFormReturn<V>
  /** For `<form onSubmit>`: validate → confirm → call → success toast and onDone, or the refusal on the form. */
  submit: (e?: React.BaseSyntheticEvent) => Promise<void>
  pending: boolean
  /** Refusals that belong to no field, for above the fields. */
  formErrors: string[]
}

/**
 * The one way a dialog form performs an action: react-hook-form validated by the contract's
 * schema; on submit the call; a refusal goes onto the fields (20001, 20006) or above them
 * (`applyRefusal`); success toasts 提交成功 and calls `onDone` (close). Render it in `<ActionDialog>`.
 */
export function useActionForm<V extends FieldValues = FieldValues>(options: UseActionFormOptions<V>): ActionForm<V> {
  const { t } = useT()
  const latest = useRef(options)
  latest.current = options
  const [resolver] = useState(() => {
    const schema = options.schema
    if (!schema) return undefined
    return (async (values, context, opts) =>
      zodResolver((typeof schema === 'function' ? await schema() : schema) as never)(values, context, opts as never)) as Resolver<V>
  })
  const form = useForm<V>({ resolver, defaultValues: options.defaultValues, mode: 'onTouched' })
  const [pending, setPending] = useState(false)
  const [formErrors, setFormErrors] = useState<string[]>([])
  const submit = form.handleSubmit(async (values) => {
    const o = latest.current
    setFormErrors([])
    if (o.confirm && !(await o.confirm(values))) return
    setPending(true)
    let result: unknown
    try {
      result = await o.action(values)
    } catch (e) {
      setFormErrors(applyRefusal(form, e, o.refusal) ?? [])
      return
    } finally {
      setPending(false)
    }
    if (o.success !== false) toast.success(typeof o.success === 'function' ? o.success(values, result) : (o.success ?? t('common.success')))
    o.onDone?.(values, result)
  })
  return { form, submit, pending, formErrors }
}

export interface ActionDialogProps<V extends FieldValues> {
  open: boolean
  onClose: () => void
  title: ReactNode
  description?: ReactNode
  /** The form (`useActionForm`). */
  action: ActionForm<V>
  /** The submit button's text (default 提交). */
  submitText?: string
  destructive?: boolean
  className?: string
  /** The fields (`<FormField>`s, or controls bound with `useController`). */
  children: ReactNode
}

/**
 * A dialog around one small form that performs an action (audit, reset a password, set a period,
 * give a reason): title, refusals, fields, cancel and submit. Record add/edit forms use FormDialog.
 */
export function ActionDialog<V extends FieldValues>({
  open,
  onClose,
  title,
  description,
  action,
  submitText,
  destructive,
  className,
  children,
}: ActionDialogProps<V>) {
  const { t } = useT()
  const { pending } = action
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className={cn('sm:max-w-md', className)} closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description !== undefined && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        <FormProvider {...action.form}>
          <form noValidate className="flex flex-col gap-4" onSubmit={(e) => void action.submit(e)}>
            <FormErrors messages={action.formErrors} />
            {children}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" variant={destructive ? 'destructive' : 'default'} pending={pending} className="min-w-20">
                {submitText ?? t('common.submit')}
              </Button>
            </DialogFooter>
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  )
}

/** The refusals that belong to no field, above a form's fields (one alert, a line each). */
export function FormErrors({ messages, className }: { messages: readonly string[]; className?: string }) {
  if (messages.length === 0) return null
  return (
    <div
      role="alert"
      className={cn('flex gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive', className)}
    >
      <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div className="space-y-0.5">
        {messages.map((m) => (
          <p key={m}>{m}</p>
        ))}
      </div>
    </div>
  )
}
