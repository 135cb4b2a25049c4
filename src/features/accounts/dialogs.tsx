/** The account action dialogs: audit, reset password, valid periods, project department; and the roles picker. */
import { useState, type ReactNode } from 'react'
import { useController } from 'react-hook-form'
import { Check, Copy, Sparkles } from 'lucide-react'
import { z } from 'zod'
import { accountAuditBody, projectDeptFields, resetPwdBody, validDate, type Account } from '@/contract/schemas/account'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Input, Textarea } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { ActionDialog, confirm, errorText, isApiError, mapServerErrors } from '@/lib/crud'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { generatePassword, useAccountCall, useRoleOptions } from './api'
import type { AccountKind } from './resource'

type Errors = Record<string, string>

/** zod issues → messages per field, in the current language with the field's label. */
function issuesToErrors(error: z.ZodError, locale: 'zh' | 'en', labels: Record<string, string>): Errors {
  const out: Errors = {}
  for (const i of error.issues) {
    const f = String(i.path[0] ?? '')
    if (!out[f]) out[f] = errorText(i.message, locale, labels[f] ?? '')
  }
  return out
}

/** 20001 answers → field messages (others are shown by the client). */
function serverErrors(e: unknown, labels: Record<string, string>): Errors | null {
  if (!isApiError(e) || e.kind !== 'code' || e.code !== 20001) return null
  const mapped = mapServerErrors(e.data, (p) => p in labels)
  return Object.fromEntries(mapped.fields.map((f) => [f.name, f.message]))
}

function Field({ id, label, required, error, hint, children }: { id: string; label: string; required?: boolean; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>
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
      {list.map((r) => {
        const on = value.includes(r.roleId)
        return (
          <label key={r.roleId} className="flex min-h-9 cursor-pointer items-center gap-2 rounded px-1.5 text-sm hover:bg-accent">
            <Checkbox checked={on} onCheckedChange={(v) => onChange(v === true ? [...value, r.roleId] : value.filter((x) => x !== r.roleId))} />
            <span className="truncate" title={r.roleName}>
              {r.roleName}
            </span>
          </label>
        )
      })}
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

export function AuditDialog({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const { t, locale } = useT()
  const call = useAccountCall('general')
  const [decision, setDecision] = useState<'approve' | 'reject'>('approve')
  const [reason, setReason] = useState('')
  const [roleIds, setRoleIds] = useState<string[]>([])
  const [errors, setErrors] = useState<Errors>({})
  const labels = { reason: t('accounts.audit.reason') }
  const name = account ? `${account.userName ?? ''}（${account.accountName}）` : ''
  const submit = async () => {
    if (!account) return
    const body = { ids: [account.accountId], decision, reason: decision === 'reject' ? reason : undefined, roleIds: decision === 'approve' ? roleIds : undefined }
    const parsed = accountAuditBody.safeParse(body)
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error, locale, labels))
    setErrors({})
    const ok = await confirm({
      description: t(decision === 'approve' ? 'accounts.confirm.approve' : 'accounts.confirm.reject', { name: account.accountName }),
      destructive: decision === 'reject',
      confirmText: t(decision === 'approve' ? 'accounts.action.approve' : 'accounts.action.reject'),
    })
    if (!ok) return
    try {
      await call.mutateAsync({ call: 'audit', body, done: decision === 'approve' ? 'accounts.done.approve' : 'accounts.done.reject' })
      onClose()
    } catch (e) {
      const f = serverErrors(e, labels)
      if (f) setErrors(f)
    }
  }
  return (
    <ActionDialog
      open={!!account}
      onClose={onClose}
      title={t('accounts.audit.title')}
      description={t('accounts.audit.for', { name })}
      pending={call.isPending}
      destructive={decision === 'reject'}
      onSubmit={submit}
      className="sm:max-w-lg"
    >
      <div role="radiogroup" aria-label={t('accounts.audit.decision')} className="grid grid-cols-2 gap-2">
        {(['approve', 'reject'] as const).map((d) => (
          <button
            key={d}
            type="button"
            role="radio"
            aria-checked={decision === d}
            onClick={() => setDecision(d)}
            className={cn(
              'min-h-11 rounded-md border px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              decision === d ? (d === 'approve' ? 'border-emerald-600 bg-emerald-500/10 text-emerald-700 dark:text-emerald-400' : 'border-destructive bg-destructive/10 text-destructive') : 'hover:bg-accent',
            )}
          >
            {t(d === 'approve' ? 'accounts.action.approve' : 'accounts.action.reject')}
          </button>
        ))}
      </div>
      {decision === 'approve' ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-roles">{t('accounts.audit.rolesOnApprove')}</Label>
          <RolePicker id="audit-roles" value={roleIds} onChange={setRoleIds} />
          <p className="text-xs text-muted-foreground">{t('accounts.rolesHint')}</p>
        </div>
      ) : (
        <Field id="audit-reason" label={labels.reason} required error={errors.reason}>
          <Textarea id="audit-reason" rows={3} maxLength={200} value={reason} aria-invalid={!!errors.reason || undefined} onChange={(e) => setReason(e.target.value)} />
        </Field>
      )}
    </ActionDialog>
  )
}

// ---- reset password -------------------------------------------------------------------------

export function ResetPwdDialog({ kind, account, onClose }: { kind: AccountKind; account: Account | null; onClose: () => void }) {
  const { t, locale } = useT()
  const call = useAccountCall(kind)
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirm] = useState('')
  const [generated, setGenerated] = useState(false)
  const [copied, setCopied] = useState(false)
  const [errors, setErrors] = useState<Errors>({})
  const labels = { password: t('accounts.field.password'), confirmPassword: t('accounts.field.confirmPassword') }
  const generate = () => {
    const pw = generatePassword(account?.accountName ?? '')
    setPassword(pw)
    setConfirm(pw)
    setGenerated(true)
    setCopied(false)
  }
  const copy = async () => {
    await navigator.clipboard?.writeText(password).catch(() => undefined)
    setCopied(true)
  }
  const submit = async () => {
    if (!account) return
    const body = { accountId: account.accountId, password, confirmPassword }
    const parsed = resetPwdBody.safeParse(body)
    const errs = parsed.success ? {} : issuesToErrors(parsed.error, locale, labels)
    if (password && password.toLowerCase() === account.accountName.toLowerCase()) errs.password = errorText('v.passwordSameAsAccount', locale, labels.password)
    if (Object.keys(errs).length) return setErrors(errs)
    setErrors({})
    try {
      await call.mutateAsync({ call: 'resetPwd', body, done: 'accounts.done.resetPwd' })
      onClose()
    } catch (e) {
      const f = serverErrors(e, labels)
      if (f) setErrors(f)
    }
  }
  return (
    <ActionDialog
      open={!!account}
      onClose={onClose}
      title={t('accounts.resetPwd.title')}
      description={t('accounts.resetPwd.for', { name: account?.accountName ?? '' })}
      pending={call.isPending}
      submitText={t('accounts.action.resetPwd')}
      onSubmit={submit}
    >
      <Field id="reset-password" label={labels.password} required error={errors.password} hint={t('accounts.passwordHint')}>
        <div className="flex gap-2">
          <Input
            id="reset-password"
            type={generated ? 'text' : 'password'}
            autoComplete="new-password"
            className={cn(generated && 'font-mono')}
            value={password}
            maxLength={20}
            aria-invalid={!!errors.password || undefined}
            onChange={(e) => {
              setPassword(e.target.value)
              setGenerated(false)
            }}
          />
          <Button type="button" variant="outline" onClick={generate}>
            <Sparkles aria-hidden />
            {t('accounts.resetPwd.generate')}
          </Button>
        </div>
      </Field>
      {generated ? (
        <div role="status" className="flex items-center justify-between gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm">
          <span>{t('accounts.resetPwd.generated')}</span>
          <Button type="button" size="sm" variant="outline" className="h-9 shrink-0" onClick={() => void copy()}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {t(copied ? 'accounts.resetPwd.copied' : 'accounts.resetPwd.copy')}
          </Button>
        </div>
      ) : (
        <Field id="reset-confirm" label={labels.confirmPassword} required error={errors.confirmPassword}>
          <Input
            id="reset-confirm"
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            maxLength={20}
            aria-invalid={!!errors.confirmPassword || undefined}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </Field>
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

export function PeriodDialog({ kind, target, onClose }: { kind: AccountKind; target: PeriodTarget | null; onClose: () => void }) {
  const { t, locale } = useT()
  const call = useAccountCall(kind)
  const first = target?.accounts[0]
  const current = target ? (target.which === 'valid' ? first?.validUntil : first?.passwordValidUntil) : null
  const [permanent, setPermanent] = useState(!current)
  const [date, setDate] = useState(current ? new Date(new Date(current).getTime() + 8 * 3600_000).toISOString().slice(0, 10) : '')
  const [error, setError] = useState('')
  const label = t('accounts.period.until')
  const submit = async () => {
    if (!target) return
    const value = permanent ? null : date
    const parsed = validDate().safeParse(value)
    if (!permanent && (!date || !parsed.success)) return setError(errorText(date ? 'v.date' : 'v.required', locale, label))
    setError('')
    if (target.which === 'valid' && value && value < todayInChina()) {
      const ok = await confirm({ description: t('accounts.confirm.expireNow'), destructive: true })
      if (!ok) return
    }
    const ids = target.accounts.map((a) => a.accountId)
    try {
      await call.mutateAsync(
        target.which === 'valid'
          ? { call: 'updateValidPeriod', body: { ids, validUntil: value }, done: 'accounts.done.validPeriod' }
          : { call: 'updatePwdValidPeriod', body: { ids, passwordValidUntil: value }, done: 'accounts.done.validPeriod' },
      )
      onClose()
    } catch {
      /* shown by the client */
    }
  }
  return (
    <ActionDialog
      open={!!target}
      onClose={onClose}
      title={t(target?.which === 'password' ? 'accounts.period.pwdTitle' : 'accounts.period.title')}
      description={t('accounts.period.for', { names: target?.accounts.map((a) => a.accountName).join('、') ?? '' })}
      pending={call.isPending}
      onSubmit={submit}
    >
      <label className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
        <Checkbox checked={permanent} onCheckedChange={(v) => setPermanent(v === true)} />
        {t('accounts.period.permanent')}
      </label>
      {!permanent && (
        <Field id="period-date" label={label} required error={error} hint={t(target?.which === 'password' ? 'accounts.period.pwdHint' : 'accounts.period.hint')}>
          <Input id="period-date" type="date" value={date} aria-invalid={!!error || undefined} onChange={(e) => setDate(e.target.value)} />
        </Field>
      )}
    </ActionDialog>
  )
}

// ---- project department (registered accounts) -----------------------------------------------

export function ProjectDeptDialog({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const { t, locale } = useT()
  const call = useAccountCall('registered')
  const [values, setValues] = useState({
    projectName: account?.projectName ?? '',
    projectOrganizationName: account?.projectOrganizationName ?? '',
    projectDepartmentName: account?.projectDepartmentName ?? '',
  })
  const [errors, setErrors] = useState<Errors>({})
  const labels = {
    projectName: t('accounts.field.projectName'),
    projectOrganizationName: t('accounts.field.projectOrganizationName'),
    projectDepartmentName: t('accounts.field.projectDepartmentName'),
  }
  const submit = async () => {
    if (!account) return
    const parsed = projectDeptFields.safeParse(values)
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error, locale, labels))
    setErrors({})
    try {
      await call.mutateAsync({ call: 'updateProjectDept', body: { accountId: account.accountId, ...values }, done: 'accounts.done.projectDept' })
      onClose()
    } catch (e) {
      const f = serverErrors(e, labels)
      if (f) setErrors(f)
    }
  }
  return (
    <ActionDialog
      open={!!account}
      onClose={onClose}
      title={t('accounts.projectDept.title')}
      description={t('accounts.projectDept.hint')}
      pending={call.isPending}
      onSubmit={submit}
    >
      {(Object.keys(labels) as (keyof typeof labels)[]).map((k) => (
        <Field key={k} id={`pd-${k}`} label={labels[k]} error={errors[k]}>
          <Input id={`pd-${k}`} value={values[k]} maxLength={100} aria-invalid={!!errors[k] || undefined} onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))} />
        </Field>
      ))}
    </ActionDialog>
  )
}
