/**
 * The account list both screens share (general accounts of a unit; registered accounts): filters,
 * status badges, the state actions of SPEC §4 (each after a confirmation), reset password, valid
 * periods, audit, project department, phone login, add / edit / delete and the detail sheet with
 * the change history. Every action is gated by its function (<Can>).
 */
import { useState, type ReactNode } from 'react'
import { CalendarClock, ClipboardCheck, KeyRound, LockOpen, Play, Smartphone, Ban, Building, type LucideIcon } from 'lucide-react'
import { ACCOUNT_LEVELS, ACCOUNT_STATUSES, type AccountStatus } from '@/contract'
import type { FnAction } from '@/contract/catalogue'
import { ACCOUNT_FNS, type Account } from '@/contract/schemas/account'
import { Button } from '@/components/ui/button'
import { DropdownMenuAction } from '@/components/ui/dropdown-menu'
import {
  confirm,
  enumOptions,
  ListPage,
  RowAction,
  RowMenu,
  textColumn,
  timeColumn,
  type FilterField,
  type ListColumn,
  type ListSearch,
} from '@/lib/crud'
import { useT, type TKey } from '@/lib/i18n'
import { Can, useCan } from '@/lib/permissions'
import { useSession } from '@/lib/session'
import { useAccountCall } from './api'
import { AccountDetail } from './AccountDetail'
import { dateOf, StatusBadge, statusText } from './cells'
import { AccountFormFields, accountFormDefaults } from './AccountForm'
import { AuditDialog, PeriodDialog, ProjectDeptDialog, ResetPwdDialog, type PeriodTarget } from './dialogs'
import { accountResource, type AccountKind } from './resource'

export interface AccountsTableProps {
  kind: AccountKind
  /** By default the page's name. */
  title?: string
  description?: ReactNode
  /** The unit whose accounts are listed (with its child units); the add form puts new accounts there. */
  organizationId?: string
  /** Local list state (inside a tab) instead of the URL. */
  search?: ListSearch
  onSearchChange?: (next: ListSearch) => void
  headerless?: boolean
  /** Extra toolbar content (e.g. the invite button). */
  toolbar?: ReactNode
}

export function AccountsTable({
  kind,
  title,
  description,
  organizationId,
  search,
  onSearchChange,
  headerless,
  toolbar,
}: AccountsTableProps) {
  const { t } = useT()
  const general = kind === 'general'
  const resource = accountResource(kind)
  const fns = general
    ? {
        add: ACCOUNT_FNS.general.add,
        edit: ACCOUNT_FNS.general.add,
        delete: ACCOUNT_FNS.general.delete,
        enable: ACCOUNT_FNS.general.enable,
        resetPwd: ACCOUNT_FNS.general.resetPwd,
        validPeriod: ACCOUNT_FNS.general.validPeriod,
      }
    : {
        add: ACCOUNT_FNS.registered.add,
        edit: ACCOUNT_FNS.registered.edit,
        delete: ACCOUNT_FNS.registered.delete,
        enable: ACCOUNT_FNS.registered.enable,
        resetPwd: ACCOUNT_FNS.registered.resetPwd,
        validPeriod: ACCOUNT_FNS.registered.validPeriod,
      }
  const call = useAccountCall(kind)
  const canReset = useCan(fns.resetPwd)
  const canPeriod = useCan(fns.validPeriod)
  const canEdit = useCan(fns.edit)
  const canMore = canReset || canPeriod || canEdit
  /** One's own account: never offered for stopping or deleting (the gateway refuses it too). */
  const myId = useSession((s) => s.userAccount?.accountId)
  const self = (a: Account) => a.accountId === myId

  const [detail, setDetail] = useState<Account | null>(null)
  const [auditing, setAuditing] = useState<Account | null>(null)
  const [resetting, setResetting] = useState<Account | null>(null)
  const [period, setPeriod] = useState<PeriodTarget | null>(null)
  const [dept, setDept] = useState<Account | null>(null)

  /** A state call after its confirmation; `n` > 1 uses the batch text. */
  const run = async (
    callName: 'enable' | 'unlock' | 'audit' | 'enablePhoneLogin',
    body: Record<string, unknown>,
    question: string,
    done: TKey,
    destructive = false,
    rows?: Account[],
  ) => {
    const title = t(
      `accounts.confirmTitle.${done.slice('accounts.done.'.length) as 'stop' | 'enable' | 'unlock' | 'approve' | 'phoneLogin'}`,
    )
    if (!(await confirm({ title, description: question, destructive }))) return false
    try {
      await call.mutateAsync({ call: callName, body, done, rows })
      return true
    } catch {
      return false
    }
  }
  const stop = (rows: Account[]) =>
    run(
      'enable',
      { ids: rows.map((r) => r.accountId), enable: false },
      rows.length === 1 ? t('accounts.confirm.stop', { name: rows[0]!.accountName }) : t('accounts.confirm.stopMany', { n: rows.length }),
      'accounts.done.stop',
      true,
      rows,
    )
  const enable = (rows: Account[]) =>
    run(
      'enable',
      { ids: rows.map((r) => r.accountId), enable: true },
      rows.length === 1
        ? t('accounts.confirm.enable', { name: rows[0]!.accountName })
        : t('accounts.confirm.enableMany', { n: rows.length }),
      'accounts.done.enable',
      false,
      rows,
    )
  const unlock = (a: Account) =>
    run('unlock', { ids: [a.accountId] }, t('accounts.confirm.unlock', { name: a.accountName }), 'accounts.done.unlock')
  const approveMany = (ids: string[]) =>
    run('audit', { ids, decision: 'approve' }, t('accounts.confirm.approveMany', { n: ids.length }), 'accounts.done.approve')
  const phoneLogin = (a: Account) =>
    run(
      'enablePhoneLogin',
      { ids: [a.accountId], enable: !a.phoneLoginEnabled },
      t(a.phoneLoginEnabled ? 'accounts.confirm.phoneLoginOff' : 'accounts.confirm.phoneLoginOn', { name: a.accountName }),
      'accounts.done.phoneLogin',
    )

  const levelLabel = (l: Account['level']) => t(`accounts.level.${l}`)
  const filters: FilterField[] = [
    { name: 'keyword', label: t('accounts.field.keyword'), placeholder: t('accounts.field.keywordPlaceholder') },
    {
      name: 'status',
      label: t('accounts.field.status'),
      kind: 'select',
      options: enumOptions(ACCOUNT_STATUSES, (s: AccountStatus) => t(`accounts.status.${s}`)),
    },
    ...(general
      ? [{ name: 'level', label: t('accounts.field.level'), kind: 'select' as const, options: enumOptions(ACCOUNT_LEVELS, levelLabel) }]
      : []),
  ]

  const columns: ListColumn<Account>[] = [
    {
      key: 'accountName',
      header: t('accounts.field.accountName'),
      sortable: true,
      cell: (a) => (
        <button
          type="button"
          className="min-h-9 font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onClick={() => setDetail(a)}
        >
          {a.accountName}
        </button>
      ),
    },
    { key: 'userName', header: t('accounts.field.userName'), sortable: true },
    { key: 'cellphone', header: t('accounts.field.cellphone'), cell: (a) => <span className="tabular-nums">{a.cellphone ?? '--'}</span> },
    ...(general ? [textColumn('level', t('accounts.field.level'), (a: Account) => levelLabel(a.level))] : []),
    {
      key: 'status',
      header: t('accounts.field.status'),
      sortable: true,
      cell: (a) => <StatusBadge account={a} />,
      exportValue: (a) => statusText(t, a),
    },
    {
      key: 'organizationName',
      header: t('accounts.field.organization'),
      className: 'max-w-[13rem] truncate',
      cell: (a) => <span title={a.organizationName ?? ''}>{a.organizationName ?? '--'}</span>,
    },
    ...(general
      ? [
          {
            key: 'roleNames',
            header: t('accounts.field.roles'),
            className: 'max-w-[11rem] truncate',
            cell: (a: Account) =>
              a.roleNames.length ? (
                <span title={a.roleNames.join('、')}>{a.roleNames.join('、')}</span>
              ) : (
                <span className="text-muted-foreground">--</span>
              ),
            exportValue: (a: Account) => a.roleNames.join('、'),
          },
        ]
      : [
          {
            key: 'projectName',
            header: t('accounts.field.project'),
            className: 'max-w-[15rem] truncate',
            cell: (a: Account) => {
              const text = [a.projectName, a.projectOrganizationName, a.projectDepartmentName].filter(Boolean).join(' / ')
              return text ? <span title={text}>{text}</span> : <span className="text-muted-foreground">--</span>
            },
            exportValue: (a: Account) => [a.projectName, a.projectOrganizationName, a.projectDepartmentName].filter(Boolean).join(' / '),
          },
          {
            key: 'phoneLoginEnabled',
            header: t('accounts.field.phoneLogin'),
            cell: (a: Account) =>
              a.phoneLoginEnabled ? t('accounts.on') : <span className="text-muted-foreground">{t('accounts.off')}</span>,
            exportValue: (a: Account) => (a.phoneLoginEnabled ? t('accounts.on') : t('accounts.off')),
          },
        ]),
    {
      key: 'validUntil',
      header: t('accounts.field.validUntil'),
      sortable: true,
      cell: (a) => (
        <span className="tabular-nums">
          {a.validUntil ? dateOf(a.validUntil) : <span className="text-muted-foreground">{t('accounts.permanent')}</span>}
        </span>
      ),
      exportValue: (a) => (a.validUntil ? dateOf(a.validUntil) : t('accounts.permanent')),
    },
    {
      key: 'passwordValidUntil',
      header: t('accounts.field.passwordValidUntil'),
      defaultHidden: true,
      cell: (a) => (a.passwordValidUntil ? dateOf(a.passwordValidUntil) : t('accounts.permanent')),
    },
    { key: 'email', header: t('accounts.field.email'), defaultHidden: true },
    timeColumn('createTime', t('accounts.field.createTime'), { sortable: true, defaultHidden: !general }),
  ]

  const stateAction = (a: Account) => {
    const btn = (
      label: string,
      icon: ReactNode,
      onClick: () => void,
      tone: 'primary' | 'destructive' | 'success' = 'primary',
      refused?: string,
    ) => <RowAction icon={icon} label={label} tone={tone} disabled={call.isPending} refused={refused} onClick={onClick} />
    // <Can>: shown when granted, and each click is recorded in the operation log (SPEC §6)
    switch (a.status) {
      case 'pending':
        return general ? (
          <Can action={ACCOUNT_FNS.general.audit}>
            {btn(t('accounts.action.audit'), <ClipboardCheck aria-hidden />, () => setAuditing(a))}
          </Can>
        ) : null
      case 'normal':
        return (
          <Can action={fns.enable}>
            {btn(
              t('accounts.action.stop'),
              <Ban aria-hidden />,
              () => void stop([a]),
              'destructive',
              self(a) ? t('accounts.selfRefused') : undefined,
            )}
          </Can>
        )
      case 'stopped':
        return <Can action={fns.enable}>{btn(t('accounts.action.enable'), <Play aria-hidden />, () => void enable([a]), 'success')}</Can>
      case 'locked':
        return <Can action={fns.enable}>{btn(t('accounts.action.unlock'), <LockOpen aria-hidden />, () => void unlock(a))}</Can>
      default:
        return null
    }
  }

  /** An entry of a row's 更多 menu, shown when its function is granted. */
  const menuItem = (action: FnAction, icon: LucideIcon, label: string, onSelect: () => void) => (
    <Can action={action}>
      <DropdownMenuAction icon={icon} label={label} onSelect={onSelect} />
    </Can>
  )

  const more = (a: Account) =>
    canMore ? (
      <RowMenu label={t('accounts.action.more')} name={`${t('accounts.action.more')} ${a.accountName}`}>
        {menuItem(fns.resetPwd, KeyRound, t('accounts.action.resetPwd'), () => setResetting(a))}
        {menuItem(fns.validPeriod, CalendarClock, t('accounts.action.validPeriod'), () => setPeriod({ accounts: [a], which: 'valid' }))}
        {general &&
          menuItem(fns.validPeriod, CalendarClock, t('accounts.action.pwdValidPeriod'), () =>
            setPeriod({ accounts: [a], which: 'password' }),
          )}
        {!general && menuItem(fns.edit, Building, t('accounts.action.projectDept'), () => setDept(a))}
        {!general &&
          menuItem(
            fns.edit,
            Smartphone,
            t(a.phoneLoginEnabled ? 'accounts.action.phoneLoginOff' : 'accounts.action.phoneLoginOn'),
            () => void phoneLogin(a),
          )}
      </RowMenu>
    ) : null

  return (
    <>
      <ListPage
        resource={resource}
        title={title}
        description={description}
        headerless={headerless}
        search={search}
        onSearchChange={onSearchChange}
        extraQuery={organizationId ? { organizationId } : undefined}
        filters={filters}
        columns={columns}
        actions={{ add: fns.add, edit: fns.edit, delete: fns.delete }}
        canDelete={(a) => (self(a) ? t('accounts.selfRefused') : true)}
        rowActions={(a) => (
          <>
            {stateAction(a)}
            {more(a)}
          </>
        )}
        bulkActions={(ids, clear, rows) => {
          /** A batch action on the selected rows, shown when its function is granted. */
          const batch = (action: FnAction, icon: LucideIcon, label: string, run: () => Promise<boolean>) => (
            <Can action={action}>
              <Button
                variant="outline"
                disabled={ids.length === 0 || call.isPending}
                onClick={() => void run().then((ok) => ok && clear())}
                icon={icon}
              >
                {label}
              </Button>
            </Can>
          )
          return (
            <>
              {batch(fns.enable, Ban, t('accounts.action.batchStop'), () => stop(rows.filter((r) => !self(r))))}
              {batch(fns.enable, Play, t('accounts.action.batchEnable'), () => enable(rows))}
              {general && batch(ACCOUNT_FNS.general.audit, ClipboardCheck, t('accounts.action.batchApprove'), () => approveMany(ids))}
            </>
          )
        }}
        toolbar={toolbar}
        form={{
          size: 'lg',
          defaults: accountFormDefaults(kind, organizationId),
          render: ({ editing }) => <AccountFormFields kind={kind} editing={editing} organizationId={organizationId} unitLabel={title} />,
        }}
      />
      <AccountDetail kind={kind} account={detail} onClose={() => setDetail(null)} />
      <AuditDialog key={auditing?.accountId ?? 'audit'} account={auditing} onClose={() => setAuditing(null)} />
      <ResetPwdDialog key={resetting?.accountId ?? 'reset'} kind={kind} account={resetting} onClose={() => setResetting(null)} />
      <PeriodDialog
        key={period ? `${period.which}${period.accounts[0]?.accountId}` : 'period'}
        kind={kind}
        target={period}
        onClose={() => setPeriod(null)}
      />
      {!general && <ProjectDeptDialog key={dept?.accountId ?? 'dept'} account={dept} onClose={() => setDept(null)} />}
    </>
  )
}
