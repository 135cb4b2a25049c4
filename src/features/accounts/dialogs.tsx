/** The account action dialogs: audit, reset password, valid periods, project department; and the roles picker. */
import { useState, type ReactNode } from 'react'
import { useController } from 'react-hook-form'
import { Check, Copy, Sparkles } from 'lucide-react'
import { z } from 'zod'
import { PASSWORD_MAX, V } from '@/contract'
import { fieldOf } from '@/contract/fields'
import { REVIEW_FIELDS } from '@/contract/fields/account'
import { reviewDecision, type ReviewDecision } from '@/contract/schemas/common'
import { projectDeptFields, resetPwdBody, validDate, type Account } from '@/contract/schemas/account'
import { Button } from '@/components/ui/button'
import { Checkbox, CheckboxOption } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { confirm, errorText } from '@/lib/crud'
import { ActionDialog, DeclaredField, FieldFrame, FormField, useActionForm } from '@/lib/crud/forms'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { generatePassword, useAccountCall, useProjectDeptOptions, useRoleOptions } from './api'
import type { AccountKind } from './resource'

/** A labelled control bound to the dialog's form by `name`, with its error in the current language. */
function BoundField({
  name,
  label,
  required,
  hint,
  children,
}: {
  name: string
  label: string
  required?: boolean
  hint?: ReactNode
  children: (field: { id: string; value: string; onChange: (v: string) => void; onBlur: () => void; invalid: boolean }) => ReactNode
}) {
  const { locale } = useT()
  const { field, fieldState, formState } = useController({ name })
  const id = `f-${name}`
  const shown = fieldState.isTouched || formState.isSubmitted || fieldState.error?.type === 'server'
  const error = shown ? errorText(fieldState.error?.message, locale, label) : ''
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint}>
      {children({ id, value: String(field.value ?? ''), onChange: field.onChange, onBlur: field.onBlur, invalid: !!error })}
    </FieldFrame>
  )
}

// ---- roles --------------------------------------------------------------------------------

/** Checkboxes of the roles the caller sees; `value` are role ids. */
export function RolePicker({ value, onChange, id }: { value: string[]; onChange: (ids: string[]) => void; id: string }) {
  const { t } = useT()
  const roles = useRoleOptions(true)
  const list = (roles.data ?? []).filter((r) => r.status === 1)
  if (roles.isPending) return <p className="text-sm text-muted-foreground">{t('common.loading')}</p>
  if (list.length === 0) return <p className="text-sm text-muted-foreground">{t('accounts.noRoles')}</p>
  return (
    <div id={id} role="group" className="grid max-h-40 grid-cols-1 gap-1 overflow-y-auto rounded-md border p-2 sm:grid-cols-2">
      {list.map((r) => (
        <CheckboxOption key={r.roleId} id={r.roleId} name={r.roleName} value={value} onChange={onChange} />
      ))}
    </div>
  )
}

/** The roles field of the account form (react-hook-form `roleIds`). */
export function RolesFormField({ label, hint }: { label: string; hint: string }) {
  const { field } = useController({ name: 'roleIds', defaultValue: [] })
  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2">
      <Label htmlFor="account-roles">{label}</Label>
      <RolePicker id="account-roles" value={(field.value as string[] | undefined) ?? []} onChange={field.onChange} />
      <p className="text-xs text-muted-foreground">{hint}</p>
    </div>
  )
}

// ---- audit ----------------------------------------------------------------------------------

/**
 * The one review of an account under review (issue 10 #1): approve (with the roles it gets) or reject
 * (with a reason), after a confirm prompt; the same dialog in 账号 and 用户审核. `details` shows what was
 * submitted; `submit` makes the call (generalAccount/audit or userAudit/audit: one gateway path).
 */
export interface ReviewTarget {
  /** Who is reviewed (a name, or "3 records"). */
  who: string
  /** The name in the confirm prompt (default: who). */
  confirmName?: string
  /** The decision the dialog opens with. */
  initial?: ReviewDecision['decision']
  details?: ReactNode
  submit: (decision: ReviewDecision) => Promise<unknown>
  /** The call shows its own success message. */
  toasts?: boolean
  done?: () => void
}

export function ReviewDialog({ target, onClose }: { target: ReviewTarget | null; onClose: () => void }) {
  const { t } = useT()
  const action = useActionForm({
    schema: reviewDecision,
    defaultValues: { decision: target?.initial ?? 'approve', reason: '', roleIds: [] as string[] },
    confirm: (v) =>
      confirm({
        title: t(v.decision === 'approve' ? 'accounts.confirmTitle.approve' : 'accounts.confirmTitle.reject'),
        description: t(v.decision === 'approve' ? 'accounts.confirm.approve' : 'accounts.confirm.reject', {
          name: target?.confirmName ?? target?.who ?? '',
        }),
        destructive: v.decision === 'reject',
        confirmText: t(v.decision === 'approve' ? 'accounts.action.approve' : 'accounts.action.reject'),
      }),
    action: (v) =>
      target!.submit(
        v.decision === 'approve'
          ? { decision: 'approve', roleIds: (v.roleIds as string[] | undefined) ?? [] }
          : { decision: 'reject', reason: String(v.reason ?? '').trim() },
      ),
    success: target?.toasts ? false : (v) => t(v.decision === 'approve' ? 'accounts.done.approve' : 'accounts.done.reject'),
    onDone: () => {
      target?.done?.()
      onClose()
    },
  })
  const decision = action.form.watch('decision') as 'approve' | 'reject'
  return (
    <ActionDialog
      open={!!target}
      onClose={onClose}
      title={t('accounts.audit.title')}
      description={t('accounts.audit.for', { name: target?.who ?? '' })}
      action={action}
      destructive={decision === 'reject'}
      className="sm:max-w-lg"
    >
      {target?.details}
      <div role="radiogroup" aria-label={t('accounts.audit.decision')} className="grid grid-cols-2 gap-2">
        {(['approve', 'reject'] as const).map((d) => (
          <button
            key={d}
            type="button"
            role="radio"
            aria-checked={decision === d}
            onClick={() => action.form.setValue('decision', d)}
            className={cn(
              'min-h-11 rounded-md border px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              decision === d
                ? d === 'approve'
                  ? 'border-emerald-600 bg-emerald-500/10 text-emerald-700 dark:text-emerald-400'
                  : 'border-destructive bg-destructive/10 text-destructive'
                : 'hover:bg-accent',
            )}
          >
            {t(d === 'approve' ? 'accounts.action.approve' : 'accounts.action.reject')}
          </button>
        ))}
      </div>
      {decision === 'approve' ? <AuditRoles /> : <DeclaredField field={fieldOf(REVIEW_FIELDS, 'reason')} />}
    </ActionDialog>
  )
}

/** The review of one account of the 账号 tab (generalAccount/audit). */
export function AuditDialog({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const call = useAccountCall('general')
  const target: ReviewTarget | null = account
    ? {
        who: `${account.userName ?? ''}（${account.accountName}）`,
        confirmName: account.accountName,
        submit: (d) => call.mutateAsync({ call: 'audit', body: { ids: [account.accountId], ...d } }),
      }
    : null
  return <ReviewDialog target={target} onClose={onClose} />
}

/** The roles given on approval (the form's `roleIds`). */
function AuditRoles() {
  const { t } = useT()
  const { field } = useController({ name: 'roleIds' })
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor="audit-roles">{t('accounts.audit.rolesOnApprove')}</Label>
      <RolePicker id="audit-roles" value={(field.value as string[] | undefined) ?? []} onChange={field.onChange} />
      <p className="text-xs text-muted-foreground">{t('accounts.rolesHint')}</p>
      {((field.value as string[] | undefined) ?? []).length === 0 && (
        <p className="text-xs text-amber-700 dark:text-amber-400">{t('accounts.audit.noRoleHint')}</p>
      )}
    </div>
  )
}

// ---- reset password -------------------------------------------------------------------------

export function ResetPwdDialog({ kind, account, onClose }: { kind: AccountKind; account: Account | null; onClose: () => void }) {
  const { t } = useT()
  const call = useAccountCall(kind)
  const [generated, setGenerated] = useState(false)
  const [copied, setCopied] = useState(false)
  const accountName = account?.accountName ?? ''
  const action = useActionForm({
    schema: resetPwdBody.refine((v) => !v.password || v.password.toLowerCase() !== accountName.toLowerCase(), {
      path: ['password'],
      error: V.passwordSameAsAccount,
    }),
    defaultValues: { accountId: account?.accountId ?? '', password: '', confirmPassword: '' },
    action: (v) => call.mutateAsync({ call: 'resetPwd', body: v }),
    success: t('accounts.done.resetPwd'),
    onDone: onClose,
  })
  const generate = () => {
    const pw = generatePassword(accountName)
    action.form.setValue('password', pw, { shouldValidate: action.form.formState.isSubmitted })
    action.form.setValue('confirmPassword', pw)
    action.form.clearErrors('confirmPassword')
    setGenerated(true)
    setCopied(false)
  }
  const copy = async () => {
    await navigator.clipboard?.writeText(action.form.getValues('password')).catch(() => undefined)
    setCopied(true)
  }
  return (
    <ActionDialog
      open={!!account}
      onClose={onClose}
      title={t('accounts.resetPwd.title')}
      description={t('accounts.resetPwd.for', { name: accountName })}
      action={action}
      submitText={t('accounts.action.resetPwd')}
    >
      <BoundField name="password" label={t('accounts.field.password')} required hint={t('accounts.passwordHint')}>
        {(f) => (
          <div className="flex gap-2">
            <Input
              id={f.id}
              type={generated ? 'text' : 'password'}
              autoComplete="new-password"
              className={cn(generated && 'font-mono')}
              value={f.value}
              maxLength={PASSWORD_MAX}
              aria-invalid={f.invalid || undefined}
              aria-describedby={f.invalid ? `${f.id}-error` : undefined}
              onBlur={f.onBlur}
              onChange={(e) => {
                f.onChange(e.target.value)
                setGenerated(false)
              }}
            />
            <Button type="button" variant="outline" onClick={generate} icon={Sparkles}>
              {t('accounts.resetPwd.generate')}
            </Button>
          </div>
        )}
      </BoundField>
      {generated ? (
        <div
          role="status"
          className="flex items-center justify-between gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm"
        >
          <span>{t('accounts.resetPwd.generated')}</span>
          <Button type="button" size="sm" variant="outline" className="h-9 shrink-0" onClick={() => void copy()}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {t(copied ? 'accounts.resetPwd.copied' : 'accounts.resetPwd.copy')}
          </Button>
        </div>
      ) : (
        <FormField name="confirmPassword" label={t('accounts.field.confirmPassword')} kind="password" required maxLength={PASSWORD_MAX} />
      )}
    </ActionDialog>
  )
}

// ---- valid periods --------------------------------------------------------------------------

export interface PeriodTarget {
  accounts: Account[]
  /** Account valid period, or password valid period. */
  which: 'valid' | 'password'
}

const todayInChina = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)

/** Permanent, or a date (the contract's validDate). */
const periodForm = z.object({ permanent: z.boolean(), date: z.string() }).superRefine((v, ctx) => {
  if (v.permanent) return
  if (!v.date) ctx.addIssue({ code: 'custom', path: ['date'], message: V.required })
  else if (!validDate().safeParse(v.date).success) ctx.addIssue({ code: 'custom', path: ['date'], message: V.date })
})

export function PeriodDialog({ kind, target, onClose }: { kind: AccountKind; target: PeriodTarget | null; onClose: () => void }) {
  const { t } = useT()
  const call = useAccountCall(kind)
  const first = target?.accounts[0]
  const current = target ? (target.which === 'valid' ? first?.validUntil : first?.passwordValidUntil) : null
  const action = useActionForm({
    schema: periodForm,
    defaultValues: {
      permanent: !current,
      date: current ? new Date(new Date(current).getTime() + 8 * 3600_000).toISOString().slice(0, 10) : '',
    },
    // a valid period that has already ended stops the accounts at once: ask first
    confirm: (v) =>
      target?.which === 'valid' && !v.permanent && v.date < todayInChina()
        ? confirm({ title: t('accounts.confirmTitle.expire'), description: t('accounts.confirm.expireNow'), destructive: true })
        : true,
    action: (v) => {
      const ids = target?.accounts.map((a) => a.accountId) ?? []
      const value = v.permanent ? null : v.date
      return call.mutateAsync(
        target?.which === 'password'
          ? { call: 'updatePwdValidPeriod', body: { ids, passwordValidUntil: value } }
          : { call: 'updateValidPeriod', body: { ids, validUntil: value } },
      )
    },
    success: t('accounts.done.validPeriod'),
    onDone: onClose,
  })
  const permanent = action.form.watch('permanent') as boolean
  return (
    <ActionDialog
      open={!!target}
      onClose={onClose}
      title={t(target?.which === 'password' ? 'accounts.period.pwdTitle' : 'accounts.period.title')}
      description={t('accounts.period.for', { names: target?.accounts.map((a) => a.accountName).join('、') ?? '' })}
      action={action}
    >
      <label className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
        <Checkbox checked={permanent} onCheckedChange={(v) => action.form.setValue('permanent', v === true)} />
        {t('accounts.period.permanent')}
      </label>
      {!permanent && (
        <FormField
          name="date"
          kind="date"
          label={t('accounts.period.until')}
          required
          hint={t(target?.which === 'password' ? 'accounts.period.pwdHint' : 'accounts.period.hint')}
        />
      )}
    </ActionDialog>
  )
}

// ---- project department (registered accounts) -----------------------------------------------

export function ProjectDeptDialog({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const { t } = useT()
  const call = useAccountCall('registered')
  const departments = useProjectDeptOptions(!!account)
  const action = useActionForm({
    schema: projectDeptFields,
    defaultValues: { projectDepartmentId: account?.projectDepartmentId ?? '' },
    action: (v) => call.mutateAsync({ call: 'updateProjectDept', body: { accountId: account?.accountId, ...v } }),
    success: t('accounts.done.projectDept'),
    onDone: onClose,
  })
  return (
    <ActionDialog
      open={!!account}
      onClose={onClose}
      title={t('accounts.projectDept.title')}
      description={t('accounts.projectDept.hint')}
      action={action}
    >
      <FormField
        name="projectDepartmentId"
        label={t('accounts.projectDept.choose')}
        kind="select"
        options={departments}
        hint={departments.length ? undefined : t('accounts.projectDept.none')}
      />
    </ActionDialog>
  )
}
