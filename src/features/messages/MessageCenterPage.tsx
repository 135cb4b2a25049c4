/**
 * 消息中心 (/admin/message-center): my messages, unread first, filtered by read state, event and
 * keyword; mark read and mark all read; for administrators (消息设置 granted) the channel sends,
 * sent and waiting/failed, with "send again". The list is a persisted query: offline it shows what
 * was synced last, and says when.
 */
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@/components/link'
import { CheckCheck, Mail, MailOpen, RotateCcw } from 'lucide-react'
import { MSG_API } from '@/contract/endpoints'
import { MSG_EVENTS } from '@/contract/fields/message'
import type { InboxMessage } from '@/contract/schemas/message'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { OptionSelect } from '@/components/ui/lazy-select'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { toast } from '@/lib/toast'
import { http } from '@/lib/http'
import { ScreenHeader } from '@/lib/pages'
import { useT, type TKey } from '@/lib/i18n'
import { eventLabelKey, inboxQueryOptions, msgKeys, READ_ALL_ID, unreadHere, type InboxFilters } from '@/lib/messages'
import { useCan, useMenus } from '@/lib/permissions'
import { submitEdit, useLocalRecords, useMergedRows } from '@/lib/offline'
import { cn } from '@/lib/utils'
import { messageOffline } from './offline'
import { messageKeys, pushesQueryOptions } from './queries'

type Tab = 'mine' | 'pushed' | 'waiting'
/** The event filter's "all" (a Radix select item cannot have an empty value). */
const ALL = 'all'

export function MessageCenterPage() {
  const { t } = useT()
  const admin = useCan('/admin/message-setting', 'edit')
  const [tab, setTab] = useState<Tab>('mine')
  return (
    <div className="flex flex-col gap-4 p-4">
      <ScreenHeader description={t('messages.centre.description')} />
      {admin ? (
        <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
          <TabsList>
            {(['mine', 'pushed', 'waiting'] as const).map((k) => (
              <TabsTrigger key={k} value={k}>
                {t(`messages.centre.${k}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="mine" className="mt-4">
            <MyMessages />
          </TabsContent>
          <TabsContent value="pushed" className="mt-4">
            <Pushes kind="pushed" />
          </TabsContent>
          <TabsContent value="waiting" className="mt-4">
            <Pushes kind="waiting" />
          </TabsContent>
        </Tabs>
      ) : (
        <MyMessages />
      )}
    </div>
  )
}

function MyMessages() {
  const { t, locale } = useT()
  const client = useQueryClient()
  const [filters, setFilters] = useState<InboxFilters>({})
  const q = useQuery(inboxQueryOptions(filters))
  const page = q.data
  // a message's link only for someone whose menus lead there
  const menus = useMenus().data
  const opens = (link: string) => !!menus?.some((m) => m.action && `/${m.action.replace(/^\//, '')}` === link)
  const refresh = () => client.invalidateQueries({ queryKey: msgKeys.all() })
  // through the outbox: offline it is kept and synced once (the list shows it read at once)
  const read = useMutation({
    mutationFn: (m: InboxMessage) =>
      submitEdit({
        entity: messageOffline.entity,
        entityId: String(m.id),
        op: 'read',
        payload: { readAt: new Date().toISOString() },
        base: m as unknown as Record<string, unknown>,
        title: locale === 'zh' ? m.titleZh : m.titleEn,
      }),
    onSuccess: (r) => void (r.queued ? undefined : refresh()),
  })
  const locals = useLocalRecords(messageOffline.entity)
  const merged = useMergedRows(messageOffline.entity, page?.records ?? [], (m) => String(m.id)).rows
  // 全部标记已读 kept on the device: every message up to the newest the list showed then reads as read
  const allRead = locals.find((l) => l.entityId === READ_ALL_ID)?.data
  const rows = allRead
    ? merged.map((m) => (!m.readAt && m.id <= Number(allRead.upTo) ? { ...m, readAt: String(allRead.readAt) } : m))
    : merged
  const unread = unreadHere(page, locals)
  // through the outbox as well, up to the newest message the list holds (one that comes later stays unread)
  const readAll = useMutation({
    mutationFn: () =>
      submitEdit({
        entity: messageOffline.entity,
        entityId: READ_ALL_ID,
        op: 'readAll',
        payload: { upTo: page?.lastId || Math.max(0, ...(page?.records ?? []).map((m) => m.id)), readAt: new Date().toISOString() },
        base: null,
        title: t('messages.centre.markAllRead'),
      }),
    onSuccess: (r) => {
      if (r.queued) return
      toast.success(t('messages.centre.marked', { n: (r.data as { read: number }).read }))
      void refresh()
    },
  })
  const time = (iso: string | number) => new Date(iso).toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-GB', { hour12: false })
  const synced = q.dataUpdatedAt ? time(q.dataUpdatedAt) : null
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" className="flex gap-1">
          {([undefined, 0, 1] as const).map((r) => (
            <Button
              key={String(r)}
              size="sm"
              variant={filters.read === r ? 'default' : 'outline'}
              aria-pressed={filters.read === r}
              onClick={() => setFilters((f) => ({ ...f, read: r }))}
            >
              {t(r === undefined ? 'messages.centre.all' : r === 0 ? 'messages.centre.unread' : 'messages.centre.read')}
            </Button>
          ))}
        </div>
        <OptionSelect
          value={filters.eventCode ?? ALL}
          onValueChange={(v) => setFilters((f) => ({ ...f, eventCode: v === ALL ? undefined : v }))}
          options={[
            { value: ALL, label: t('messages.centre.all') },
            ...[...MSG_EVENTS, 'custom'].map((ev) => ({ value: ev, label: t(eventLabelKey(ev) as TKey) })),
          ]}
          className="h-9 w-44"
          itemClassName="min-h-9"
          aria-label={t('messages.field.eventCode')}
        />
        <Input
          className="h-8 w-56"
          placeholder={t('messages.centre.keyword')}
          aria-label={t('messages.centre.keyword')}
          defaultValue={filters.keyword}
          onKeyDown={(e) => {
            if (e.key === 'Enter') setFilters((f) => ({ ...f, keyword: (e.target as HTMLInputElement).value.trim() || undefined }))
          }}
        />
        <span className="text-sm text-muted-foreground" data-testid="unread-count">
          {t('messages.centre.unreadCount', { n: unread })}
        </span>
        <Button size="sm" variant="outline" className="ml-auto" disabled={!unread || readAll.isPending} onClick={() => readAll.mutate()}>
          <CheckCheck /> {t('messages.centre.markAllRead')}
        </Button>
      </div>
      {synced && (
        <p className="text-xs text-muted-foreground" data-testid="synced-at">
          {t('messages.centre.syncedAt', { time: synced })}
        </p>
      )}
      <ul className="flex flex-col divide-y rounded-md border" aria-label={t('messages.centre.mine')}>
        {rows.length === 0 && <li className="p-6 text-center text-sm text-muted-foreground">{t('messages.centre.empty')}</li>}
        {rows.map((m: InboxMessage) => (
          <li key={m.id} className={cn('flex items-start gap-3 p-3', !m.readAt && 'bg-accent/40')} data-unread={!m.readAt}>
            {m.readAt ? (
              <MailOpen className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            ) : (
              <Mail className="mt-0.5 size-4 shrink-0 text-primary" />
            )}
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className={cn('text-sm', !m.readAt && 'font-semibold')}>{locale === 'zh' ? m.titleZh : m.titleEn}</span>
                <Badge variant="secondary">{t(eventLabelKey(m.eventCode) as TKey)}</Badge>
                {!m.readAt && <Badge>{t('messages.centre.unread')}</Badge>}
              </div>
              <p className="mt-1 text-sm break-words whitespace-pre-line text-muted-foreground">
                {locale === 'zh' ? m.contentZh : m.contentEn}
              </p>
              <p className="mt-1 text-xs text-muted-foreground">
                {time(m.createTime)}
                {m.senderName ? ` · ${t('messages.centre.from', { name: m.senderName })}` : ''}
              </p>
            </div>
            <div className="flex shrink-0 gap-1">
              {m.link && opens(m.link) && (
                <Button size="sm" variant="ghost" asChild>
                  <Link to={m.link}>{t('messages.centre.open')}</Link>
                </Button>
              )}
              {!m.readAt && (
                <Button size="sm" variant="outline" disabled={read.isPending} onClick={() => read.mutate(m)}>
                  {t('messages.centre.markRead')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}

function Pushes({ kind }: { kind: 'pushed' | 'waiting' }) {
  const { t, locale } = useT()
  const client = useQueryClient()
  const q = useQuery(pushesQueryOptions(kind))
  const retry = useMutation({
    mutationFn: (ids: number[]) => http.post<{ retried: number }>(MSG_API.retry, { ids }),
    onSuccess: (r) => {
      toast.success(t('messages.centre.retried', { n: r.retried }))
      void client.invalidateQueries({ queryKey: messageKeys.pushes() })
    },
  })
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <thead className="bg-muted/50 text-left">
          <tr>
            {(['receiver', 'title', 'channel', 'target', 'status', 'attempts', 'lastError', 'time'] as const).map((c) => (
              <th key={c} className="px-3 py-2 font-medium whitespace-nowrap">
                {t(`messages.push.${c}`)}
              </th>
            ))}
            <th />
          </tr>
        </thead>
        <tbody>
          {q.data?.records.length === 0 && (
            <tr>
              <td colSpan={9} className="p-6 text-center text-muted-foreground">
                {t('messages.centre.empty')}
              </td>
            </tr>
          )}
          {q.data?.records.map((p) => (
            <tr key={p.id} className="border-t">
              <td className="px-3 py-2">{p.userName ?? p.accountName}</td>
              <td className="px-3 py-2">{locale === 'zh' ? p.titleZh : p.titleEn}</td>
              <td className="px-3 py-2">{t(`messages.channel.${p.channel}`)}</td>
              <td className="px-3 py-2">{p.target ?? '—'}</td>
              <td className="px-3 py-2">
                <Badge variant={p.status === 'dead' ? 'destructive' : 'secondary'}>{t(`messages.push.statuses.${p.status}`)}</Badge>
              </td>
              <td className="px-3 py-2">{p.attempts}</td>
              <td className="max-w-48 truncate px-3 py-2" title={p.lastError ?? ''}>
                {p.lastError ?? ''}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                {new Date(p.sentAt ?? p.createTime).toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-GB')}
              </td>
              <td className="px-3 py-2">
                {p.status === 'dead' && (
                  <Button size="sm" variant="outline" onClick={() => retry.mutate([p.id])}>
                    <RotateCcw /> {t('messages.centre.retry')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
