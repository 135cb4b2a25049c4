/**
 * /admin/terminal-authentication: devices that applied, their state (unauthorised / authorised /
 * cancelled / rejected, SPEC §4) and, derived by the gateway from heartbeats and validity by the
 * database clock, whether each is online or expired. Authorise (validity days, heartbeat interval),
 * reject and cancel after confirmation; statistics above the list.
 */
import { useEffect, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Ban, ShieldCheck, ShieldX, Unlink } from 'lucide-react'
import { TERMINAL_AGREE_FIELDS } from '@/contract/fields/terminal'
import {
  TERMINAL_CONNECTIONS,
  TERMINAL_PATHS,
  TERMINAL_STATUSES,
  terminalAgree,
  type Terminal,
  type TerminalStatus,
} from '@/contract/schemas/terminal'
import { Badge } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'
import {
  confirm,
  enumOptions,
  formatDateTime,
  invalidateResource,
  ListPage,
  RowAction,
  timeColumn,
  type FilterField,
  type ListColumn,
} from '@/lib/crud'
import { ActionDialog, DeclaredFields, useActionForm } from '@/lib/crud/forms'
import { http } from '@/lib/http'
import { ScreenHeader } from '@/lib/pages'
import { placeWord } from '@/contract/logWords'
import { useT } from '@/lib/i18n'
import { toast } from '@/lib/toast'
import { Can } from './permissions'
import { terminalKeys, terminalStatisticsQueryOptions } from './queries'
import { terminalResource } from './resource'

const dash = <span className="text-muted-foreground">--</span>

function Stat({ label, value, tone }: { label: string; value: number | undefined; tone?: string }) {
  return (
    <Card className="flex flex-col gap-1 p-4">
      <span className="text-sm text-muted-foreground">{label}</span>
      <span className={`text-2xl font-semibold tabular-nums ${tone ?? ''}`}>{value ?? '–'}</span>
    </Card>
  )
}

function Statistics() {
  const { t } = useT()
  const qc = useQueryClient()
  const stats = useQuery(terminalStatisticsQueryOptions())
  // whenever the list is (re)loaded, the counts follow: both derive from the same heartbeats
  useEffect(
    () =>
      qc.getQueryCache().subscribe((e) => {
        const key = e.query.queryKey
        if (e.type === 'updated' && e.action.type === 'success' && key[0] === terminalKeys.all()[0] && key[1] !== 'statistics')
          void qc.invalidateQueries({ queryKey: terminalKeys.statistics() })
      }),
    [qc],
  )
  const d = stats.data
  const perDay = d?.perDay ?? []
  const max = Math.max(1, ...perDay.map((p) => p.count))
  const total = perDay.reduce((n, p) => n + p.count, 0)
  return (
    <section aria-label={t('terminals.stats.title')} className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      <Stat label={t('terminals.stats.online')} value={d?.online} tone="text-emerald-600 dark:text-emerald-400" />
      <Stat label={t('terminals.stats.authorised')} value={d?.authorised} />
      <Stat label={t('terminals.stats.expiring')} value={d?.expiringIn7Days} tone={d?.expiringIn7Days ? 'text-amber-600' : ''} />
      <Stat label={t('terminals.stats.unauthorised')} value={d?.unauthorised} />
      <Card className="col-span-2 flex flex-col gap-1 p-4 lg:col-span-1">
        <span className="text-sm text-muted-foreground">{t('terminals.stats.perDay', { n: total })}</span>
        <div className="flex h-10 items-end gap-0.5" aria-hidden>
          {perDay.map((p) => (
            <div
              key={p.day}
              title={`${p.day}: ${p.count}`}
              className="flex-1 rounded-sm bg-primary/60"
              style={{ height: `${Math.max(6, (p.count / max) * 100)}%`, opacity: p.count ? 1 : 0.25 }}
            />
          ))}
        </div>
        <table className="sr-only">
          <caption>{t('terminals.stats.perDayCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('terminals.stats.day')}</th>
              <th scope="col">{t('terminals.stats.count')}</th>
            </tr>
          </thead>
          <tbody>
            {perDay.map((p) => (
              <tr key={p.day}>
                <td>{p.day}</td>
                <td>{p.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </section>
  )
}

/** The state a row shows: its status, or 已过期 for an authorisation past its validity. */
function StateBadge({ row }: { row: Terminal }) {
  const { t } = useT()
  if (row.expired) return <Badge variant="warning">{t('terminals.connection.expired')}</Badge>
  const variant = ({ unauthorised: 'secondary', authorised: 'success', cancelled: 'outline', rejected: 'destructive' } as const)[row.status]
  return <Badge variant={variant}>{t(`terminals.status.${row.status}`)}</Badge>
}

function Online({ row }: { row: Terminal }) {
  const { t } = useT()
  if (row.status !== 'authorised' || row.expired) return dash
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden className={`size-2 rounded-full ${row.online ? 'bg-emerald-500' : 'bg-muted-foreground/40'}`} />
      {t(row.online ? 'terminals.connection.online' : 'terminals.connection.offline')}
    </span>
  )
}

function AgreeDialog({ row, onClose, onDone }: { row: Terminal | null; onClose: () => void; onDone: () => void }) {
  const { t } = useT()
  const action = useActionForm({
    schema: terminalAgree,
    defaultValues: { terminalId: row?.terminalId ?? '', version: row?.version ?? 0, validityDays: 365, heartbeatIntervalMin: 5 },
    confirm: (v) =>
      confirm({
        title: t('terminals.agree.title'),
        description: t('terminals.agree.confirm', { name: row?.deviceName || row?.deviceId || '', days: String(v.validityDays) }),
      }),
    action: (v) => http.post(TERMINAL_PATHS.agree, v),
    success: t('terminals.done.agree'),
    onDone: () => {
      onDone()
      onClose()
    },
  })
  return (
    <ActionDialog
      open={!!row}
      onClose={onClose}
      title={t('terminals.agree.title')}
      description={t('terminals.agree.for', { name: row?.deviceName || row?.deviceId || '' })}
      action={action}
      submitText={t('terminals.action.agree')}
    >
      <DeclaredFields fields={TERMINAL_AGREE_FIELDS} className="sm:grid-cols-1" />
    </ActionDialog>
  )
}

export function TerminalsPage() {
  const { t, locale } = useT()
  const qc = useQueryClient()
  const [agreeing, setAgreeing] = useState<Terminal | null>(null)
  const refresh = () =>
    Promise.all([invalidateResource(qc, terminalResource), qc.invalidateQueries({ queryKey: terminalKeys.statistics() })])
  const statusLabel = (s: TerminalStatus) => t(`terminals.status.${s}`)
  const nameOf = (r: Terminal) => r.deviceName || r.deviceId
  const placeOf = (city: string) => placeWord(city, locale) ?? city

  async function decide(row: Terminal, kind: 'reject' | 'cancel' | 'release') {
    const ok = await confirm({
      title: t(`terminals.${kind}.title`),
      description: t(`terminals.${kind}.confirm`, { name: nameOf(row), account: row.accountName ?? '--' }),
      destructive: true,
      confirmText: t(`terminals.action.${kind}`),
    })
    if (!ok) return
    try {
      await http.post(TERMINAL_PATHS[kind], {
        terminalId: row.terminalId,
        version: row.version,
      })
      toast.success(t(`terminals.done.${kind}`))
    } finally {
      await refresh()
    }
  }

  const filters: FilterField[] = [
    { name: 'keyword', label: t('terminals.filter.keyword'), placeholder: t('terminals.filter.keywordHint') },
    { name: 'status', label: t('terminals.field.status'), kind: 'select', options: enumOptions(TERMINAL_STATUSES, statusLabel) },
    {
      name: 'connection',
      label: t('terminals.field.connection'),
      kind: 'select',
      options: enumOptions(TERMINAL_CONNECTIONS, (c) => t(`terminals.connection.${c}`)),
    },
  ]

  const columns: ListColumn<Terminal>[] = [
    {
      key: 'deviceId',
      header: t('terminals.field.device'),
      sortable: true,
      cell: (r) => (
        <div className="flex min-w-0 flex-col">
          <span className="truncate font-medium">{r.deviceName || r.deviceId}</span>
          {r.deviceName && <code className="truncate text-xs text-muted-foreground">{r.deviceId}</code>}
        </div>
      ),
      exportValue: (r) => r.deviceId,
    },
    { key: 'status', header: t('terminals.field.status'), cell: (r) => <StateBadge row={r} />, exportValue: (r) => statusLabel(r.status) },
    { key: 'online', header: t('terminals.field.connection'), cell: (r) => <Online row={r} /> },
    { key: 'os', header: t('terminals.field.os'), cell: (r) => (r.os ? `${r.os} ${r.osVersion ?? ''}` : dash) },
    { key: 'memory', header: t('terminals.field.memory'), defaultHidden: true },
    { key: 'processor', header: t('terminals.field.processor'), defaultHidden: true },
    {
      key: 'applyIp',
      header: t('terminals.field.applyIp'),
      cell: (r) =>
        r.applyIp ? (
          <span className="tabular-nums">
            {r.applyIp}
            {r.applyCity && <span className="ml-1 text-muted-foreground">· {placeOf(r.applyCity)}</span>}
          </span>
        ) : (
          dash
        ),
    },
    { key: 'accountName', header: t('terminals.field.account') },
    { key: 'applyCount', header: t('terminals.field.applyCount'), align: 'right' },
    timeColumn('appliedAt', t('terminals.field.appliedAt'), { sortable: true }),
    {
      key: 'validUntil',
      header: t('terminals.field.validUntil'),
      sortable: true,
      cell: (r) => (r.validUntil ? <span className="tabular-nums">{formatDateTime(r.validUntil)}</span> : dash),
      exportValue: (r) => formatDateTime(r.validUntil),
    },
    {
      key: 'lastHeartbeatAt',
      header: t('terminals.field.lastHeartbeatAt'),
      sortable: true,
      defaultHidden: true,
      cell: (r) => (r.lastHeartbeatAt ? <span className="tabular-nums">{formatDateTime(r.lastHeartbeatAt, true)}</span> : dash),
      exportValue: (r) => formatDateTime(r.lastHeartbeatAt, true),
    },
    {
      key: 'heartbeatIntervalMin',
      header: t('terminals.field.heartbeatIntervalMin'),
      defaultHidden: true,
      align: 'right',
    },
  ]

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <ScreenHeader description={t('terminals.description')} />
      <Statistics />
      <ListPage
        resource={terminalResource}
        headerless
        filters={filters}
        columns={columns}
        deletable={false}
        rowActions={(r) => (
          <>
            {r.status === 'unauthorised' && (
              <>
                <Can action="authorize">
                  <RowAction icon={<ShieldCheck aria-hidden />} label={t('terminals.action.agree')} onClick={() => setAgreeing(r)} />
                </Can>
                <Can action="reject">
                  <RowAction icon={<ShieldX aria-hidden />} label={t('terminals.action.reject')} onClick={() => void decide(r, 'reject')} />
                </Can>
              </>
            )}
            {r.status === 'authorised' && (
              <Can action="cancel">
                <RowAction icon={<Ban aria-hidden />} label={t('terminals.action.cancel')} onClick={() => void decide(r, 'cancel')} />
              </Can>
            )}
            {r.owned && (
              <Can action="cancel">
                <RowAction icon={<Unlink aria-hidden />} label={t('terminals.action.release')} onClick={() => void decide(r, 'release')} />
              </Can>
            )}
          </>
        )}
      />
      {agreeing && <AgreeDialog row={agreeing} onClose={() => setAgreeing(null)} onDone={() => void refresh()} />}
    </div>
  )
}
