/**
 * The add / edit form of an account (general or registered): the list's dialog and the sync
 * centre's editor of a failed or conflicted outbox entry both render it.
 */
import { PASSWORD_MAX } from '@/contract'
import { ACCOUNT_FIELDS } from '@/contract/fields/account'
import { type FormValues } from '@/lib/crud'
import { DeclaredFields, FormField } from '@/lib/crud/forms'
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
  const adding = !editing
  const units = useUnitOptions(true)
  const departments = useProjectDeptOptions(adding && !general)
  const unitOptions = (units.data ?? []).map((u) => ({
    value: u.organizationId,
    label: u.organizationName,
    text: [u.organizationName, u.shortName, u.creditCode].filter(Boolean).join(' '),
    group: u.organizationTypeName ?? undefined,
  }))
  const only = (shown: boolean) => (shown ? {} : false)
  return (
    <DeclaredFields
      fields={ACCOUNT_FIELDS}
      sources={{
        organization: unitOptions.length
          ? unitOptions
          : organizationId
            ? [{ value: organizationId, label: unitLabel ?? organizationId }]
            : [],
      }}
      own={{
        accountName: editing ? { required: false, disabled: true, hint: null } : {},
        cellphone: editing ? { hint: t('accounts.cellphoneKeepHint') } : {},
        organizationId: { placeholder: t('accounts.selectUnitFirst') },
        level: only(general),
        validUntil: only(adding),
        passwordValidUntil: only(adding && general),
        phoneLoginEnabled: only(adding && !general),
      }}
      before={{
        cellphone: adding && (
          <>
            <FormField
              name="password"
              kind="password"
              label={t('accounts.field.password')}
              required
              maxLength={PASSWORD_MAX}
              hint={t('accounts.passwordHint')}
            />
            <FormField
              name="confirmPassword"
              kind="password"
              label={t('accounts.field.confirmPassword')}
              required
              maxLength={PASSWORD_MAX}
            />
          </>
        ),
        phoneLoginEnabled: adding && !general && (
          <FormField
            name="projectDepartmentId"
            label={t('accounts.projectDept.choose')}
            kind="select"
            options={departments}
            hint={departments.length ? t('accounts.projectDept.hint') : t('accounts.projectDept.none')}
            wide
          />
        ),
      }}
    >
      {adding && <RolesFormField label={t('accounts.field.roles')} hint={t('accounts.rolesHint')} />}
    </DeclaredFields>
  )
}
