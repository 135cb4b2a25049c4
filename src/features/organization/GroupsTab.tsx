/** 分组: the unit's groups of accounts (orgGroup) and each group's members (orgGroupAccount). */
import { useState } from 'react'
import { Pencil, Plus, Trash2, Users } from 'lucide-react'
import { ORG_GROUP_ACCOUNT_FIELDS, ORG_GROUP_FIELDS } from '@/contract/fields/org'
import type { OrgGroup, OrgGroupAccount } from '@/contract/schemas/org'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { DataTable, DeleteRowAction, FormDialog, useDelete, useList, type ListColumn } from '@/lib/crud'
import { DeclaredFields } from '@/lib/crud/forms'
import { useT } from '@/lib/i18n'
import { Can } from './permissions'
import { cn } from '@/lib/utils'
import { orgGroupAccountResource, orgGroupResource, useUnitAccounts } from './api'

type Editing = { open: false } | { open: true; record: OrgGroup | null }

export function GroupsTab({ organizationId }: { organizationId: string }) {
  const { t } = useT()
  const groups = useList(orgGroupResource, { organizationId })
  const list = groups.data ?? []
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const selected = list.find((g) => g.orgGroupId === selectedId) ?? list[0] ?? null
  const [editing, setEditing] = useState<Editing>({ open: false })
  const del = useDelete(orgGroupResource)

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(14rem,18rem)_1fr]">
      <section className="flex min-w-0 flex-col rounded-lg border" aria-label={t('organization.group.title')}>
        <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
          <h3 className="text-sm font-semibold">{t('organization.group.title')}</h3>
          <Can action="group">
            <Button size="sm" className="h-9" onClick={() => setEditing({ open: true, record: null })}>
              <Plus aria-hidden />
              {t('organization.group.add')}
            </Button>
          </Can>
        </div>
        {groups.isPending ? (
          <Skeleton className="m-3 h-20" />
        ) : list.length === 0 ? (
          <p className="px-3 py-8 text-center text-sm text-muted-foreground">{t('organization.group.empty')}</p>
        ) : (
          <ul className="divide-y">
            {list.map((g) => (
              <li
                key={g.orgGroupId}
                className={cn('group flex items-center gap-1 pr-1', selected?.orgGroupId === g.orgGroupId && 'bg-primary/10')}
              >
                <button
                  type="button"
                  className="flex min-h-11 min-w-0 flex-1 flex-col items-start px-3 py-1.5 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
                  aria-pressed={selected?.orgGroupId === g.orgGroupId}
                  onClick={() => setSelectedId(g.orgGroupId)}
                >
                  <span className="truncate text-sm font-medium">{g.groupName}</span>
                  <span className="text-xs text-muted-foreground">{t('organization.group.accountCount', { n: g.accountCount })}</span>
                </button>
                <Can action="group">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`${t('common.edit')} ${g.groupName}`}
                    onClick={() => setEditing({ open: true, record: g })}
                  >
                    <Pencil aria-hidden />
                  </Button>
                </Can>
                <Can action="group">
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-destructive hover:text-destructive"
                    aria-label={`${t('common.delete')} ${g.groupName}`}
                    onClick={() => void del.remove([g.orgGroupId], undefined, [g])}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </Can>
              </li>
            ))}
          </ul>
        )}
      </section>
      {selected ? (
        <Members group={selected} organizationId={organizationId} />
      ) : (
        <p className="self-center text-center text-sm text-muted-foreground">{t('organization.group.pickGroup')}</p>
      )}
      <FormDialog
        key={editing.open ? (editing.record?.orgGroupId ?? 'new') : 'closed'}
        resource={orgGroupResource}
        open={editing.open}
        onOpenChange={(o) => !o && setEditing({ open: false })}
        record={editing.open ? editing.record : null}
        defaults={{ organizationId, sort: list.length + 1 }}
        size="md"
        onSaved={(g) => g && setSelectedId(g.orgGroupId)}
      >
        <DeclaredFields fields={ORG_GROUP_FIELDS} />
      </FormDialog>
    </div>
  )
}

function Members({ group, organizationId }: { group: OrgGroup; organizationId: string }) {
  const { t } = useT()
  const members = useList(orgGroupAccountResource, { orgGroupId: group.orgGroupId })
  const rows = members.data ?? []
  const [adding, setAdding] = useState(false)
  const accounts = useUnitAccounts(organizationId, adding)
  const taken = new Set(rows.map((r) => r.accountId))
  const options = (accounts.data ?? [])
    .filter((a) => !taken.has(a.accountId))
    .map((a) => ({ value: a.accountId, label: `${a.userName ?? a.accountName}（${a.accountName}）` }))
  const del = useDelete(orgGroupAccountResource)
  const columns: ListColumn<OrgGroupAccount>[] = [
    { key: 'userName', header: t('organization.group.userName'), className: 'font-medium' },
    { key: 'accountName', header: t('organization.group.accountName') },
    {
      key: 'accountOrganizationName',
      header: t('organization.group.memberOrg'),
      className: 'max-w-[16rem] truncate',
      cell: (m) => <span title={m.accountOrganizationName ?? ''}>{m.accountOrganizationName ?? '--'}</span>,
    },
  ]
  return (
    <section className="flex min-w-0 flex-col rounded-lg border" aria-label={t('organization.group.members')}>
      <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
        <h3 className="truncate text-sm font-semibold">
          {group.groupName} · {t('organization.group.members')}
        </h3>
        <Can action="group">
          <Button size="sm" variant="outline" className="h-9" onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            {t('organization.group.addMember')}
          </Button>
        </Can>
      </div>
      <DataTable
        label={`${group.groupName} · ${t('organization.group.members')}`}
        rows={rows}
        columns={columns}
        getRowId={(m) => m.orgGroupAccountId}
        loading={members.isPending}
        loadingRows={3}
        empty={
          <p className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
            <Users className="h-7 w-7 opacity-50" aria-hidden />
            {t('organization.group.noMembers')}
          </p>
        }
        rowActions={(m) => <DeleteRowAction action="group" onClick={() => void del.remove([m.orgGroupAccountId])} />}
      />
      <FormDialog
        key={adding ? `add-${group.orgGroupId}` : 'closed'}
        resource={orgGroupAccountResource}
        open={adding}
        onOpenChange={setAdding}
        defaults={{ orgGroupId: group.orgGroupId, sort: rows.length + 1 }}
        size="md"
        title={`${group.groupName} · ${t('organization.group.addMember')}`}
      >
        <DeclaredFields
          fields={ORG_GROUP_ACCOUNT_FIELDS}
          sources={{ account: options }}
          own={{ accountId: { hint: accounts.data && accounts.data.length === 0 ? t('organization.group.noAccounts') : undefined } }}
        />
      </FormDialog>
    </section>
  )
}
