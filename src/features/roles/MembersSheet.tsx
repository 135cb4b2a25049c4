/**
 * 成员 of a role: the members (account, name, organisation, level, status) with search, remove
 * one or the selected ones after a confirmation, and an account picker (accounts within the
 * caller's scope that are not members yet).
 */
import { useMemo, useState } from 'react'
import type { RowSelectionState } from '@tanstack/react-table'
import { toast } from '@/lib/toast'
import { UserMinus, UserPlus } from 'lucide-react'
import type { Role, RoleMember } from '@/contract/schemas/role'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { SearchInput } from '@/components/ui/search-input'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
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

/** Accounts to add: a searchable checklist in a popover. */
function MemberPicker({ role }: { role: Role }) {
  const { t } = useT()
  const [open, setOpen] = useState(false)
  const [keyword, setKeyword] = useState('')
  const [picked, setPicked] = useState<ReadonlyMap<string, RoleMember>>(new Map())
  const candidates = useCandidates(role.roleId, keyword.trim(), open)
  const add = useAddMembers()
  const list = useMemo(() => candidates.data ?? [], [candidates.data])

  async function submit() {
    const ids = [...picked.keys()]
    await add.mutateAsync({ roleId: role.roleId, accountIds: ids })
    toast.success(t('roles.members.added', { n: ids.length }))
    setPicked(new Map())
    setKeyword('')
    setOpen(false)
  }

  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o)
        if (!o) setPicked(new Map())
      }}
    >
      <PopoverTrigger asChild>
        <Button className="h-10">
          <UserPlus aria-hidden />
          {t('roles.members.add')}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[26rem] max-w-[calc(100vw-2rem)] p-0">
        <div className="border-b p-3">
          <p className="text-sm font-medium">{t('roles.members.picker.title')}</p>
          <p className="text-xs text-muted-foreground">{t('roles.members.picker.description')}</p>
          <Input
            autoFocus
            className="mt-2 h-10"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder={t('roles.members.picker.search')}
            aria-label={t('roles.members.picker.search')}
            maxLength={30}
          />
        </div>
        <ul className="max-h-72 overflow-auto py-1" role="listbox" aria-multiselectable aria-label={t('roles.members.picker.title')}>
          {candidates.isPending && <li className="px-3 py-4 text-sm text-muted-foreground">{t('common.loading')}</li>}
          {!candidates.isPending && list.length === 0 && (
            <li className="px-3 py-4 text-sm text-muted-foreground">{t('roles.members.picker.empty')}</li>
          )}
          {list.map((c) => {
            const on = picked.has(c.accountId)
            return (
              <li key={c.accountId} role="option" aria-selected={on}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-1.5 hover:bg-muted">
                  <Checkbox
                    checked={on}
                    onCheckedChange={() =>
                      setPicked((p) => {
                        const next = new Map(p)
                        if (next.has(c.accountId)) next.delete(c.accountId)
                        else next.set(c.accountId, c)
                        return next
                      })
                    }
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">
                      {c.accountName}
                      {c.userName ? <span className="ml-2 font-normal text-muted-foreground">{c.userName}</span> : null}
                    </span>
                    <span className="block truncate text-xs text-muted-foreground">{c.organizationName || t('common.none')}</span>
                  </span>
                  {c.status !== 'normal' && <Badge variant="outline">{t(`people.accountStatus.${c.status}`)}</Badge>}
                </label>
              </li>
            )
          })}
          {list.length >= 50 && <li className="px-3 py-2 text-xs text-muted-foreground">{t('roles.members.picker.limit')}</li>}
        </ul>
        <div className="flex items-center justify-between gap-2 border-t p-3">
          <span className="text-sm text-muted-foreground">{t('roles.members.picker.selected', { n: picked.size })}</span>
          <Button disabled={!picked.size || add.isPending} onClick={() => void submit()}>
            {t('roles.members.picker.submit')}
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  )
}
