/**
 * /admin/process-role-management: the workflow roles (name, code, remark, status, member count) by
 * keyword and status; add, edit, delete (a role an in-use version names is refused with the
 * gateway's 20021 message); a row's members in a sheet (./WfRoleMembersSheet).
 */
import { useState } from 'react'
import { Users } from 'lucide-react'
import type { WfRoleRow } from '@/contract/schemas/workflow'
import { Badge } from '@/components/ui/badge'
import { ListPage, RowAction, textColumn, timeColumn, formatDateTime, type FilterField, type ListColumn } from '@/lib/crud'
import { FormField, FormGrid } from '@/lib/crud/forms'
import { useT } from '@/lib/i18n'
import { Can } from './permissions'
import { wfRoleResource } from './resource'
import { WfRoleMembersSheet } from './WfRoleMembersSheet'

export function WfRolesPage() {
  const { t } = useT()
  const [membersOf, setMembersOf] = useState<WfRoleRow | null>(null)
  const [sheetOpen, setSheetOpen] = useState(false)
  const statusLabel = (s: number) => (s === 1 ? t('workflow.roles.status.active') : t('workflow.roles.status.stopped'))

  const filters: FilterField[] = [
    { name: 'keyword', label: t('workflow.roles.field.keyword') },
    {
      name: 'status',
      label: t('workflow.roles.field.status'),
      kind: 'select',
      options: [
        { value: 1, label: statusLabel(1) },
        { value: 0, label: statusLabel(0) },
      ],
    },
  ]

  const columns: ListColumn<WfRoleRow>[] = [
    {
      key: 'roleName',
      header: t('workflow.roles.field.roleName'),
      sortable: true,
      cell: (r) => <span className="font-medium">{r.roleName}</span>,
    },
    {
      key: 'roleCode',
      header: t('workflow.roles.field.roleCode'),
      cell: (r) => (r.roleCode ? <code className="text-xs">{r.roleCode}</code> : '--'),
      exportValue: (r) => r.roleCode ?? '',
    },
    {
      key: 'status',
      header: t('workflow.roles.field.status'),
      cell: (r) => <Badge variant={r.status === 1 ? 'success' : 'secondary'}>{statusLabel(r.status)}</Badge>,
      exportValue: (r) => statusLabel(r.status),
    },
    {
      key: 'accountCount',
      header: t('workflow.roles.field.accountCount'),
      align: 'right',
      cell: (r) => <span className="tabular-nums">{r.accountCount ?? 0}</span>,
    },
    {
      key: 'remark',
      header: t('workflow.roles.field.remark'),
      className: 'max-w-[16rem] truncate',
      cell: (r) => <span title={r.remark ?? ''}>{r.remark || '--'}</span>,
    },
    timeColumn('updateTime', t('workflow.roles.field.updateTime')),
    textColumn('createTime', t('workflow.roles.field.createTime'), (r) => formatDateTime(r.createTime), {
      sortable: true,
      defaultHidden: true,
    }),
  ]

  return (
    <>
      <ListPage
        resource={wfRoleResource}
        description={t('workflow.roles.description')}
        filters={filters}
        columns={columns}
        exportable={false}
        rowActions={(r) => (
          <Can action="member">
            <RowAction
              icon={<Users aria-hidden />}
              label={t('workflow.roles.actions.members')}
              onClick={() => {
                setMembersOf(r)
                setSheetOpen(true)
              }}
            />
          </Can>
        )}
        form={{
          defaults: { status: 1 },
          render: () => (
            <FormGrid>
              <FormField name="roleName" label={t('workflow.roles.field.roleName')} required maxLength={50} />
              <FormField name="roleCode" label={t('workflow.roles.field.roleCode')} maxLength={50} hint={t('workflow.roles.codeHint')} />
              <FormField
                name="status"
                label={t('workflow.roles.field.status')}
                kind="switch"
                checkedValue={1}
                uncheckedValue={0}
                wide
                hint={t('workflow.roles.statusHint')}
              />
              <FormField name="remark" label={t('workflow.roles.field.remark')} kind="textarea" maxLength={500} />
            </FormGrid>
          ),
        }}
      />
      <WfRoleMembersSheet role={membersOf} open={sheetOpen} onOpenChange={setSheetOpen} />
    </>
  )
}
