/**
 * A message configuration's fields (declared once, issue 27): the form follows these lists, the schemas
 * (../schemas/message.ts) take their rules from them. The event, the channels and the receivers are
 * fields of the form's own (an event's label, checkboxes, the account tree).
 */
import { defineFields } from '../fields'

/** Business events that send messages (issue 15); `custom` is a message sent by hand. */
export const MSG_EVENTS = [
  'account.pending',
  'account.stopped',
  'terminal.applied',
  'invite.completed',
  'offline.conflict',
  'workflow.task',
  'workflow.cc',
] as const
export type MsgEvent = (typeof MSG_EVENTS)[number]

/** A template's texts in zh and en (a configuration's and a hand-sent message's), each checked against its event's placeholders. */
export const MSG_TEXT_FIELDS = defineFields('messages.field', [
  { key: 'titleZh', kind: 'text', max: 100, required: true, form: true },
  { key: 'titleEn', kind: 'text', max: 100, required: true, form: true },
  { key: 'contentZh', kind: 'text', max: 1000, multiline: true, required: true, form: { wide: false } },
  { key: 'contentEn', kind: 'text', max: 1000, multiline: true, required: true, form: { wide: false } },
])

export const MSG_CONFIG_FIELDS = defineFields('messages.field', [
  { key: 'configName', kind: 'text', max: 50, format: 'name', required: true, form: true },
  /** Asked for (and required) when the webhook channel is chosen. */
  { key: 'webhookUrl', kind: 'text', max: 500, form: { wide: true, placeholder: 'https://' } },
  { key: 'status', kind: 'switch', numeric: true, default: 1, form: true },
  { key: 'remark', kind: 'text', max: 200, multiline: true, form: true },
])
