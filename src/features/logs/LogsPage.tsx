/**
 * /admin/systemLog: the login, operation and system logs (SPEC §3 "Logs"). The log, its time range
 * and its filters live in the URL (a view can be shared); pages continue by cursor (keyset), never
 * by offset; a row's details (request and response pretty-printed) open in a side panel; the
 * filtered log exports as CSV or Excel, streamed by the gateway.
 */
import { useMemo, useState, type ReactNode } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { ChevronLeft, ChevronRight, Download, Eye } from 'lucide-react'
import { actionWord, eventWord, menuWord, outcomeWord, placeWord, systemActionWord } from '@/contract/logWords'
import { LOG_KINDS, LOG_PATHS, type LogKind, type LoginLog, type OperateLog, type SystemLog } from '@/contract/schemas/logs'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Sheet } from '@/components/ui/sheet'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import {
  DataTable,
  formatDateTime,
  ListFilters,
  ListToolbar,
  RefreshButton,
  RowAction,
  ToolbarEnd,
  useListSearch,
  type FilterField,
  type ListColumn,
} from '@/lib/crud'
import { saveBlob } from '@/lib/files/save'
import { http } from '@/lib/http'
import { ScreenHeader } from '@/lib/pages'
import { useT } from '@/lib/i18n'
import { Can } from './permissions'
import { accountHolderQueryOptions, DEFAULT_RANGE, kindOf, logDetailQueryOptions, logPageQueryOptions, logParams, RANGES } from './queries'

type AnyLog = LoginLog & Omit<OperateLog, 'action' | 'menuPath'> & SystemLog
const dash = <span className="text-muted-foreground">--</span>
const idOf = (kind: LogKind, r: AnyLog) => (kind === 'login' ? r.loginLogId : kind === 'operate' ? r.operateLogId : r.systemLogId)
const okCode = (c: number | null) => c === 10000 || c === 20120
/** The caller's IANA time zone: an export writes its times in it. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

/** 成功, or 失败 with the code's text: a badge, in the user's language. */
function Outcome({ code }: { code: number | null }) {
  const { locale } = useT()
  return (
    <Badge variant={okCode(code) ? 'success' : 'destructive'} className="whitespace-normal">
      {outcomeWord(code, locale)}
    </Badge>
  )
}

function usePlace() {
  const { locale } = useT()
  return (city: string | null) => placeWord(city, locale)
}

function Pretty({ text }: { text: string | null | undefined }) {
  const { t } = useT()
  if (!text) return <p className="text-sm text-muted-foreground">{t('logs.detail.none')}</p>
  let shown = text
  try {
    shown = JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    /* not JSON (or cut short): as stored */
  }
  return (
    <pre className="max-h-80 overflow-auto rounded-md border bg-muted/40 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-all">
      {shown}
    </pre>
  )
}

function DetailSheet({ kind, row, onClose }: { kind: LogKind; row: AnyLog | null; onClose: () => void }) {
  const { t, locale } = useT()
  const place = usePlace()
  const detail = useQuery({ ...logDetailQueryOptions<AnyLog>(kind, row ? idOf(kind, row) : ''), enabled: !!row })
  const d = detail.data ?? row
  const accountName = d?.accountName ?? ''
  const holder = useQuery({ ...accountHolderQueryOptions(accountName), enabled: !!accountName }).data
  const holderText = holder ? [holder.userName, holder.organizationName].filter(Boolean).join(' · ') || null : null
  const fields: [string, ReactNode][] = d
    ? kind === 'login'
      ? [
          ['logs.field.createdAt', formatDateTime(d.createdAt, true)],
          ['logs.field.accountName', d.accountName],
          ['logs.field.holder', holderText],
          ['logs.field.ip', d.ip],
          ['logs.field.city', place(d.city)],
          ['logs.field.terminal', [d.terminal, d.terminalVersion].filter(Boolean).join(' ')],
          ['logs.field.os', d.os],
          ['logs.field.carrier', d.carrier],
          ['logs.field.result', t(d.success ? 'logs.result.ok' : 'logs.result.fail')],
          ['logs.field.code', d.code],
        ]
      : kind === 'operate'
        ? [
            ['logs.field.createdAt', formatDateTime(d.createdAt, true)],
            ['logs.field.accountName', d.accountName],
            ['logs.field.holder', holderText],
            ['logs.field.menuName', menuWord(d, locale)],
            ['logs.field.action', actionWord(d, locale)],
            ['logs.field.outcome', <Outcome code={d.statusCode} />],
            ['logs.field.code', d.statusCode],
            ['logs.field.appCode', d.appCode],
            ['logs.field.service', d.service],
            ['logs.field.uri', d.uri && `${d.method ?? ''} ${d.uri}`],
            ['logs.field.ip', d.ip],
            ['logs.field.duration', d.durationMs !== null ? `${d.durationMs} ms` : null],
            ['logs.field.content', d.content],
          ]
        : [
            ['logs.field.createdAt', formatDateTime(d.createdAt, true)],
            ['logs.field.event', eventWord(d.event, locale)],
            ['logs.field.menuName', menuWord(d, locale)],
            ['logs.field.action', systemActionWord(d, locale)],
            ['logs.field.service', d.service],
            ['logs.field.outcome', <Outcome code={d.code} />],
            ['logs.field.code', d.code],
            ['logs.field.duration', d.durationMs !== null && d.durationMs !== undefined ? `${d.durationMs} ms` : null],
            ['logs.field.accountName', d.accountName],
            ['logs.field.holder', holderText],
            ['logs.field.appCode', d.appCode],
            ['logs.field.ip', [d.ip, place(d.city)].filter(Boolean).join(' · ')],
            ['logs.field.uri', d.uri && `${d.method ?? ''} ${d.uri}`],
            ['logs.field.content', d.content],
          ]
    : []
  return (
    <Sheet
      open={!!row}
      onOpenChange={(o) => !o && onClose()}
      className="max-w-2xl"
      title={t('logs.detail.title')}
      description={t(`logs.kind.${kind}`)}
    >
      <div className="flex-1 overflow-y-auto px-6 py-4">
        <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm">
          {fields.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-muted-foreground">{t(k as never)}</dt>
              <dd className="min-w-0 break-all">{v === null || v === undefined || v === '' ? dash : v}</dd>
            </div>
          ))}
        </dl>
        {kind !== 'login' && (
          <div className="mt-6 flex flex-col gap-4">
            <section>
              <h3 className="mb-2 text-sm font-medium">{t('logs.detail.request')}</h3>
              {detail.isPending ? <p className="text-sm text-muted-foreground">{t('common.loading')}</p> : <Pretty text={d?.request} />}
            </section>
            <section>
              <h3 className="mb-2 text-sm font-medium">{t('logs.detail.response')}</h3>
              {detail.isPending ? <p className="text-sm text-muted-foreground">{t('common.loading')}</p> : <Pretty text={d?.response} />}
            </section>
            <p className="text-xs text-muted-foreground">{t('logs.detail.redacted')}</p>
          </div>
        )}
      </div>
    </Sheet>
  )
}

function LogTable({ kind, params }: { kind: LogKind; params: Record<string, string> }) {
  const { t, locale } = useT()
  const place = usePlace()
  // cursors of the pages seen so far: page n (from 1) starts after cursors[n - 2]
  const [cursors, setCursors] = useState<string[]>([])
  const cursor = cursors[cursors.length - 1]
  const page = useQuery({ ...logPageQueryOptions<AnyLog>(kind, params, cursor), placeholderData: keepPreviousData })
  const [open, setOpen] = useState<AnyLog | null>(null)
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null)
  const data = page.data

  const time: ListColumn<AnyLog> = {
    key: 'createdAt',
    header: t('logs.field.createdAt'),
    cell: (r) => <span className="tabular-nums whitespace-nowrap">{formatDateTime(r.createdAt, true)}</span>,
  }
  const account: ListColumn<AnyLog> = { key: 'accountName', header: t('logs.field.accountName') }
  const ip: ListColumn<AnyLog> = {
    key: 'ip',
    header: t('logs.field.ipCity'),
    cell: (r) =>
      r.ip ? (
        <span className="tabular-nums">
          {r.ip}
          {place(r.city) && <span className="ml-1 text-muted-foreground">· {place(r.city)}</span>}
        </span>
      ) : (
        dash
      ),
  }
  const columns: ListColumn<AnyLog>[] =
    kind === 'login'
      ? [
          time,
          account,
          ip,
          {
            key: 'terminal',
            header: t('logs.field.terminal'),
            cell: (r) => [r.terminal, r.terminalVersion].filter(Boolean).join(' ') || dash,
          },
          { key: 'os', header: t('logs.field.os') },
          {
            key: 'success',
            header: t('logs.field.result'),
            cell: (r) => (
              <Badge variant={r.success ? 'success' : 'destructive'}>
                {t(r.success ? 'logs.result.ok' : 'logs.result.fail')}
                {!r.success && <span className="ml-1 tabular-nums opacity-80">{r.code}</span>}
              </Badge>
            ),
          },
        ]
      : kind === 'operate'
        ? [
            time,
            account,
            { key: 'menuName', header: t('logs.field.menuName'), cell: (r) => menuWord(r, locale) || dash },
            { key: 'action', header: t('logs.field.action'), cell: (r) => actionWord(r, locale) || dash },
            { key: 'service', header: t('logs.field.service'), defaultHidden: true },
            {
              key: 'uri',
              header: t('logs.field.uri'),
              className: 'max-w-[18rem] truncate',
              cell: (r) => <span title={r.uri ?? ''}>{r.uri}</span>,
            },
            { key: 'statusCode', header: t('logs.field.outcome'), cell: (r) => <Outcome code={r.statusCode} /> },
            {
              key: 'durationMs',
              header: t('logs.field.duration'),
              align: 'right',
              cell: (r) => (r.durationMs !== null ? `${r.durationMs} ms` : dash),
            },
          ]
        : [
            time,
            { key: 'event', header: t('logs.field.event'), cell: (r) => eventWord(r.event, locale) },
            { key: 'menuPath', header: t('logs.field.menuName'), cell: (r) => menuWord(r, locale) || dash },
            { key: 'action', header: t('logs.field.action'), cell: (r) => systemActionWord(r, locale) || dash },
            { key: 'service', header: t('logs.field.service') },
            { key: 'code', header: t('logs.field.status'), cell: (r) => <Outcome code={r.code} /> },
            {
              key: 'durationMs',
              header: t('logs.field.duration'),
              align: 'right',
              cell: (r) => (r.durationMs !== null && r.durationMs !== undefined ? `${r.durationMs} ms` : dash),
            },
            account,
            { ...ip, defaultHidden: true },
            {
              key: 'content',
              header: t('logs.field.content'),
              className: 'max-w-[20rem] truncate',
              cell: (r) => <span title={r.content ?? ''}>{r.content}</span>,
            },
          ]

  async function exportAs(format: 'csv' | 'xlsx') {
    setExporting(format)
    try {
      const d = await http.download(LOG_PATHS.export(kind), { ...params, format, tz: timeZone() })
      saveBlob(d.blob, d.fileName ?? `${kind}-log.${format}`)
    } finally {
      setExporting(null)
    }
  }

  const pageNo = cursors.length + 1
  return (
    <Card className="min-w-0 overflow-hidden">
      <ListToolbar>
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {data ? t(data.totalCapped ? 'logs.totalCapped' : 'logs.total', { n: data.total }) : t('common.loading')}
        </span>
        <ToolbarEnd>
          <Can action="export">
            <span className="flex items-center gap-1">
              <Button variant="outline" size="sm" disabled={!!exporting} onClick={() => void exportAs('csv')} icon={Download}>
                {t('logs.exportCsv')}
              </Button>
              <Button variant="outline" size="sm" disabled={!!exporting} onClick={() => void exportAs('xlsx')} icon={Download}>
                {t('logs.exportXlsx')}
              </Button>
            </span>
          </Can>
          <RefreshButton query={page} />
        </ToolbarEnd>
      </ListToolbar>
      <DataTable
        rows={data?.records ?? []}
        columns={columns}
        getRowId={(r) => idOf(kind, r)}
        loading={page.isPending}
        busy={page.isPlaceholderData}
        error={page.isError && !data ? { retry: () => void page.refetch() } : null}
        empty={<p className="py-10 text-center text-sm text-muted-foreground">{t('logs.empty')}</p>}
        label={t(`logs.kind.${kind}`)}
        rowActions={(r) => (
          <RowAction
            icon={<Eye aria-hidden />}
            label={t('logs.detail.open')}
            onClick={() => setOpen(r)}
            ariaLabel={t('logs.detail.openOf', { time: formatDateTime(r.createdAt, true) })}
          />
        )}
      />
      <nav aria-label={t('logs.paging')} className="flex items-center justify-end gap-2 border-t px-3 py-2.5 sm:px-4">
        <span className="mr-auto text-sm text-muted-foreground">{t('logs.page', { n: pageNo })}</span>
        <Button variant="outline" size="sm" disabled={pageNo === 1} onClick={() => setCursors((c) => c.slice(0, -1))} icon={ChevronLeft}>
          {t('logs.prev')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!data?.nextCursor || page.isPlaceholderData}
          onClick={() => data?.nextCursor && setCursors((c) => [...c, data.nextCursor!])}
        >
          {t('logs.next')}
          <ChevronRight aria-hidden />
        </Button>
      </nav>
      <DetailSheet kind={kind} row={open} onClose={() => setOpen(null)} />
    </Card>
  )
}

export function LogsPage() {
  const { t } = useT()
  const [search, setSearch] = useListSearch()
  const kind = kindOf(search)
  const range = String(search.range ?? DEFAULT_RANGE)
  // the range is read from the URL; recomputed when the search changes (not on every render)
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const params = useMemo(() => logParams(search), [JSON.stringify(search)])

  const rangeField: FilterField = {
    name: 'range',
    label: t('logs.range.label'),
    kind: 'select',
    options: Object.keys(RANGES).map((k) => ({ value: k, label: t(`logs.range.${k as keyof typeof RANGES}`) })),
  }
  const common: FilterField[] = [
    rangeField,
    { name: 'accountName', label: t('logs.field.accountName') },
    { name: 'ip', label: t('logs.field.ip') },
  ]
  /** Succeeded or failed, as the log kind writes the two. */
  const outcome = (name: string, label: string, [ok, fail]: [string, string]): FilterField => ({
    name,
    label,
    kind: 'select',
    options: [
      { value: ok, label: t('logs.result.ok') },
      { value: fail, label: t('logs.result.fail') },
    ],
  })
  const filters: FilterField[] =
    kind === 'login'
      ? [...common, outcome('success', t('logs.field.result'), ['1', '0'])]
      : kind === 'operate'
        ? [
            ...common,
            { name: 'menuName', label: t('logs.field.menuName') },
            { name: 'action', label: t('logs.field.action') },
            { name: 'uri', label: t('logs.field.uri'), placeholder: '/api/admin/v1/…' },
            outcome('status', t('logs.field.outcome'), ['ok', 'fail']),
            {
              name: 'origin',
              label: t('logs.field.origin'),
              kind: 'select',
              options: [
                { value: 'gateway', label: t('logs.origin.gateway') },
                { value: 'client', label: t('logs.origin.client') },
              ],
            },
          ]
        : [...common, { name: 'event', label: t('logs.field.event') }, { name: 'code', label: t('logs.field.code') }]

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <ScreenHeader description={t('logs.description')} />
      <Tabs value={kind} onValueChange={(k) => setSearch({ kind: k })}>
        <TabsList>
          {LOG_KINDS.map((k) => (
            <TabsTrigger key={k} value={k}>
              {t(`logs.kind.${k}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={kind} className="mt-4 flex flex-col gap-4">
          {search.from || search.to ? (
            <p className="text-sm text-muted-foreground">
              {t('logs.range.custom', { from: formatDateTime(params.from ?? ''), to: formatDateTime(params.to ?? '') })}{' '}
              <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setSearch({ kind })}>
                {t('logs.range.clear')}
              </Button>
            </p>
          ) : null}
          <ListFilters
            fields={filters}
            search={{ ...search, range }}
            onSearchChange={(next) => setSearch({ ...next, kind, from: search.from, to: search.to })}
          />
          <LogTable key={JSON.stringify([kind, params])} kind={kind} params={params} />
        </TabsContent>
      </Tabs>
    </div>
  )
}
