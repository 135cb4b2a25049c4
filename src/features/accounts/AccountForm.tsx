/**
 * The add / edit form of an account (general or registered): the list's dialog and the sync
 * centre's editor of a failed or conflicted outbox entry both render it.
 */
import { ACCOUNT_LEVELS } from '@/contract'
import type { Account } from '@/contract/schemas/account'
import { enumOptions, FormField, FormGrid, type FormValues } from '@/lib/crud'
import { useT } from '@/lib/i18n'
import { useProjectDeptOptions, useUnitOptions } from './api'
import { RolesFormField } from './dialogs'
import type { AccountKind } from './resource'

/** A new account's starting values (in `organizationId` when given). */
export const accountFormDefaults = (kind: AccountKind, organizationId?: string): FormValues => ({
  organizationId: organizationId ?? '',
  level: 'general',
  roleIds: [],
  ...(kind === 'general' ? {} : { phoneLoginEnabled: true }),
})

export interface AccountFormFieldsProps {
  kind: AccountKind
  editing: boolean
  /** The unit the list is of: offered when the unit list cannot be loaded (offline). */
  organizationId?: string
  unitLabel?: string
}

export function AccountFormFields({ kind, editing, organizationId, unitLabel }: AccountFormFieldsProps) {
  const { t } = useT()
  const general = kind === 'general'
  const units = useUnitOptions(true)
  const departments = useProjectDeptOptions(!editing && kind !== 'general')
  const unitOptions = (units.data ?? []).map((u) => ({ value: u.organizationId, label: u.organizationName }))
  const levelLabel = (l: Account['level']) => t(`accounts.level.${l}`)
  return (
    <FormGrid>
      <FormField
        name="accountName"
        label={t('accounts.field.accountName')}
        required={!editing}
        disabled={editing}
        maxLength={20}
        hint={editing ? undefined : t('accounts.accountNameHint')}
      />
      <FormField name="userName" label={t('accounts.field.userName')} required maxLength={30} />
      {!editing && (
        <FormField
          name="password"
          kind="password"
          label={t('accounts.field.password')}
          required
          maxLength={20}
          hint={t('accounts.passwordHint')}
        />
      )}
      {!editing && <FormField name="confirmPassword" kind="password" label={t('accounts.field.confirmPassword')} required maxLength={20} />}
      <FormField
        name="cellphone"
        label={t('accounts.field.cellphone')}
        maxLength={11}
        hint={editing ? t('accounts.cellphoneKeepHint') : undefined}
      />
      <FormField name="email" label={t('accounts.field.email')} maxLength={100} />
      <FormField
        name="organizationId"
        kind="select"
        label={t('accounts.field.organization')}
        required
        options={unitOptions.length ? unitOptions : organizationId ? [{ value: organizationId, label: unitLabel ?? organizationId }] : []}
        placeholder={t('accounts.selectUnitFirst')}
      />
      {general && (
        <FormField
          name="level"
          kind="select"
          label={t('accounts.field.level')}
          required
          options={enumOptions(ACCOUNT_LEVELS, levelLabel)}
        />
      )}
      {!editing && <FormField name="validUntil" kind="date" label={t('accounts.field.validUntil')} hint={t('accounts.period.hint')} />}
      {!editing && general && (
        <FormField
          name="passwordValidUntil"
          kind="date"
          label={t('accounts.field.passwordValidUntil')}
          hint={t('accounts.period.pwdHint')}
        />
      )}
      {!editing && !general && (
        <FormField
          name="projectDepartmentId"
          label={t('accounts.projectDept.choose')}
          kind="select"
          options={departments}
          hint={departments.length ? t('accounts.projectDept.hint') : t('accounts.projectDept.none')}
          wide
        />
      )}
      {!editing && !general && <FormField name="phoneLoginEnabled" kind="switch" label={t('accounts.field.phoneLogin')} />}
      {!editing && <RolesFormField label={t('accounts.field.roles')} hint={t('accounts.rolesHint')} />}
    </FormGrid>
  )
}
