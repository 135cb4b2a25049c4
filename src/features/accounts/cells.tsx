/** Account cells: the status badge (with locked-until, expired and password-expired marks) and dates. */
import type { Account } from '@/contract/schemas/account'
import type { AccountStatus } from '@/contract'
import { Badge } from '@/components/ui/badge'
import { formatDateTime } from '@/lib/crud'
import { useT } from '@/lib/i18n'

const VARIANT: Record<AccountStatus, 'success' | 'warning' | 'destructive' | 'secondary'> = {
  normal: 'success',
  pending: 'warning',
  rejected: 'destructive',
  stopped: 'secondary',
  locked: 'destructive',
}

/** `YYYY-MM-DD` of a period end (stored as the end of that day, China time). */
export const dateOf = (iso: string | null): string =>
  iso ? new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 10) : ''

export function StatusBadge({ account }: { account: Account }) {
  const { t } = useT()
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge
        variant={VARIANT[account.status]}
        title={
          account.status === 'locked' && account.lockedUntil
            ? t('accounts.lockedUntil', { time: formatDateTime(account.lockedUntil) })
            : undefined
        }
      >
        {t(`accounts.status.${account.status}`)}
      </Badge>
      {account.expired && <Badge variant="destructive">{t('accounts.expired')}</Badge>}
      {account.passwordExpired && <Badge variant="warning">{t('accounts.pwdExpired')}</Badge>}
    </span>
  )
}

export const statusText = (t: ReturnType<typeof useT>['t'], a: Account) =>
  [t(`accounts.status.${a.status}`), a.expired ? t('accounts.expired') : '', a.passwordExpired ? t('accounts.pwdExpired') : '']
    .filter(Boolean)
    .join(' ')
