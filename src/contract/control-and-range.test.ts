/**
 * DESIGN §3 "Bad input never reaches a fault", as the console's forms see it: the contract's text
 * rules refuse control characters and its integer rules the values an int4 column cannot hold,
 * with the same keys (and zh/en texts) the gateway answers.
 */
import { describe, expect, it } from 'vitest'
import { INT4_MAX, filterText, int, name, optionalText, sortCode, str, text, validationText } from './rules'
import { listQuery, version } from './schemas/common'
import { roleAdd } from './schemas/role'
import { updateInfoBody } from './schemas/personal'

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.map(String).join('.')}:${i.message}`)

describe('control characters', () => {
  it('single-line text, names, filters and bare strings refuse NUL and the other C0 characters', () => {
    for (const bad of ['a\u0000b', 'a\u0001b', 'a\tb', 'a\nb', 'a\u001fb', 'a\u007fb']) {
      expect(messages(text(50).safeParse(bad)), JSON.stringify(bad)).toEqual([':v.control'])
      expect(messages(name(50).safeParse(bad)), JSON.stringify(bad)).toEqual([':v.control'])
      expect(messages(filterText(50).safeParse(bad)), JSON.stringify(bad)).toEqual([':v.control'])
      expect(messages(str().safeParse(bad)), JSON.stringify(bad)).toEqual([':v.control'])
    }
    expect(text(50).parse('  中铁 A-1（二）  ')).toBe('中铁 A-1（二）')
    expect(filterText(50).parse(undefined)).toBeUndefined()
  })

  it('multi-line text (remarks) keeps tab and line breaks but refuses NUL', () => {
    expect(optionalText(200).parse('第一行\r\n第二行\t备注')).toBe('第一行\r\n第二行\t备注')
    expect(messages(optionalText(200).safeParse('a\u0000b'))).toEqual([':v.control'])
    expect(messages(optionalText(200).safeParse('a\u0007b'))).toEqual([':v.control'])
  })

  it('says so in zh and en', () => {
    expect(validationText('v.control', 'zh', '角色名称')).toBe('角色名称不能包含控制字符')
    expect(validationText('v.control', 'en', 'Role name')).toBe('Role name may not contain control characters')
  })
})

describe('integers within their column', () => {
  it('sort codes: 1 … 2147483647', () => {
    expect(sortCode().parse('2147483647')).toBe(INT4_MAX)
    expect(messages(sortCode().safeParse(2147483648))).toEqual([':v.tooLarge:2147483647'])
    expect(messages(sortCode().safeParse(0))).toEqual([':v.sort'])
    expect(messages(sortCode().safeParse(1.5))).toEqual([':v.sort'])
    expect(messages(sortCode().safeParse(Infinity))).toEqual([':v.invalid'])
    expect(messages(roleAdd.safeParse({ roleName: '项目经理', dataScope: 'own', sort: 2 ** 31 }))).toEqual(['sort:v.tooLarge:2147483647'])
  })

  it('versions: 0 … 2147483647', () => {
    expect(version().parse('7')).toBe(7)
    expect(messages(version().safeParse(2 ** 31))).toEqual([':v.tooLarge:2147483647'])
    expect(messages(version().safeParse(-1))).toEqual([':v.invalid'])
    expect(messages(version().safeParse(undefined))).toEqual([':v.required'])
    expect(messages(updateInfoBody.safeParse({ userName: '张三', version: 2 ** 31 }))).toEqual(['version:v.tooLarge:2147483647'])
  })

  it('paging: pageIndex within int4, pageSize ≤ 2000, so the offset fits', () => {
    expect(listQuery.parse({ pageIndex: String(INT4_MAX), pageSize: '2000' })).toMatchObject({ pageIndex: INT4_MAX, pageSize: 2000 })
    expect(messages(listQuery.safeParse({ pageIndex: '9007199254740991' }))).toEqual(['pageIndex:v.tooLarge:2147483647'])
    expect(messages(listQuery.safeParse({ pageSize: '2001' }))).toEqual(['pageSize:v.tooLarge:2000'])
    expect(messages(listQuery.safeParse({ pageIndex: '0' }))).toEqual(['pageIndex:v.invalid'])
    expect(Number.isSafeInteger((INT4_MAX - 1) * 2000)).toBe(true)
  })

  it('a custom range and its texts', () => {
    expect(messages(int({ min: 1, max: 10 }).safeParse(11))).toEqual([':v.tooLarge:10'])
    expect(validationText('v.tooLarge:2147483647', 'zh', '排序')).toBe('排序不能大于2147483647')
    expect(validationText('v.tooLarge:2147483647', 'en', 'Sort')).toBe('Sort may not be greater than 2147483647')
  })
})
