/**
 * 成员 of a role: the members (account, name, organisation, level, status) with search, remove
 * one or the selected ones after a confirmation, and an account picker (accounts within the
 * caller's scope that are not members yet).
 */
import { useMemo, useState } from 'react'
import type { RowSelectionState } from '@tanstack/react-table'
import { toast } from '@/lib/toast'
import { UserMinus } from 'lucide-react'
import type { Role, RoleMember } from '@/contract/schemas/role'
import { AccountPicker } from '@/components/account-picker'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { SearchInput } from '@/components/ui/search-input'
import { Sheet } from '@/components/ui/sheet'
import { confirm, DataTable, ListToolbar, RowAction, type ListColumn } from '@/lib/crud'
import { useT } from '@/lib/i18n'
import { Can } from './permissions'
import { useAddMembers, useCandidates, useDeleteMembers, useMembers } from './api'

const selectLabel = (m: RoleMember) => m.accountName

const statusVariant = (s: string) =>
  (s === 'normal' ? 'success' : s === 'pending' ? 'secondary' : 'outline') as 'success' | 'secondary' | 'outline'

export function MembersSheet({ role, open, onOpenChange }: { role: Role | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useT()
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('roles.members.title', { role: role?.roleName ?? '' })}
      description={t('roles.members.description')}
    >
      {open && role && <Members role={role} />}
    </Sheet>
  )
}

function Members({ role }: { role: Role }) {
  const { t } = useT()
  const [keyword, setKeyword] = useState('')
  const [selection, setSelection] = useState<RowSelectionState>({})
  const members = useMembers(role.roleId, keyword.trim())
  const remove = useDeleteMembers()
  const rows = useMemo(() => members.data ?? [], [members.data])
  const visibleSelected = rows.filter((r) => selection[r.accountId])

  async function removeMembers(list: RoleMember[]) {
    const names = list.map((m) => m.userName || m.accountName).join('、')
    if (
      !(await confirm({
        title: t('roles.members.removeTitle'),
        description: t('roles.members.removeConfirm', {
          names,
          role: role.roleName,
        }),
        destructive: true,
        confirmText: t('roles.members.remove'),
      }))
    )
      return
    await remove.mutateAsync({
      roleId: role.roleId,
      accountIds: list.map((m) => m.accountId),
    })
    setSelection({})
    toast.success(t('roles.members.removed', { n: list.length }))
  }

  const columns: ListColumn<RoleMember>[] = [
    {
      key: 'accountName',
      header: t('roles.members.field.accountName'),
      className: 'font-medium',
    },
    {
      key: 'userName',
      header: t('roles.members.field.userName'),
      cell: (m) => m.userName || t('common.none'),
    },
    {
      key: 'organizationName',
      header: t('roles.members.field.organizationName'),
      className: 'max-w-[14rem] truncate',
      cell: (m) => <span title={m.organizationName ?? ''}>{m.organizationName || t('common.none')}</span>,
    },
    {
      key: 'level',
      header: t('roles.members.field.level'),
      cell: (m) => t(`people.accountLevel.${m.level}`),
    },
    {
      key: 'status',
      header: t('roles.members.field.status'),
      cell: (m) => <Badge variant={statusVariant(m.status)}>{t(`people.accountStatus.${m.status}`)}</Badge>,
    },
  ]

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ListToolbar className="px-6 py-3 sm:px-6">
        <SearchInput
          className="min-w-[12rem] flex-1"
          label={t('roles.members.search')}
          value={keyword}
          onValueChange={setKeyword}
          inputClassName="h-10"
          maxLength={30}
        />
        <Can action="member">
          <Button
            variant="outline"
            className="h-10"
            disabled={!visibleSelected.length || remove.isPending}
            onClick={() => void removeMembers(visibleSelected)}
          >
            <UserMinus aria-hidden />
            {t('roles.members.removeSelected', { n: visibleSelected.length })}
          </Button>
        </Can>
        <Can action="member">
          <MemberPicker role={role} />
        </Can>
      </ListToolbar>
      <DataTable
        className="min-h-0 flex-1"
        stickyHeader
        label={t('roles.members.title', { role: role.roleName })}
        rows={rows}
        columns={columns}
        getRowId={(m) => m.accountId}
        selection={selection}
        onSelectionChange={setSelection}
        selectLabel={selectLabel}
        loading={members.isPending}
        loadingRows={4}
        error={
          members.isError && !members.data
            ? {
                message: members.error?.message,
                retry: () => void members.refetch(),
              }
            : null
        }
        empty={<span className="text-muted-foreground">{keyword.trim() ? t('roles.members.noMatch') : t('roles.members.empty')}</span>}
        rowActions={(m) => (
          <Can action="member">
            <RowAction
              icon={<UserMinus aria-hidden />}
              label={t('roles.members.remove')}
              tone="destructive"
              disabled={remove.isPending}
              onClick={() => void removeMembers([m])}
            />
          </Can>
        )}
      />
      <div className="border-t px-6 py-2 text-sm text-muted-foreground">{t('roles.members.count', { n: rows.length })}</div>
    </div>
  )
}

/** Accounts to add: the shared account picker over the role's candidates. */
function MemberPicker({ role }: { role: Role }) {
  const { t } = useT()
  const [open, setOpen] = useState(false)
  const [keyword, setKeyword] = useState('')
  const candidates = useCandidates(role.roleId, keyword.trim(), open)
  const add = useAddMembers()

  async function addMembers(accountIds: string[]) {
    await add.mutateAsync({ roleId: role.roleId, accountIds })
    toast.success(t('roles.members.added', { n: accountIds.length }))
    setKeyword('')
    setOpen(false)
  }

  return (
    <AccountPicker
      texts="roles.members"
      open={open}
      onOpenChange={setOpen}
      keyword={keyword}
      onKeywordChange={setKeyword}
      candidates={candidates.data}
      loading={candidates.isPending}
      onAdd={addMembers}
      busy={add.isPending}
    />
  )
}
