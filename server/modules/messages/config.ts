/**
 * Message configurations (SPEC §7 msgConfig): the resource pattern twice on one table — business
 * events (/admin/message-setting, kind `event`) and hand-sent messages
 * (/admin/message-custom-config, kind `custom`) — and the receivers' pickers (./receivers.ts).
 * A configuration belongs to the unit of the account that added it: listed, changed and deleted
 * within the caller's data scope (another unit's is 20002); its receivers are ones the caller may
 * address (20001 on `receivers`); its webhook is an address the gateway may call (20001 on
 * `webhookUrl`, server/lib/outbound.ts); its name is unique within its unit.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { eq } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { MenuPath } from '../../../src/contract/catalogue'
import {
  msgConfigAdd,
  msgConfigListQuery,
  msgConfigUpdate,
  msgCustomAdd,
  msgCustomUpdate,
  type MsgReceiver,
} from '../../../src/contract/schemas/message'
import type { Ctx } from '../../context'
import { msgConfig } from '../../db/schema'
import { requestLang } from '../../lib/http'
import { checkOutboundUrl } from '../../lib/outbound'
import { contains } from '../../lib/sql'
import { defineResource, registerResource, stampsOf } from '../../lib/resource'
import { unitNames } from '../org'
import { checkReceivers, grantedOrgIds, registerReceiverRoutes } from './receivers'
import texts from './texts.json'

const selection = {
  msgConfigId: msgConfig.msgConfigId,
  kind: msgConfig.kind,
  eventCode: msgConfig.eventCode,
  configName: msgConfig.configName,
  status: msgConfig.status,
  channels: msgConfig.channels,
  receivers: msgConfig.receivers,
  titleZh: msgConfig.titleZh,
  titleEn: msgConfig.titleEn,
  contentZh: msgConfig.contentZh,
  contentEn: msgConfig.contentEn,
  webhookUrl: msgConfig.webhookUrl,
  remark: msgConfig.remark,
  organizationId: msgConfig.organizationId,
  organizationName: unitNames.organizationName,
  ...stampsOf(msgConfig),
}

export function registerConfigRoutes(app: FastifyInstance, ctx: Ctx): void {
  /** What both kinds share: the owner unit (data scope), a name unique within it, receivers the caller may address. */
  const owned = {
    table: msgConfig,
    idField: 'msgConfigId',
    scopeField: 'organizationId',
    sortable: { createTime: msgConfig.createTime, configName: msgConfig.configName, updateTime: msgConfig.updateTime },
    defaultDesc: true,
    unique: [{ field: 'configName', within: ['organizationId'], message: texts.config.nameTaken }],
    selection,
    join: <T extends PgSelect>(q: T): T => q.leftJoin(unitNames, eq(unitNames.organizationId, msgConfig.organizationId)) as unknown as T,
    check: async (input: Record<string, unknown>, req: FastifyRequest) => {
      await checkReceivers(ctx.db, req, input.receivers as MsgReceiver[], await grantedOrgIds(ctx, req))
      await checkOutboundUrl(input.webhookUrl as string | null | undefined, ctx.config.webhookAllow, requestLang(req))
    },
  }

  /** One page's configurations: the rows of its kind by name (and `byEvent`) and status; what it adds is of its kind. */
  const registerKind = <A extends z.ZodType, U extends z.ZodType, M extends MenuPath>(
    kind: 'event' | 'custom',
    name: string,
    menu: M,
    schemas: { add: A; update: U },
    byEvent = false,
  ) =>
    registerResource(
      app,
      ctx,
      defineResource({
        ...owned,
        name,
        menu,
        schemas: { ...schemas, listQuery: msgConfigListQuery },
        filters: (q) => [
          eq(msgConfig.kind, kind),
          q.configName ? contains(msgConfig.configName, q.configName) : undefined,
          byEvent && q.eventCode ? eq(msgConfig.eventCode, q.eventCode) : undefined,
          q.status !== undefined ? eq(msgConfig.status, q.status) : undefined,
        ],
        onAdd: (values) => {
          values.kind = kind
          // a hand-sent message answers no business event
          if (kind === 'custom') values.eventCode = null
        },
      }),
    )

  registerKind('event', 'msgConfig', '/admin/message-setting', { add: msgConfigAdd, update: msgConfigUpdate }, true)
  registerKind('custom', 'msgCustomConfig', '/admin/message-custom-config', { add: msgCustomAdd, update: msgCustomUpdate })

  registerReceiverRoutes(app, ctx)
}
