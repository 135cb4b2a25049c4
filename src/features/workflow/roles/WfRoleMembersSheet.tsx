/**
 * 成员 of a workflow role: its accounts, paged and searchable (the shared list, headerless, the
 * role's id sent with every page), removed one by one or the selected ones after a confirmation,
 * and added with the shared account picker (accounts within the caller's data scope).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { UserMinus } from 'lucide-react'
import { WORKFLOW_API, type WfRoleAccountRow, type WfRoleRow } from '@/contract/schemas/workflow'
import { Button } from '@/components/ui/button'
import { invalidateResource, PanelList, type ListColumn } from '@/lib/crud'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { AccountPicker, MembersSheet, useRemoveMembers, type MembersSheetProps } from '@/lib/members'
import { Can } from './permissions'
import { wfRoleCandidatesQueryOptions } from '../queries'
import { wfRoleAccountResource } from './resource'

/** How many candidates the picker asks for (a keyword narrows them). */
const CANDIDATES = 50

export function WfRoleMembersSheet(props: MembersSheetProps<WfRoleRow>) {
  return (
    <MembersSheet texts="workflow.roles.members" {...props}>
      {(role) => <Members role={role} />}
    </MembersSheet>
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
  const add = useMembership(WORKFLOW_API.roleAccount.add)
  const { removeMembers, rowAction } = useRemoveMembers(
    'workflow.roles.members',
    role,
    (accountIds) => remove.mutateAsync({ wfRoleId: role.wfRoleId, accountIds }),
    remove.isPending,
  )

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
            <AccountPicker
              texts="workflow.roles.members"
              candidates={(keyword) => wfRoleCandidatesQueryOptions(role.wfRoleId, keyword)}
              onAdd={async (accountIds) => {
                const done = await add.mutateAsync({ wfRoleId: role.wfRoleId, accountIds })
                return done.added ?? accountIds.length
              }}
              busy={add.isPending}
              limit={CANDIDATES}
            />
          </Can>
        }
        rowActions={(m) => <Can action="member">{rowAction(m)}</Can>}
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
