/**
 * The message settings an installation starts with (issue 33), demo or not: one enabled
 * configuration per business event (MSG_EVENTS), in-app, with zh and en templates that use only
 * the event's placeholders (MSG_EVENT_FIELDS), owned by the platform administrator's unit (none on
 * a real deployment: the platform's). Without them a registration told nobody until someone
 * configured 消息设置. A missing value renders cleanly (fanout.ts `render`): a unit in 【】 or [ ]
 * is left out with its brackets. Idempotent: a configuration of that name in that unit is kept.
 */
import { newId } from '../../src/contract/ids'
import { MSG_EVENTS, type MsgEvent, type MsgReceiver } from '../../src/contract/schemas/message'
import type { Db } from '../db/client'
import * as t from '../db/schema'
import { SEED_STAMP } from './rows'

interface Setting {
  configName: string
  titleZh: string
  titleEn: string
  contentZh: string
  contentEn: string
}

export const MESSAGE_SETTINGS: Record<MsgEvent, Setting> = {
  'account.pending': {
    configName: '账号待审核通知',
    titleZh: '账号待审核：{accountName}',
    titleEn: 'Account awaiting audit: {accountName}',
    contentZh: '{userName}（{accountName}）【{organizationName}】注册了账号，请在用户审核中审核。',
    contentEn: '{userName} ({accountName}) [{organizationName}] registered an account; review it in User audit.',
  },
  'account.stopped': {
    configName: '账号停用或到期提醒',
    titleZh: '账号{reason}：{accountName}',
    titleEn: 'Account {reason}: {accountName}',
    contentZh: '{userName}（{accountName}）{reason}。',
    contentEn: '{userName} ({accountName}): {reason}.',
  },
  'terminal.applied': {
    configName: '终端申请待授权',
    titleZh: '终端申请：{terminalName}',
    titleEn: 'Terminal applied: {terminalName}',
    contentZh: '{accountName} 申请在终端「{terminalName}」上使用，请授权或拒绝。',
    contentEn: '{accountName} applied to use the terminal “{terminalName}”; authorise or reject it.',
  },
  'invite.completed': {
    configName: '邀请完成通知',
    titleZh: '邀请已完成：{userName}',
    titleEn: 'Invitation completed: {userName}',
    contentZh: '{userName}【{organizationName}】已通过邀请提交信息，请及时查看。',
    contentEn: '{userName} [{organizationName}] submitted their details through an invitation; please check them.',
  },
  'offline.conflict': {
    configName: '离线编辑冲突',
    titleZh: '离线编辑冲突：{entity}',
    titleEn: 'Offline edit conflicted: {entity}',
    contentZh: '{accountName} 离线所做的修改与他人的修改冲突，已在其同步中心等待处理。',
    contentEn: 'An offline edit by {accountName} met someone else’s change; it waits in their sync centre.',
  },
  'workflow.task': {
    configName: '流程待办通知',
    titleZh: '待办：{title}',
    titleEn: 'To do: {title}',
    contentZh: '{starterName} 发起的「{title}」到达节点「{taskName}」，请在流程查询中办理。',
    contentEn: '“{title}”, started by {starterName}, waits for you at “{taskName}”; handle it in Workflow query.',
  },
  'workflow.cc': {
    configName: '流程抄送通知',
    titleZh: '抄送：{title}',
    titleEn: 'Copied to you: {title}',
    contentZh: '{starterName} 发起的「{title}」（节点「{taskName}」）抄送给您。',
    contentEn: '“{title}”, started by {starterName} (at “{taskName}”), was copied to you.',
  },
}

/** Writes the settings of every event for `organizationId` (null: the platform's), each to its receivers. */
export async function seedMessageSettings(
  tx: Db,
  organizationId: string | null,
  receivers: (event: MsgEvent) => MsgReceiver[],
): Promise<void> {
  await tx
    .insert(t.msgConfig)
    .values(
      MSG_EVENTS.map((eventCode) => ({
        msgConfigId: newId(),
        kind: 'event',
        eventCode,
        status: 1,
        channels: ['inApp'],
        receivers: receivers(eventCode),
        organizationId,
        ...MESSAGE_SETTINGS[eventCode],
        ...SEED_STAMP,
      })),
    )
    .onConflictDoNothing()
}
