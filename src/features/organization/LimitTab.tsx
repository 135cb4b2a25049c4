/** 账号限额: accounts against the limit of the unit and its child units; set a limit (not your own unit's unless your scope is all). */
import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Pencil } from 'lucide-react'
import { Code } from '@/contract'
import { ORG_API, setAccountLimitBody, type OrgAccountRow } from '@/contract/schemas/org'
import { Badge } from '@/components/ui/badge'
import { Progress } from '@/components/ui/progress'
import { DataTable, RowAction, type ListColumn } from '@/lib/crud'
import { ActionDialog, FormField, useActionForm } from '@/lib/crud/forms'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { Can } from './permissions'
import { useSession } from '@/lib/session'
import { useAddRules, useTypeLabel } from './api'
import { orgKeys, orgLimitsQueryOptions } from './queries'

export function LimitTab({ organizationId }: { organizationId: string }) {
  const { t } = useT()
  const typeLabel = useTypeLabel()
  const q = useQuery(orgLimitsQueryOptions(organizationId))
  const ownOrg = useSession((s) => s.userAccount?.organizationId ?? null)
  // one's own unit's limit: only with the data scope "all" (the same rule as adding top units)
  const mayOwn = useAddRules().data?.topUnits === true
  const [editing, setEditing] = useState<OrgAccountRow | null>(null)
  const rows = q.data?.records ?? []
  const columns: ListColumn<OrgAccountRow>[] = [
    {
      key: 'organizationName',
      header: t('organization.limit.unit'),
      cell: (r) => <span className={r.organizationId === organizationId ? 'font-semibold' : 'pl-5'}>{r.organizationName}</span>,
    },
    { key: 'organizationTypeName', header: t('organization.limit.type'), cell: (r) => typeLabel(r.organizationTypeName) || '--' },
    { key: 'accountCount', header: t('organization.limit.count'), align: 'right', className: 'tabular-nums' },
    {
      key: 'accountLimit',
      header: t('organization.limit.limit'),
      align: 'right',
      className: 'tabular-nums',
      cell: (r) => r.accountLimit ?? <span className="text-muted-foreground">{t('organization.limit.unlimited')}</span>,
    },
    { key: 'usage', header: t('organization.limit.usage'), className: 'w-40', cell: (r) => <Usage row={r} /> },
  ]
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t('organization.limit.description')}</p>
      {q.data && q.data.total > rows.length && (
        <p role="status" className="text-sm text-amber-700 dark:text-amber-400">
          {t('organization.limit.partial', { shown: rows.length, total: q.data.total })}
        </p>
      )}
      <div className="overflow-hidden rounded-lg border">
        <DataTable
          label={t('organization.limit.title')}
          rows={rows}
          columns={columns}
          getRowId={(r) => r.organizationId}
          loading={q.isPending}
          loadingRows={3}
          error={q.isError && !q.data ? { message: q.error?.message, retry: () => void q.refetch() } : null}
          rowActions={(r) =>
            r.organizationId === ownOrg && !mayOwn ? (
              <span className="px-2 text-xs text-muted-foreground" title={t('organization.limit.ownHint')}>
                --
              </span>
            ) : (
              <Can action="accountLimit">
                <RowAction icon={<Pencil aria-hidden />} label={t('organization.limit.set')} onClick={() => setEditing(r)} />
              </Can>
            )
          }
        />
      </div>
      <LimitDialog key={editing?.organizationId ?? 'none'} row={editing} onClose={() => setEditing(null)} />
    </div>
  )
}

/** How much of the limit is used: a bar and a percentage, 已满 when full. */
function Usage({ row: r }: { row: OrgAccountRow }) {
  const { t } = useT()
  const pct = r.accountLimit ? Math.min(100, Math.round((r.accountCount / r.accountLimit) * 100)) : null
  if (pct === null) return <span className="text-muted-foreground">--</span>
  const full = r.accountLimit !== null && r.accountCount >= r.accountLimit
  return (
    <div className="flex min-w-[8.5rem] items-center gap-2">
      <Progress value={pct} className="h-2" aria-label={`${pct}%`} />
      {full ? (
        <Badge variant="destructive">{t('organization.limit.full')}</Badge>
      ) : (
        <span className="w-9 text-right text-xs tabular-nums text-muted-foreground">{pct}%</span>
      )}
    </div>
  )
}

function LimitDialog({ row, onClose }: { row: OrgAccountRow | null; onClose: () => void }) {
  const { t } = useT()
  const qc = useQueryClient()
  const action = useActionForm({
    schema: setAccountLimitBody,
    defaultValues: {
      organizationId: row?.organizationId ?? '',
      accountLimit: row?.accountLimit === null || !row ? '' : String(row.accountLimit),
    },
    action: (v) => http.post(ORG_API.setAccountLimit, v, { handled: [Code.INVALID] }),
    onDone: () => {
      void qc.invalidateQueries({ queryKey: orgKeys.all() })
      onClose()
    },
  })
  return (
    <ActionDialog
      open={!!row}
      onClose={onClose}
      title={t('organization.limit.setFor', { name: row?.organizationName ?? '' })}
      description={t('organization.limit.valueHint')}
      action={action}
    >
      <FormField name="accountLimit" kind="number" label={t('organization.limit.value')} placeholder={t('organization.limit.unlimited')} />
    </ActionDialog>
  )
}
