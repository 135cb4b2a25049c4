/** Templates use only their event's placeholders (issue 33): the one schema the console's form and the gateway use. */
import { describe, expect, it } from 'vitest'
import { validationText } from '../validation'
import { msgConfigAdd, msgCustomAdd, sendBody } from './message'

const base = {
  configName: '配置',
  channels: [],
  receivers: [{ type: 'role', id: '01a210c6-4e39-7213-a37c-1cda2d10c26d', name: '系统管理员' }],
  titleZh: '标题',
  titleEn: 'Title',
  contentZh: '内容',
  contentEn: 'Content',
}
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message])

describe('template placeholders', () => {
  it("accepts the event's own placeholders", () => {
    const ok = msgConfigAdd.safeParse({ ...base, eventCode: 'account.pending', titleZh: '{accountName}{userName}{organizationName}' })
    expect(ok.success).toBe(true)
    expect(sendBody.safeParse({ ...base, contentEn: 'From {senderName}' }).success).toBe(true)
  })

  it('refuses another on its text, with the unknown one and the available ones, in zh and en', () => {
    const r = msgConfigAdd.safeParse({ ...base, eventCode: 'terminal.applied', titleZh: '{terminalName}', contentEn: '{userName} {x}' })
    expect(issues(r)).toEqual([['contentEn', 'v.placeholder:{userName}|{terminalName} {accountName}']])
    const key = issues(r)[0]![1] as string
    expect(validationText(key, 'zh', '英文内容')).toBe('英文内容含有不可用的占位符 {userName}，可用的占位符：{terminalName} {accountName}')
    expect(validationText(key, 'en', 'Content (English)')).toBe(
      'Content (English) has a placeholder that is not available: {userName}; available: {terminalName} {accountName}',
    )
    expect(issues(msgCustomAdd.safeParse({ ...base, titleEn: 'Hi {accountName}' }))).toEqual([
      ['titleEn', 'v.placeholder:{accountName}|{senderName}'],
    ])
    expect(issues(sendBody.safeParse({ ...base, contentZh: '{reason}' }))).toEqual([['contentZh', 'v.placeholder:{reason}|{senderName}']])
  })
})
