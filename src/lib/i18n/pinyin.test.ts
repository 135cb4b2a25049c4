import { pinyin } from 'pinyin-pro'
import { describe, expect, it } from 'vitest'
import { CATALOGUE } from '@/contract/catalogue'
import { pinyinInitials } from './pinyin'

/** A dictionary's initials, character by character. */
const dictionary = (text: string) =>
  [...text]
    .map((ch) => (/[\u4e00-\u9fa5]/.test(ch) ? pinyin(ch, { pattern: 'first', toneType: 'none' }) : /[a-z0-9]/i.test(ch) ? ch : ''))
    .join('')
    .toLowerCase()

describe('pinyinInitials', () => {
  it('reads the initials of Chinese text, keeps letters and digits, drops the rest', () => {
    expect(pinyinInitials('组织机构')).toBe('zzjg')
    expect(pinyinInitials('单位管理')).toBe('dwgl')
    expect(pinyinInitials('WBS-EBS关联配置')).toBe('wbsebsglpz')
    expect(pinyinInitials('新建项目')).toBe('xjxm')
    expect(pinyinInitials('')).toBe('')
  })

  it('agrees with a pinyin dictionary on every name of the catalogue', () => {
    const names = CATALOGUE.flatMap((e) => ('pages' in e ? [e.name, ...e.pages.map((p) => p.name)] : [e.name]))
    expect(names.length).toBeGreaterThan(40)
    for (const name of names) expect(pinyinInitials(name), name).toBe(dictionary(name))
  })
})
