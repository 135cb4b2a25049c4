/** 账号限额: accounts against the limit of the unit and its child units; set a limit (not your own unit's unless your scope is all). */
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { Loader2, Pencil } from 'lucide-react'
import { Code } from '@/contract'
import { ORG_API, type OrgAccountRow } from '@/contract/schemas/org'
import type { Page } from '@/contract'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Progress } from '@/components/ui/progress'
import { DataTable, errorText, isApiError, mapServerErrors, RowAction, type ListColumn } from '@/lib/crud'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { Can } from '@/lib/permissions'
import { useSession } from '@/lib/session'
import { useAddRules } from './api'

/** The unit and its direct child units, in one page (the largest the gateway gives). */
const LIMIT_ROWS = 2000

export function LimitTab({ organizationId }: { organizationId: string }) {
  const { t } = useT()
  const q = useQuery({
    queryKey: ['org', 'limits', organizationId],
    queryFn: ({ signal }) => http.get<Page<OrgAccountRow>>(ORG_API.accountListPage, { unitId: organizationId, pageIndex: 1, pageSize: LIMIT_ROWS }, { signal, silent: true }),
  })
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
    { key: 'organizationTypeName', header: t('organization.limit.type') },
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
      <LimitDialog row={editing} onClose={() => setEditing(null)} />
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
    <div className="flex items-center gap-2">
      <Progress value={pct} className="h-2" aria-label={`${pct}%`} />
      {full ? <Badge variant="destructive">{t('organization.limit.full')}</Badge> : <span className="w-9 text-right text-xs tabular-nums text-muted-foreground">{pct}%</span>}
    </div>
  )
}

function LimitDialog({ row, onClose }: { row: OrgAccountRow | null; onClose: () => void }) {
  const { t, locale } = useT()
  const qc = useQueryClient()
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: (body: { organizationId: string; accountLimit: string }) => http.post(ORG_API.setAccountLimit, body, { handled: [Code.INVALID] }),
    onSuccess: async () => {
      toast.success(t('common.success'))
      await qc.invalidateQueries({ queryKey: ['org'] })
      onClose()
    },
    onError: (e) => {
      if (isApiError(e) && e.code === Code.INVALID) {
        const mapped = mapServerErrors(e.data, (p) => p === 'accountLimit')
        setError(errorText(mapped.fields[0]?.message ?? mapped.form[0] ?? e.message, locale, t('organization.limit.value')))
      }
    },
  })
  return (
    <Dialog
      open={!!row}
      onOpenChange={(o) => {
        if (!o) onClose()
        else setValue('')
      }}
    >
      <DialogContent className="sm:max-w-md" onOpenAutoFocus={() => (setValue(row?.accountLimit === null || !row ? '' : String(row.accountLimit)), setError(null))}>
        <form
          onSubmit={(e) => {
            e.preventDefault()
            if (row) save.mutate({ organizationId: row.organizationId, accountLimit: value.trim() })
          }}
          className="grid gap-4"
          noValidate
        >
          <DialogHeader>
            <DialogTitle>{t('organization.limit.setFor', { name: row?.organizationName ?? '' })}</DialogTitle>
            <DialogDescription>{t('organization.limit.valueHint')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="account-limit">{t('organization.limit.value')}</Label>
            <Input
              id="account-limit"
              inputMode="numeric"
              value={value}
              onChange={(e) => setValue(e.target.value.replace(/[^\d]/g, ''))}
              placeholder={t('organization.limit.unlimited')}
              aria-invalid={!!error || undefined}
              aria-describedby={error ? 'account-limit-error' : undefined}
            />
            {error && (
              <p id="account-limit-error" className="text-xs text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending} className="min-w-24">
              {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {t('common.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
