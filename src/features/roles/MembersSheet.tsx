/**
 * 成员 of a role: the members (account, name, organisation, level, status) with search, remove
 * one or the selected ones after a confirmation, and an account picker (accounts within the
 * caller's scope that are not members yet).
 */
import { useMemo, useState } from 'react'
import { UserMinus } from 'lucide-react'
import type { Role, RoleMember } from '@/contract/schemas/role'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { SearchInput } from '@/components/ui/search-input'
import { DataTable, ListToolbar, type ListColumn, type RowSelection } from '@/lib/crud'
import { useT } from '@/lib/i18n'
import { AccountPicker, MembersSheet as RoleMembersSheet, useRemoveMembers, type MembersSheetProps } from '@/lib/members'
import { Can } from './permissions'
import { useAddMembers, useDeleteMembers, useMembers } from './api'
import { roleCandidatesQueryOptions } from './queries'

const selectLabel = (m: RoleMember) => m.accountName

const statusVariant = (s: string) =>
  (s === 'normal' ? 'success' : s === 'pending' ? 'secondary' : 'outline') as 'success' | 'secondary' | 'outline'

export function MembersSheet(props: MembersSheetProps<Role>) {
  return (
    <RoleMembersSheet texts="roles.members" {...props}>
      {(role) => <Members role={role} />}
    </RoleMembersSheet>
  )
}

function Members({ role }: { role: Role }) {
  const { t } = useT()
  const [keyword, setKeyword] = useState('')
  const [selection, setSelection] = useState<RowSelection>({})
  const members = useMembers(role.roleId, keyword.trim())
  const remove = useDeleteMembers()
  const add = useAddMembers()
  const rows = useMemo(() => members.data ?? [], [members.data])
  const visibleSelected = rows.filter((r) => selection[r.accountId])

  const { removeMembers, rowAction } = useRemoveMembers(
    'roles.members',
    role,
    async (accountIds) => {
      await remove.mutateAsync({ roleId: role.roleId, accountIds })
      setSelection({})
    },
    remove.isPending,
  )

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
          <AccountPicker
            texts="roles.members"
            candidates={(keyword) => roleCandidatesQueryOptions(role.roleId, keyword)}
            onAdd={async (accountIds) => {
              await add.mutateAsync({ roleId: role.roleId, accountIds })
              return accountIds.length
            }}
            busy={add.isPending}
          />
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
        rowActions={(m) => <Can action="member">{rowAction(m)}</Can>}
      />
      <div className="border-t px-6 py-2 text-sm text-muted-foreground">{t('roles.members.count', { n: rows.length })}</div>
    </div>
  )
}
