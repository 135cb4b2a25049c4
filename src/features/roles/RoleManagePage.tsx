/** /admin/role-manage: roles list with filters, add, edit, delete (single and batch); members and authorisation per row. */
import { useState } from 'react'
import { KeyRound, Users } from 'lucide-react'
import { STATUS, type DataScope } from '@/contract'
import { ROLE_FIELDS } from '@/contract/fields/role'
import type { Role } from '@/contract/schemas/role'
import { Badge } from '@/components/ui/badge'
import { formatDateTime, ListPage, RowAction, textColumn, timeColumn, type FilterField, type ListColumn } from '@/lib/crud'
import { DeclaredFields } from '@/lib/crud/forms'
import { ExcelActions } from '@/lib/excel'
import { useT } from '@/lib/i18n'
import { Can } from './permissions'
import { AuthorizeSheet } from './AuthorizeSheet'
import { MembersSheet } from './MembersSheet'
import { roleResource } from './resource'

type Sheet = { kind: 'members' | 'authorize'; role: Role } | null

export function RoleManagePage() {
  const { t } = useT()
  const [sheet, setSheet] = useState<Sheet>(null)
  const [sheetOpen, setSheetOpen] = useState(false)
  const openSheet = (kind: 'members' | 'authorize', role: Role) => {
    setSheet({ kind, role })
    setSheetOpen(true)
  }
  const statusLabel = (s: number) => (s === STATUS.active ? t('common.status.active') : t('common.status.stopped'))
  const scopeLabel = (s: DataScope) => t(`roles.dataScope.${s}`)

  const statusOptions = [
    { value: STATUS.active, label: t('common.status.active') },
    { value: STATUS.stopped, label: t('common.status.stopped') },
  ]

  const filters: FilterField[] = [
    { name: 'roleName', label: t('roles.field.roleName') },
    {
      name: 'status',
      label: t('roles.field.status'),
      kind: 'select',
      options: statusOptions,
    },
  ]

  const columns: ListColumn<Role>[] = [
    {
      key: 'roleName',
      header: t('roles.field.roleName'),
      sortable: true,
      cell: (r) => (
        <span className="inline-flex items-center gap-2">
          <span className="font-medium">{r.roleName}</span>
          {r.builtin && (
            <Badge variant="outline" className="font-normal" title={t('roles.builtinTitle')}>
              {t('roles.builtin')}
            </Badge>
          )}
        </span>
      ),
    },
    {
      key: 'status',
      header: t('roles.field.status'),
      cell: (r) => <Badge variant={r.status === STATUS.active ? 'success' : 'secondary'}>{statusLabel(r.status)}</Badge>,
      exportValue: (r) => statusLabel(r.status),
    },
    textColumn('dataScope', t('roles.field.dataScope'), (r) => scopeLabel(r.dataScope)),
    {
      key: 'memberCount',
      header: t('roles.field.memberCount'),
      align: 'right',
      cell: (r) => <span className="tabular-nums">{r.memberCount ?? 0}</span>,
    },
    {
      key: 'organizationName',
      header: t('roles.field.organizationName'),
      className: 'max-w-[15rem] truncate',
      cell: (r) => <span title={r.organizationName ?? ''}>{r.organizationName || '--'}</span>,
    },
    {
      key: 'sort',
      header: t('roles.field.sort'),
      sortable: true,
      align: 'right',
    },
    {
      key: 'remark',
      header: t('roles.field.remark'),
      className: 'max-w-[13rem] truncate',
      cell: (r) => <span title={r.remark ?? ''}>{r.remark || '--'}</span>,
    },
    timeColumn('updateTime', t('roles.field.updateTime'), { sortable: true }),
    textColumn('createTime', t('roles.field.createTime'), (r) => formatDateTime(r.createTime), { sortable: true, defaultHidden: true }),
  ]

  return (
    <>
      <ListPage
        resource={roleResource}
        description={t('roles.description')}
        filters={filters}
        columns={columns}
        deleteHint={(rows) => {
          const n = rows.reduce((sum, r) => sum + (r.memberCount ?? 0), 0)
          return n > 0 ? t('roles.deleteMembers', { n }) : undefined
        }}
        canDelete={(r) => !r.builtin && (r.held ? t('roles.heldTitle') : true)}
        rowActions={(r) => (
          <>
            <Can action="member">
              <RowAction icon={<Users aria-hidden />} label={t('roles.actions.members')} onClick={() => openSheet('members', r)} />
            </Can>
            <Can action="authorize">
              <RowAction icon={<KeyRound aria-hidden />} label={t('roles.actions.authorize')} onClick={() => openSheet('authorize', r)} />
            </Can>
          </>
        )}
        exportable={false}
        toolbar={({ query }) => <ExcelActions resource={roleResource} query={query} />}
        form={{
          size: 'lg',
          defaults: { status: STATUS.active, sort: 1, dataScope: 'own' },
          render: ({ record }) => (
            <DeclaredFields
              fields={ROLE_FIELDS}
              own={{ status: record?.builtin ? { disabled: true, hint: t('roles.builtinStatusHint') } : undefined }}
            />
          ),
        }}
      />
      <MembersSheet
        role={sheet?.kind === 'members' ? sheet.role : null}
        open={sheetOpen && sheet?.kind === 'members'}
        onOpenChange={setSheetOpen}
      />
      <AuthorizeSheet
        role={sheet?.kind === 'authorize' ? sheet.role : null}
        open={sheetOpen && sheet?.kind === 'authorize'}
        onOpenChange={setSheetOpen}
      />
    </>
  )
}
