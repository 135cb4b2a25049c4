/**
 * 成员 of a workflow role: its accounts, paged and searchable (the shared list, headerless, the
 * role's id sent with every page), removed one by one or the selected ones after a confirmation,
 * and added with the shared account picker (accounts within the caller's data scope).
 */
import { useState } from 'react'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { UserMinus } from 'lucide-react'
import { WORKFLOW_API, type WfRoleAccountRow, type WfRoleRow } from '@/contract/schemas/workflow'
import { AccountPicker } from '@/components/account-picker'
import { Button } from '@/components/ui/button'
import { Sheet } from '@/components/ui/sheet'
import { confirm, invalidateResource, PanelList, RowAction, type ListColumn } from '@/lib/crud'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { toast } from '@/lib/toast'
import { Can } from './permissions'
import { wfRoleCandidatesQueryOptions } from '../queries'
import { wfRoleAccountResource } from './resource'

/** How many candidates the picker asks for (a keyword narrows them). */
const CANDIDATES = 50

export function WfRoleMembersSheet({
  role,
  open,
  onOpenChange,
}: {
  role: WfRoleRow | null
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useT()
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('workflow.roles.members.title', { role: role?.roleName ?? '' })}
      description={t('workflow.roles.members.description')}
    >
      {open && role && <Members role={role} />}
    </Sheet>
  )
}

type Body = { wfRoleId: string; accountIds: string[] }

/** Adds or removes accounts, then refetches the members and the role list (its counts). */
function useMembership(path: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: Body) => http.post<{ added?: number; removed?: number }>(path, body),
    onSuccess: () => invalidateResource(qc, wfRoleAccountResource),
  })
}

function Members({ role }: { role: WfRoleRow }) {
  const { t } = useT()
  const remove = useMembership(WORKFLOW_API.roleAccount.delete)

  async function removeMembers(list: WfRoleAccountRow[]): Promise<boolean> {
    const names = list.map((m) => m.userName || m.accountName).join('、')
    const ok = await confirm({
      title: t('workflow.roles.members.removeTitle'),
      description: t('workflow.roles.members.removeConfirm', { names, role: role.roleName }),
      destructive: true,
      confirmText: t('workflow.roles.members.remove'),
    })
    if (!ok) return false
    await remove.mutateAsync({ wfRoleId: role.wfRoleId, accountIds: list.map((m) => m.accountId) })
    toast.success(t('workflow.roles.members.removed', { n: list.length }))
    return true
  }

  const columns: ListColumn<WfRoleAccountRow>[] = [
    { key: 'accountName', header: t('workflow.roles.members.field.accountName'), className: 'font-medium' },
    { key: 'userName', header: t('workflow.roles.members.field.userName'), cell: (m) => m.userName || t('common.none') },
  ]

  return (
    <div className="min-h-0 flex-1 overflow-auto px-6 py-4">
      <PanelList
        resource={wfRoleAccountResource}
        title={t('workflow.roles.members.title', { role: role.roleName })}
        extraQuery={{ wfRoleId: role.wfRoleId }}
        filters={[{ name: 'keyword', label: t('workflow.roles.members.search') }]}
        columns={columns}
        deletable={false}
        exportable={false}
        toolbar={
          <Can action="member">
            <MemberPicker role={role} />
          </Can>
        }
        rowActions={(m) => (
          <Can action="member">
            <RowAction
              icon={<UserMinus aria-hidden />}
              label={t('workflow.roles.members.remove')}
              tone="destructive"
              disabled={remove.isPending}
              onClick={() => void removeMembers([m])}
            />
          </Can>
        )}
        bulkActions={(ids, clear, rows) =>
          ids.length > 0 && (
            <Can action="member">
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={remove.isPending}
                onClick={() => void removeMembers(rows).then((done) => done && clear())}
              >
                <UserMinus aria-hidden />
                {t('workflow.roles.members.removeSelected', { n: ids.length })}
              </Button>
            </Can>
          )
        }
      />
    </div>
  )
}

/** Accounts to add: the shared account picker over the accounts the caller sees. */
function MemberPicker({ role }: { role: WfRoleRow }) {
  const { t } = useT()
  const [open, setOpen] = useState(false)
  const [keyword, setKeyword] = useState('')
  const kw = keyword.trim()
  const candidates = useQuery({
    ...wfRoleCandidatesQueryOptions(role.wfRoleId, kw),
    enabled: open,
    placeholderData: keepPreviousData,
  })
  const add = useMembership(WORKFLOW_API.roleAccount.add)

  async function addMembers(accountIds: string[]) {
    const done = await add.mutateAsync({ wfRoleId: role.wfRoleId, accountIds })
    toast.success(t('workflow.roles.members.added', { n: done.added ?? accountIds.length }))
    setKeyword('')
    setOpen(false)
  }

  return (
    <AccountPicker
      texts="workflow.roles.members"
      open={open}
      onOpenChange={setOpen}
      keyword={keyword}
      onKeywordChange={setKeyword}
      candidates={candidates.data}
      loading={candidates.isPending}
      onAdd={addMembers}
      busy={add.isPending}
      limit={CANDIDATES}
    />
  )
}
