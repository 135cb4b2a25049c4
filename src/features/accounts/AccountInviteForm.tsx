/**
 * The /sign form of the 'account' invitation: the invitee chooses an account name and password and
 * gives their name and cellphone (the gateway's fields, validated with the contract's
 * accountInviteForm); the account then waits for review.
 */
import { GenericInviteForm, type InviteFormProps } from '@/features/invite'
import { useT } from '@/lib/i18n'

export function AccountInviteForm(props: InviteFormProps) {
  const { t } = useT()
  const org = typeof props.data.organizationName === 'string' ? props.data.organizationName : ''
  return (
    <div className="space-y-5">
      <p className="text-sm text-muted-foreground">{t('accounts.invite.description', { org })}</p>
      <GenericInviteForm {...props} />
    </div>
  )
}
