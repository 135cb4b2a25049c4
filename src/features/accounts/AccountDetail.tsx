/** An account's details and its change history (listDetailPage), in a sheet from the right. */
import { useState, type ReactNode } from 'react'
import { ChevronLeft, ChevronRight, History } from 'lucide-react'
import type { Account, AccountChange } from '@/contract/schemas/account'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDateTime } from '@/lib/crud'
import { hasKey, useT } from '@/lib/i18n'
import { useAccountHistory } from './api'
import { dateOf, StatusBadge } from './cells'
import type { AccountKind } from './resource'

export interface AccountDetailProps {
  kind: AccountKind
  account: Account | null
  onClose: () => void
}

const PAGE = 10

export function AccountDetail({ kind, account, onClose }: AccountDetailProps) {
  const { t } = useT()
  return (
    <Dialog open={!!account} onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        closeLabel={t('common.close')}
        className="left-auto right-0 top-0 h-full max-h-none w-full max-w-xl translate-x-0 translate-y-0 content-start rounded-none border-y-0 border-r-0 sm:max-w-xl"
      >
        <DialogHeader>
          <DialogTitle>{t('accounts.detail.title')}</DialogTitle>
          <DialogDescription>
            {account?.userName ?? ''}（{account?.accountName}）
          </DialogDescription>
        </DialogHeader>
        {account && <DetailBody kind={kind} account={account} />}
      </DialogContent>
    </Dialog>
  )
}

function DetailBody({ kind, account }: { kind: AccountKind; account: Account }) {
  const { t } = useT()
  const item = (label: string, value: ReactNode) => (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words text-sm">
        {value === null || value === undefined || value === '' ? <span className="text-muted-foreground">--</span> : value}
      </dd>
    </div>
  )
  const bound = (b: boolean) => <Badge variant={b ? 'success' : 'secondary'}>{t(b ? 'accounts.bound' : 'accounts.unbound')}</Badge>
  return (
    <div className="flex flex-col gap-6">
      <section>
        <h3 className="mb-3 border-b pb-1.5 text-sm font-semibold text-muted-foreground">{t('accounts.detail.info')}</h3>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4">
          {item(t('accounts.field.accountName'), <span className="font-medium">{account.accountName}</span>)}
          {item(t('accounts.field.userName'), account.userName)}
          {item(t('accounts.field.status'), <StatusBadge account={account} />)}
          {item(t('accounts.field.level'), t(`accounts.level.${account.level}`))}
          {item(t('accounts.field.cellphone'), <span className="tabular-nums">{account.cellphone}</span>)}
          {item(t('accounts.field.email'), account.email)}
          {item(t('accounts.field.organization'), account.organizationName)}
          {item(t('accounts.field.roles'), account.roleNames.join('、'))}
          {item(t('accounts.field.validUntil'), account.validUntil ? dateOf(account.validUntil) : t('accounts.permanent'))}
          {item(
            t('accounts.field.passwordValidUntil'),
            account.passwordValidUntil ? dateOf(account.passwordValidUntil) : t('accounts.permanent'),
          )}
          {item(t('accounts.field.wechat'), bound(account.wechatBound))}
          {item(t('accounts.field.qq'), bound(account.qqBound))}
          {kind === 'registered' && item(t('accounts.field.projectName'), account.projectName)}
          {kind === 'registered' &&
            item(
              t('accounts.field.projectDepartmentName'),
              [account.projectOrganizationName, account.projectDepartmentName].filter(Boolean).join(' / '),
            )}
          {kind === 'registered' && item(t('accounts.field.phoneLogin'), t(account.phoneLoginEnabled ? 'accounts.on' : 'accounts.off'))}
          {item(t('accounts.field.createTime'), <span className="tabular-nums">{formatDateTime(account.createTime)}</span>)}
        </dl>
      </section>
      <HistorySection kind={kind} accountId={account.accountId} />
    </div>
  )
}

/** One change in words: 状态：正常 → 已停用. */
function useChangeText() {
  const { t } = useT()
  const statusText = (v: string | null) => (v && hasKey(`accounts.status.${v}`) ? t(`accounts.status.${v}` as 'accounts.status.normal') : v)
  const levelText = (v: string | null) => (v && hasKey(`accounts.level.${v}`) ? t(`accounts.level.${v}` as 'accounts.level.general') : v)
  const onOff = (v: string | null) => (v === 'true' ? t('accounts.on') : v === 'false' ? t('accounts.off') : v)
  const period = (v: string | null) => v ?? t('accounts.permanent')
  return (c: AccountChange): ReactNode => {
    const arrow = (from: ReactNode, to: ReactNode) => (
      <span>
        <span className="text-muted-foreground">{from ?? '--'}</span> → <span className="font-medium">{to ?? '--'}</span>
      </span>
    )
    switch (c.field) {
      case 'created':
        return statusText(c.toValue)
      case 'deleted':
        return statusText(c.fromValue)
      case 'password':
        return t('accounts.passwordChanged')
      case 'status':
        return arrow(statusText(c.fromValue), statusText(c.toValue))
      case 'level':
        return arrow(levelText(c.fromValue), levelText(c.toValue))
      case 'phoneLogin':
        return arrow(onOff(c.fromValue), onOff(c.toValue))
      case 'validUntil':
      case 'passwordValidUntil':
        return arrow(period(c.fromValue), period(c.toValue))
      case 'roles':
        return c.toValue
      default:
        return arrow(c.fromValue, c.toValue)
    }
  }
}

function HistorySection({ kind, accountId }: { kind: AccountKind; accountId: string }) {
  const { t } = useT()
  const [page, setPage] = useState(1)
  const q = useAccountHistory(kind, accountId, page, PAGE)
  const text = useChangeText()
  const rows = q.data?.records ?? []
  const total = q.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / PAGE))
  const remark = (r: string | null) =>
    r && hasKey(`accounts.changeRemark.${r}`) ? t(`accounts.changeRemark.${r}` as 'accounts.changeRemark.manual') : r
  return (
    <section aria-label={t('accounts.detail.history')}>
      <h3 className="mb-3 flex items-center gap-1.5 border-b pb-1.5 text-sm font-semibold text-muted-foreground">
        <History className="h-4 w-4" aria-hidden />
        {t('accounts.detail.history')}
        {total > 0 && <span className="font-normal">（{total}）</span>}
      </h3>
      {q.isPending ? (
        <Skeleton className="h-24" />
      ) : rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('accounts.detail.noHistory')}</p>
      ) : (
        <ol className="relative flex flex-col gap-3 border-l pl-4">
          {rows.map((c) => (
            <li key={c.changeId} className="relative">
              <span className="absolute -left-[21px] top-1.5 h-2.5 w-2.5 rounded-full border-2 border-background bg-primary" aria-hidden />
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="text-sm font-medium">{t(`accounts.change.${c.field}`)}</span>
                <span className="text-xs tabular-nums text-muted-foreground">{formatDateTime(c.changedAt)}</span>
              </div>
              <div className="mt-0.5 text-sm">{text(c)}</div>
              <div className="mt-0.5 text-xs text-muted-foreground">
                {t('accounts.detail.by')}：{c.changedByName ?? (c.changedBy === null ? t('accounts.detail.system') : '--')}
                {c.remark && (
                  <>
                    {' · '}
                    {remark(c.remark)}
                  </>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {pages > 1 && (
        <div className="mt-3 flex items-center justify-end gap-1 text-sm">
          <Button
            variant="outline"
            size="icon"
            className="h-9 w-9"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            aria-label={t('crud.prevPage')}
            icon={ChevronLeft}
          ></Button>
          <span className="px-2 tabular-nums text-muted-foreground">{t('crud.pageOf', { page, pages })}</span>
          <Button
            variant="outline"
            size="icon"
            className="h-9 w-9"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
            aria-label={t('crud.nextPage')}
            icon={ChevronRight}
          ></Button>
        </div>
      )}
    </section>
  )
}
