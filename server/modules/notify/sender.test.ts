import { describe, expect, it } from 'vitest'
import { mailOf, smsText } from './sender'

describe('verification texts', () => {
  it('writes the SMS and the mail in the requester language with the purpose and validity', () => {
    const zh = { target: 'a@b.cn', code: '123456', purpose: 'bindEmail' as const, lang: 'zh' as const, minutes: 10 }
    expect(smsText({ ...zh, target: '13800000000', purpose: 'forgot' })).toBe(
      '【工程协同管理平台】您的验证码为123456，用于找回密码，10分钟内有效。如非本人操作，请忽略本短信。',
    )
    const mail = mailOf(zh)
    expect(mail).toMatchObject({ to: 'a@b.cn', subject: '工程协同管理平台验证码：123456' })
    expect(mail.text).toContain('您正在绑定邮箱')
    expect(mail.html).toContain('<strong style="font-size:20px;letter-spacing:2px">123456</strong>')
    const en = mailOf({ ...zh, lang: 'en', purpose: 'register' })
    expect(en.subject).toBe('Trestle verification code: 123456')
    expect(en.text).toContain('for registering your account is: 123456')
  })
})
