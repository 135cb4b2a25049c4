import { resourcePaths } from '@/contract'
import type { MsgConfig } from '@/contract/schemas/message'
import { defineResource } from '@/lib/crud'
import { msgKeys } from '@/lib/messages'

const common = {
  idKey: 'msgConfigId' as const,
  entity: 'messages.entity' as const,
  nameOf: (r: MsgConfig) => r.configName,
  // the message centre's "send from a template" reads them too
  invalidates: [msgKeys.all()],
}

/** 消息设置: business event → receivers, channels, templates. */
export const msgConfigResource = defineResource<MsgConfig>({
  ...common,
  key: 'msgConfig',
  paths: resourcePaths('msgConfig'),
  schemas: () => import('@/contract/schemas/message').then((m) => ({ add: m.msgConfigAdd, update: m.msgConfigUpdate })),
})

/** 自定义消息配置: templates of messages sent by hand, with their default receivers. */
export const msgCustomResource = defineResource<MsgConfig>({
  ...common,
  key: 'msgCustomConfig',
  paths: resourcePaths('msgCustomConfig'),
  schemas: () => import('@/contract/schemas/message').then((m) => ({ add: m.msgCustomAdd, update: m.msgCustomUpdate })),
})
