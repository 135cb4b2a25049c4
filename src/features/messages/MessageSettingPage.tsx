/**
 * 消息设置 (/admin/message-setting) and 自定义消息配置 (/admin/message-custom-config): the
 * configurations of one kind in a table, a dialog to add or edit one — business event (settings
 * only), channels (in-app always), receivers from the account tree (groups with their people
 * counted, people by name) or by role, templates in zh and en — and, for custom messages, sending
 * one by hand. Validation is the contract's schema; the gateway's 20001 shows on the field.
 */
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Pencil, Plus, Send, Trash2, X } from 'lucide-react'
import {
  MSG_API,
  MSG_CHANNELS,
  MSG_EVENT_FIELDS,
  MSG_EVENTS,
  msgConfigAdd,
  msgCustomAdd,
  type MsgConfig,
  type MsgReceiver,
} from '@/contract/schemas/message'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { confirmDelete } from '@/lib/crud/confirm'
import { errorText } from '@/lib/crud/errors'
import { toast } from 'sonner'
import { http } from '@/lib/http'
import { useT, type TKey } from '@/lib/i18n'
import { eventLabelKey } from '@/lib/messages'
import { useCan } from '@/lib/permissions'
import { configsQueryOptions, groupsQueryOptions, messageKeys, peopleQueryOptions, rolesQueryOptions } from './queries'

type Kind = 'event' | 'custom'
type Draft = Omit<
  MsgConfig,
  'msgConfigId' | 'kind' | 'organizationId' | 'version' | 'createTime' | 'updateTime' | 'createBy' | 'updateBy'
> & {
  msgConfigId?: string
  version?: number
}

const blank = (kind: Kind): Draft => ({
  configName: '',
  eventCode: kind === 'event' ? 'account.pending' : null,
  status: 1,
  channels: ['inApp'],
  receivers: [],
  titleZh: '',
  titleEn: '',
  contentZh: '',
  contentEn: '',
  webhookUrl: null,
  remark: null,
})

export const MessageSettingPage = () => <ConfigPage kind="event" />
export const MessageCustomConfigPage = () => <ConfigPage kind="custom" />

function ConfigPage({ kind }: { kind: Kind }) {
  const { t, locale } = useT()
  const client = useQueryClient()
  const base = kind === 'event' ? MSG_API.config : MSG_API.customConfig
  const menu = kind === 'event' ? ('/admin/message-setting' as const) : ('/admin/message-custom-config' as const)
  const canAdd = useCan(menu, 'add')
  const canEdit = useCan(menu, 'edit')
  const canDelete = useCan(menu, 'delete')
  const canSend = useCan('/admin/message-custom-config', 'send')
  const [editing, setEditing] = useState<{ draft: Draft; send?: boolean } | null>(null)
  const list = useQuery(configsQueryOptions(kind))
  const remove = useMutation({
    mutationFn: (id: string) => http.del(`${base}/delete`, [id]),
    onSuccess: () => {
      toast.success(t('messages.setting.deleted'))
      void client.invalidateQueries({ queryKey: messageKeys.configs(kind) })
    },
  })
  return (
    <div className="flex flex-col gap-4 p-4">
      <div className="flex flex-wrap items-start gap-2">
        <div className="mr-auto">
          <h1 className="text-lg font-semibold">{t(kind === 'event' ? 'messages.setting.title' : 'messages.setting.customTitle')}</h1>
          <p className="text-sm text-muted-foreground">
            {t(kind === 'event' ? 'messages.setting.description' : 'messages.setting.customDescription')}
          </p>
        </div>
        {kind === 'custom' && canSend && (
          <Button variant="outline" onClick={() => setEditing({ draft: blank(kind), send: true })}>
            <Send /> {t('messages.centre.send')}
          </Button>
        )}
        {canAdd && (
          <Button onClick={() => setEditing({ draft: blank(kind) })}>
            <Plus /> {t('messages.setting.add')}
          </Button>
        )}
      </div>
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full text-sm">
          <thead className="bg-muted/50 text-left">
            <tr>
              <th className="px-3 py-2 font-medium">{t('messages.field.configName')}</th>
              {kind === 'event' && <th className="px-3 py-2 font-medium">{t('messages.field.eventCode')}</th>}
              <th className="px-3 py-2 font-medium">{t('messages.field.receivers')}</th>
              <th className="px-3 py-2 font-medium">{t('messages.field.channels')}</th>
              <th className="px-3 py-2 font-medium">{t('messages.field.status')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.data?.records.length === 0 && (
              <tr>
                <td colSpan={6} className="p-6 text-center text-muted-foreground">
                  {t('messages.setting.empty')}
                </td>
              </tr>
            )}
            {list.data?.records.map((c) => (
              <tr key={c.msgConfigId} className="border-t">
                <td className="px-3 py-2">{c.configName}</td>
                {kind === 'event' && <td className="px-3 py-2">{c.eventCode ? t(eventLabelKey(c.eventCode) as TKey) : ''}</td>}
                <td className="px-3 py-2">{c.receivers.map((r) => r.name).join(locale === 'zh' ? '、' : ', ')}</td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-1">
                    {c.channels.map((ch) => (
                      <Badge key={ch} variant="secondary">
                        {t(`messages.channel.${ch}`)}
                      </Badge>
                    ))}
                  </div>
                </td>
                <td className="px-3 py-2">{t(c.status ? 'messages.setting.on' : 'messages.setting.off')}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {kind === 'custom' && canSend && (
                    <Button size="sm" variant="ghost" onClick={() => setEditing({ draft: { ...c }, send: true })}>
                      <Send /> {t('messages.centre.send')}
                    </Button>
                  )}
                  {canEdit && (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t('messages.setting.edit')}
                      onClick={() => setEditing({ draft: { ...c } })}
                    >
                      <Pencil />
                    </Button>
                  )}
                  {canDelete && (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t('messages.setting.deleteConfirm', { name: c.configName })}
                      onClick={() =>
                        void confirmDelete(t('messages.setting.edit'), t('messages.setting.deleteConfirm', { name: c.configName })).then(
                          (yes) => yes && remove.mutate(c.msgConfigId),
                        )
                      }
                    >
                      <Trash2 />
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && <ConfigDialog kind={kind} base={base} draft={editing.draft} send={editing.send} onClose={() => setEditing(null)} />}
    </div>
  )
}

function ConfigDialog({
  kind,
  base,
  draft,
  send,
  onClose,
}: {
  kind: Kind
  base: string
  draft: Draft
  send?: boolean
  onClose: () => void
}) {
  const { t, locale } = useT()
  const client = useQueryClient()
  const [d, setD] = useState<Draft>(draft)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => {
    setD((x) => ({ ...x, [k]: v }))
    setErrors((e) => (e[k] ? { ...e, [k]: '' } : e))
  }
  const label = (f: string) => t(`messages.field.${f}` as TKey)
  const save = useMutation({
    mutationFn: async () => {
      const body = { ...d, webhookUrl: d.webhookUrl || undefined, remark: d.remark || undefined }
      if (send)
        return http.post(MSG_API.send, {
          msgConfigId: d.msgConfigId,
          receivers: d.receivers,
          channels: d.channels,
          titleZh: d.titleZh,
          titleEn: d.titleEn,
          contentZh: d.contentZh,
          contentEn: d.contentEn,
          webhookUrl: body.webhookUrl,
        })
      return d.msgConfigId ? http.put(`${base}/update`, body) : http.post(`${base}/add`, body)
    },
    onSuccess: () => {
      toast.success(t('messages.setting.saved'))
      void client.invalidateQueries({ queryKey: messageKeys.all() })
      onClose()
    },
    onError: (e: unknown) => {
      const data = (e as { data?: unknown }).data
      if (Array.isArray(data))
        setErrors(
          Object.fromEntries((data as { field: string; key?: string; message: string }[]).map((f) => [f.field.split('.')[0]!, f.message])),
        )
    },
  })
  const submit = () => {
    const schema = kind === 'event' ? msgConfigAdd : msgCustomAdd
    const input = send ? { ...d, configName: d.configName || 'x', eventCode: d.eventCode ?? 'account.pending' } : d
    const r = schema.safeParse({ ...input, msgConfigId: undefined, webhookUrl: d.webhookUrl || undefined, remark: d.remark || undefined })
    if (!r.success) {
      const errs: Record<string, string> = {}
      for (const i of r.error.issues) {
        const f = String(i.path[0] ?? '')
        errs[f] ??= errorText(i.message, locale, label(f))
      }
      setErrors(errs)
      return
    }
    setErrors({})
    save.mutate()
  }
  const fields = MSG_EVENT_FIELDS[d.eventCode ?? 'custom'].map((f) => `{${f}}`).join(' ')
  const err = (f: string) =>
    errors[f] ? (
      <p className="text-xs text-destructive" role="alert">
        {errors[f]}
      </p>
    ) : null
  const text = (f: 'configName' | 'titleZh' | 'titleEn' | 'webhookUrl') => (
    <label className="flex flex-col gap-1 text-sm">
      <span>{label(f)}</span>
      <Input value={d[f] ?? ''} onChange={(e) => set(f, e.target.value)} aria-invalid={!!errors[f]} />
      {err(f)}
    </label>
  )
  const area = (f: 'contentZh' | 'contentEn') => (
    <label className="flex flex-col gap-1 text-sm">
      <span>{label(f)}</span>
      <textarea
        className="min-h-16 rounded-md border bg-background p-2 text-sm"
        value={d[f]}
        onChange={(e) => set(f, e.target.value)}
        aria-invalid={!!errors[f]}
      />
      {err(f)}
    </label>
  )
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t(send ? 'messages.centre.send' : d.msgConfigId ? 'messages.setting.edit' : 'messages.setting.add')}</DialogTitle>
        </DialogHeader>
        <div className="grid gap-3 sm:grid-cols-2">
          {!send && text('configName')}
          {kind === 'event' && (
            <label className="flex flex-col gap-1 text-sm">
              <span>{label('eventCode')}</span>
              <select
                className="h-9 rounded-md border bg-background px-2"
                value={d.eventCode ?? ''}
                onChange={(e) => set('eventCode', e.target.value as Draft['eventCode'])}
              >
                {MSG_EVENTS.map((ev) => (
                  <option key={ev} value={ev}>
                    {t(eventLabelKey(ev) as TKey)}
                  </option>
                ))}
              </select>
              {err('eventCode')}
            </label>
          )}
          <fieldset className="flex flex-col gap-1 text-sm sm:col-span-2">
            <legend>{label('channels')}</legend>
            <div className="flex flex-wrap gap-3">
              {MSG_CHANNELS.map((ch) => (
                <label key={ch} className="flex items-center gap-1">
                  <input
                    type="checkbox"
                    checked={d.channels.includes(ch)}
                    disabled={ch === 'inApp'}
                    onChange={(e) => set('channels', e.target.checked ? [...d.channels, ch] : d.channels.filter((x) => x !== ch))}
                  />
                  {t(`messages.channel.${ch}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {d.channels.includes('webhook') && text('webhookUrl')}
          <div className="sm:col-span-2">
            <ReceiverPicker value={d.receivers} onChange={(v) => set('receivers', v)} />
            {err('receivers')}
          </div>
          {text('titleZh')}
          {text('titleEn')}
          {area('contentZh')}
          {area('contentEn')}
          <p className="text-xs text-muted-foreground sm:col-span-2">{t('messages.setting.placeholders', { fields })}</p>
          {!send && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={d.status === 1} onChange={(e) => set('status', e.target.checked ? 1 : 0)} />
              {t('messages.setting.on')}
            </label>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel' as TKey)}
          </Button>
          <Button onClick={submit} disabled={save.isPending}>
            {t(send ? 'messages.centre.send' : ('common.save' as TKey))}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** Receivers from the account tree (groups → their people; people by name) or by role; chosen ones as removable chips. */
function ReceiverPicker({ value, onChange }: { value: MsgReceiver[]; onChange: (v: MsgReceiver[]) => void }) {
  const { t } = useT()
  const [keyword, setKeyword] = useState('')
  const groups = useQuery(groupsQueryOptions())
  const people = useQuery(peopleQueryOptions(keyword))
  const roles = useQuery(rolesQueryOptions())
  const has = (type: MsgReceiver['type'], id: string) => value.some((r) => r.type === type && r.id === id)
  const toggle = (r: MsgReceiver) =>
    onChange(has(r.type, r.id) ? value.filter((x) => !(x.type === r.type && x.id === r.id)) : [...value, r])
  const option = (r: MsgReceiver, extra?: string) => (
    <label key={`${r.type}:${r.id}`} className="flex items-center gap-2 py-0.5">
      <input type="checkbox" checked={has(r.type, r.id)} onChange={() => toggle(r)} />
      <span>{r.name}</span>
      {extra && <span className="text-xs text-muted-foreground">{extra}</span>}
    </label>
  )
  return (
    <fieldset className="flex flex-col gap-2 text-sm">
      <legend>{t('messages.field.receivers')}</legend>
      <div className="flex min-h-8 flex-wrap gap-1" aria-live="polite">
        {value.length === 0 && <span className="text-muted-foreground">{t('messages.receivers.none')}</span>}
        {value.map((r) => (
          <Badge key={`${r.type}:${r.id}`} variant="secondary" className="gap-1">
            {t(`messages.receivers.types.${r.type}`)} · {r.name}
            <button type="button" aria-label={t('messages.receivers.remove', { name: r.name })} onClick={() => toggle(r)}>
              <X className="size-3" />
            </button>
          </Badge>
        ))}
      </div>
      <div className="grid gap-2 sm:grid-cols-3">
        <div className="max-h-44 overflow-y-auto rounded-md border p-2">
          <p className="mb-1 font-medium">{t('messages.receivers.people')}</p>
          <Input
            className="mb-1 h-8"
            placeholder={t('messages.receivers.search')}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value.trim())}
          />
          {(people.data ?? []).map((n) => option({ type: 'person', id: n.nodeId, name: n.nodeName }, n.nodeNameExt ?? undefined))}
        </div>
        <div className="max-h-44 overflow-y-auto rounded-md border p-2">
          <p className="mb-1 font-medium">{t('messages.receivers.groups')}</p>
          {(groups.data ?? []).map((n) =>
            option({ type: 'group', id: n.nodeId, name: n.nodeName }, t('messages.receivers.count', { n: n.count ?? 0 })),
          )}
        </div>
        <div className="max-h-44 overflow-y-auto rounded-md border p-2">
          <p className="mb-1 font-medium">{t('messages.receivers.roles')}</p>
          {(roles.data ?? []).map((r) =>
            option({ type: 'role', id: r.roleId, name: r.roleName }, t('messages.receivers.count', { n: r.memberCount })),
          )}
        </div>
      </div>
    </fieldset>
  )
}
