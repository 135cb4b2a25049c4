/** Rendering a template (issue 33): values by language; a value the event lacks never shows as `{x}` or as empty brackets. */
import { describe, expect, it } from 'vitest'
import { MISSING, render } from './fanout'

describe('render', () => {
  it('puts the values in, a per-language value in its language', () => {
    const values = { accountName: 'lisi', userName: '李四', reasonZh: '已被admin停用', reasonEn: 'stopped by admin' }
    expect(render('{userName}（{accountName}）{reason}', values, 'zh')).toBe('李四（lisi）已被admin停用')
    expect(render('{userName} ({accountName}): {reason}', values, 'en')).toBe('李四 (lisi): stopped by admin')
    expect(render('数量 {n}', { n: 0 }, 'zh')).toBe('数量 0')
  })

  it('drops a missing value with the brackets around it (and the space before them)', () => {
    const values = { userName: '张三', organizationName: '' }
    expect(render('{userName}（{organizationName}）注册了账号', values, 'zh')).toBe('张三注册了账号')
    expect(render('{userName} ({organizationName}) registered', values, 'en')).toBe('张三 registered')
    expect(render('终端「{terminalName}」申请', {}, 'zh')).toBe('终端申请')
    expect(render('{userName}【{organizationName}】', { userName: '张三', organizationName: null }, 'zh')).toBe('张三')
    expect(render('An edit of “{entity}” conflicted', { entity: '   ' }, 'en')).toBe('An edit of conflicted')
  })

  it('shows a bare missing value, or a placeholder the event does not have, as a dash', () => {
    expect(render('邀请已完成：{userName}，{organizationName}', { userName: '王五' }, 'zh')).toBe(`邀请已完成：王五，${MISSING}`)
    expect(render('Hello {nobody}', {}, 'en')).toBe(`Hello ${MISSING}`)
    expect(render('{a}{b}', {}, 'en')).not.toMatch(/[{}]/)
  })

  it('keeps brackets that hold a value or text', () => {
    expect(render('（{userName}）', { userName: '赵六' }, 'zh')).toBe('（赵六）')
    expect(render('(see {userName} and more)', {}, 'en')).toBe(`(see ${MISSING} and more)`)
    expect(render('（备注）', {}, 'zh')).toBe('（备注）')
  })
})
