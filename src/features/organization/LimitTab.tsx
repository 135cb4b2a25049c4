/** 账号限额: accounts against the limit of the unit and its child units; set a limit (not your own unit's unless your scope is all). */
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { Loader2, Pencil } from 'lucide-react'
import { Code } from '@/contract'
import { ORG_API, type OrgAccountRow } from '@/contract/schemas/org'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Progress } from '@/components/ui/progress'
import { Skeleton } from '@/components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { errorText, isApiError, mapServerErrors } from '@/lib/crud'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { Can } from './permissions'
import { useSession } from '@/lib/session'
import { useAddRules } from './api'
import { orgKeys, orgLimitsQueryOptions } from './queries'

export function LimitTab({ organizationId }: { organizationId: string }) {
  const { t } = useT()
  const q = useQuery(orgLimitsQueryOptions(organizationId))
  const ownOrg = useSession((s) => s.userAccount?.organizationId ?? null)
  // one's own unit's limit: only with the data scope "all" (the same rule as adding top units)
  const mayOwn = useAddRules().data?.topUnits === true
  const [editing, setEditing] = useState<OrgAccountRow | null>(null)
  const rows = q.data?.records ?? []
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t('organization.limit.description')}</p>
      {q.data && q.data.total > rows.length && (
        <p role="status" className="text-sm text-amber-700 dark:text-amber-400">
          {t('organization.limit.partial', { shown: rows.length, total: q.data.total })}
        </p>
      )}
      {q.isPending ? (
        <Skeleton className="h-32" />
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{t('organization.limit.unit')}</TableHead>
                <TableHead>{t('organization.limit.type')}</TableHead>
                <TableHead className="text-right">{t('organization.limit.count')}</TableHead>
                <TableHead className="text-right">{t('organization.limit.limit')}</TableHead>
                <TableHead className="w-40">{t('organization.limit.usage')}</TableHead>
                <TableHead className="text-right">{t('common.actions')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => {
                const pct = r.accountLimit ? Math.min(100, Math.round((r.accountCount / r.accountLimit) * 100)) : null
                const full = r.accountLimit !== null && r.accountCount >= r.accountLimit
                return (
                  <TableRow key={r.organizationId}>
                    <TableCell className={r.organizationId === organizationId ? 'font-semibold' : 'pl-8'}>{r.organizationName}</TableCell>
                    <TableCell>{r.organizationTypeName ?? '--'}</TableCell>
                    <TableCell className="text-right tabular-nums">{r.accountCount}</TableCell>
                    <TableCell className="text-right tabular-nums">{r.accountLimit ?? <span className="text-muted-foreground">{t('organization.limit.unlimited')}</span>}</TableCell>
                    <TableCell>
                      {pct === null ? (
                        <span className="text-muted-foreground">--</span>
                      ) : (
                        <div className="flex items-center gap-2">
                          <Progress value={pct} className="h-2" aria-label={`${pct}%`} />
                          {full ? <Badge variant="destructive">{t('organization.limit.full')}</Badge> : <span className="w-9 text-right text-xs tabular-nums text-muted-foreground">{pct}%</span>}
                        </div>
                      )}
                    </TableCell>
                    <TableCell className="py-1 text-right">
                      {r.organizationId === ownOrg && !mayOwn ? (
                        <span className="text-xs text-muted-foreground" title={t('organization.limit.ownHint')}>
                          --
                        </span>
                      ) : (
                        <Can action="accountLimit">
                          <Button variant="ghost" className="h-9 px-2 text-primary" onClick={() => setEditing(r)}>
                            <Pencil aria-hidden />
                            {t('organization.limit.set')}
                          </Button>
                        </Can>
                      )}
                    </TableCell>
                  </TableRow>
                )
              })}
            </TableBody>
          </Table>
        </div>
      )}
      <LimitDialog row={editing} onClose={() => setEditing(null)} />
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
      await qc.invalidateQueries({ queryKey: orgKeys.all() })
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
