/**
 * 消息设置 (/admin/message-setting) and 自定义消息配置 (/admin/message-custom-config): the
 * configurations of one kind on the shared list machinery (filters in the URL, sort, paging,
 * export, add / edit / delete by function) — business event (settings only), channels (in-app
 * always), receivers from the account tree (groups with their people counted, opened to their
 * people) or by role, templates in zh and en — and, for custom messages, sending one by hand.
 * 消息设置 has a second tab, 发送服务: the mail and SMS services (./DeliveryServices.tsx).
 * Validation is the contract's schema; the gateway's 20001 shows on the field.
 */
import { useState } from 'react'
import { useController, useFormContext, useWatch } from 'react-hook-form'
import { Send } from 'lucide-react'
import { STATUS } from '@/contract'
import { fieldOf } from '@/contract/fields'
import { MSG_CONFIG_FIELDS, MSG_TEXT_FIELDS } from '@/contract/fields/message'
import {
  MSG_API,
  MSG_CHANNELS,
  MSG_EVENT_FIELDS,
  MSG_EVENTS,
  sendBody,
  type MsgChannel,
  type MsgConfig,
  type MsgEvent,
  type SendBody,
} from '@/contract/schemas/message'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { ListPage, RowAction, textColumn, timeColumn, type FilterField, type ListColumn } from '@/lib/crud'
import { ActionDialog, DeclaredField, DeclaredFields, FieldError, FormField, FormGrid, useActionForm } from '@/lib/crud/forms'
import { http } from '@/lib/http'
import { ScreenHeader } from '@/lib/pages'
import { useT, type TKey } from '@/lib/i18n'
import { eventLabelKey } from '@/lib/messages'
import { useCan } from '@/lib/permissions'
import { DeliveryServices } from './DeliveryServices'
import { ReceiverPicker } from './ReceiverPicker'
import { msgConfigResource, msgCustomResource } from './resource'

type Kind = 'event' | 'custom'

/** 消息设置: the event configurations, and the delivery services (发送服务) in a second tab. */
export function MessageSettingPage() {
  const { t } = useT()
  const [tab, setTab] = useState<'events' | 'delivery'>('events')
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <ScreenHeader description={t('messages.setting.description')} />
      <Tabs value={tab} onValueChange={(v) => setTab(v as 'events' | 'delivery')} className="flex min-w-0 flex-col gap-3">
        <TabsList className="self-start">
          <TabsTrigger value="events">{t('messages.supplier.eventsTab')}</TabsTrigger>
          <TabsTrigger value="delivery">{t('messages.supplier.tab')}</TabsTrigger>
        </TabsList>
        <TabsContent value="events" className="mt-0">
          <ConfigList kind="event" headerless />
        </TabsContent>
        <TabsContent value="delivery" className="mt-0">
          <DeliveryServices />
        </TabsContent>
      </Tabs>
    </div>
  )
}
export const MessageCustomConfigPage = () => <ConfigList kind="custom" />

function ConfigList({ kind, headerless }: { kind: Kind; headerless?: boolean }) {
  const { t, locale } = useT()
  const canSend = useCan('/admin/message-custom-config', 'send')
  const [sending, setSending] = useState<{ config: MsgConfig | null } | null>(null)
  const eventLabel = (ev: string | null) => (ev ? t(eventLabelKey(ev) as TKey) : '')
  const statusLabel = (s: number) => t(s === STATUS.active ? 'messages.setting.on' : 'messages.setting.off')
  const channelsText = (r: MsgConfig) => r.channels.map((ch) => t(`messages.channel.${ch}`)).join(locale === 'zh' ? '、' : ', ')
  const receiversText = (r: MsgConfig) =>
    r.receivers.map((x) => `${t(`messages.receivers.types.${x.type}`)} · ${x.name}`).join(locale === 'zh' ? '、' : ', ')

  const filters: FilterField[] = [
    { name: 'configName', label: t('messages.field.configName') },
    ...(kind === 'event'
      ? [
          {
            name: 'eventCode',
            label: t('messages.field.eventCode'),
            kind: 'select' as const,
            options: MSG_EVENTS.map((ev) => ({ value: ev, label: eventLabel(ev) })),
          },
        ]
      : []),
    {
      name: 'status',
      label: t('messages.field.status'),
      kind: 'select',
      options: [STATUS.active, STATUS.stopped].map((s) => ({ value: s, label: statusLabel(s) })),
    },
  ]

  const columns: ListColumn<MsgConfig>[] = [
    {
      key: 'configName',
      header: t('messages.field.configName'),
      sortable: true,
      cell: (r) => <span className="font-medium">{r.configName}</span>,
    },
    ...(kind === 'event' ? [textColumn('eventCode', t('messages.field.eventCode'), (r: MsgConfig) => eventLabel(r.eventCode))] : []),
    {
      key: 'receivers',
      header: t('messages.field.receivers'),
      className: 'max-w-[18rem] truncate',
      cell: (r) => <span title={receiversText(r)}>{r.receivers.map((x) => x.name).join(locale === 'zh' ? '、' : ', ') || '--'}</span>,
      exportValue: receiversText,
    },
    {
      key: 'channels',
      header: t('messages.field.channels'),
      cell: (r) => (
        <span className="flex flex-wrap gap-1">
          {r.channels.map((ch) => (
            <Badge key={ch} variant="secondary">
              {t(`messages.channel.${ch}`)}
            </Badge>
          ))}
        </span>
      ),
      exportValue: channelsText,
    },
    {
      key: 'status',
      header: t('messages.field.status'),
      cell: (r) => <Badge variant={r.status === STATUS.active ? 'success' : 'secondary'}>{statusLabel(r.status)}</Badge>,
      exportValue: (r) => statusLabel(r.status),
    },
    {
      key: 'organizationName',
      header: t('messages.field.organization'),
      cell: (r) => r.organizationName ?? '--',
    },
    timeColumn('updateTime', t('messages.field.updateTime'), { sortable: true }),
  ]

  return (
    <>
      <ListPage
        resource={kind === 'event' ? msgConfigResource : msgCustomResource}
        title={t(kind === 'event' ? 'messages.setting.title' : 'messages.setting.customTitle')}
        description={t(kind === 'event' ? 'messages.setting.description' : 'messages.setting.customDescription')}
        headerless={headerless}
        filters={filters}
        columns={columns}
        toolbar={
          kind === 'custom' && canSend ? (
            <Button variant="outline" onClick={() => setSending({ config: null })}>
              <Send aria-hidden /> {t('messages.centre.send')}
            </Button>
          ) : undefined
        }
        rowActions={
          kind === 'custom' && canSend
            ? (r) => <RowAction icon={<Send aria-hidden />} label={t('messages.centre.send')} onClick={() => setSending({ config: r })} />
            : undefined
        }
        form={{
          size: 'xl',
          defaults: {
            status: STATUS.active,
            channels: ['inApp'],
            receivers: [],
            ...(kind === 'event' ? { eventCode: 'account.pending' } : {}),
          },
          render: () => (
            <DeclaredFields
              fields={MSG_CONFIG_FIELDS}
              own={{ webhookUrl: false }}
              before={{
                status: (
                  <>
                    {kind === 'event' && (
                      <FormField
                        name="eventCode"
                        label={t('messages.field.eventCode')}
                        kind="select"
                        required
                        options={MSG_EVENTS.map((ev) => ({ value: ev, label: eventLabel(ev) }))}
                      />
                    )}
                    <TemplateFields />
                  </>
                ),
              }}
            />
          ),
        }}
      />
      {sending && <SendDialog config={sending.config} onClose={() => setSending(null)} />}
    </>
  )
}

/**
 * What a configuration and a hand-sent message share: channels (in-app always; a webhook asks for
 * its address), receivers, titles and contents in zh and en, and the placeholders the event offers.
 */
function TemplateFields() {
  const { t } = useT()
  const channels = (useWatch({ name: 'channels' }) as MsgChannel[] | undefined) ?? []
  // a custom configuration has no event: null, which the form holds as ''
  const eventCode = (useWatch({ name: 'eventCode' }) as MsgEvent | '' | undefined) || 'custom'
  const fields = MSG_EVENT_FIELDS[eventCode].map((f) => `{${f}}`).join(' ')
  return (
    <>
      <ChannelsField />
      {channels.includes('webhook') && <DeclaredField field={fieldOf(MSG_CONFIG_FIELDS, 'webhookUrl')} required />}
      <div className="sm:col-span-2">
        <ReceiversField />
      </div>
      {MSG_TEXT_FIELDS.map((f) => (
        <DeclaredField key={f.key} field={f} />
      ))}
      <p className="text-xs text-muted-foreground sm:col-span-2">{t('messages.setting.placeholders', { fields })}</p>
    </>
  )
}

function ChannelsField() {
  const { t } = useT()
  const { control } = useFormContext()
  const { field } = useController({ name: 'channels', control })
  const value = (field.value as MsgChannel[] | undefined) ?? []
  return (
    <fieldset className="flex flex-col gap-1.5 text-sm sm:col-span-2">
      <legend className="mb-1.5 font-medium">{t('messages.field.channels')}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {MSG_CHANNELS.map((ch) => (
          <label key={ch} className="flex min-h-9 items-center gap-2">
            <Checkbox
              checked={value.includes(ch)}
              disabled={ch === 'inApp'}
              onCheckedChange={(c) => field.onChange(c ? [...value, ch] : value.filter((x) => x !== ch))}
            />
            {t(`messages.channel.${ch}`)}
          </label>
        ))}
      </div>
      <FieldError name="channels" label={t('messages.field.channels')} />
    </fieldset>
  )
}

function ReceiversField() {
  const { t } = useT()
  const { control } = useFormContext()
  const { field, fieldState } = useController({ name: 'receivers', control })
  return (
    <>
      <ReceiverPicker value={(field.value as MsgConfig['receivers']) ?? []} onChange={field.onChange} invalid={!!fieldState.error} />
      <FieldError name="receivers" label={t('messages.field.receivers')} choice />
    </>
  )
}

/** Sends a message by hand: from a custom configuration (its receivers and texts as defaults) or from scratch. */
function SendDialog({ config, onClose }: { config: MsgConfig | null; onClose: () => void }) {
  const { t } = useT()
  const action = useActionForm<SendBody>({
    schema: sendBody,
    defaultValues: {
      msgConfigId: config?.msgConfigId,
      receivers: config?.receivers ?? [],
      channels: config?.channels ?? ['inApp'],
      titleZh: config?.titleZh ?? '',
      titleEn: config?.titleEn ?? '',
      contentZh: config?.contentZh ?? '',
      contentEn: config?.contentEn ?? '',
      webhookUrl: config?.webhookUrl ?? undefined,
    },
    action: (values) => http.post(MSG_API.send, values),
    success: t('messages.centre.sent'),
    onDone: onClose,
  })
  return (
    <ActionDialog
      open
      onClose={onClose}
      title={t('messages.centre.send')}
      description={config?.configName}
      action={action}
      submitText={t('messages.centre.send')}
      className="max-h-[90vh] overflow-y-auto sm:max-w-3xl"
    >
      <FormGrid>
        <TemplateFields />
      </FormGrid>
    </ActionDialog>
  )
}
