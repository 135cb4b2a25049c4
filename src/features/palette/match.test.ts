import { describe, expect, it } from 'vitest'
import { matchScore, namesWords, rank } from './match'

const page = (zh: string, en: string, groupZh = '', groupEn = '') => ({
  id: zh,
  words: namesWords(zh, en),
  context: namesWords(groupZh, groupEn),
})

describe('palette matching', () => {
  const pages = [
    page('单位管理', 'Organisations', '组织机构', 'Organisation'),
    page('角色管理', 'Roles', '系统管理', 'System'),
    page('项目总览', 'Project overview', '项目管理', 'Projects'),
    page('组织机构图', 'Org chart'),
  ]

  it('finds by Chinese name, English name and pinyin initials', () => {
    expect(rank('角色', pages).map((p) => p.id)).toEqual(['角色管理'])
    expect(rank('roles', pages).map((p) => p.id)).toEqual(['角色管理'])
    expect(rank('jsgl', pages).map((p) => p.id)).toEqual(['角色管理'])
    expect(rank('XMZL', pages).map((p) => p.id)).toEqual(['项目总览'])
  })

  it('ranks an own name above its group’s, and an exact match above a prefix', () => {
    // 组织机构图 is itself named so; 单位管理 only sits in the 组织机构 group
    expect(rank('zzjg', pages).map((p) => p.id)).toEqual(['组织机构图', '单位管理'])
    expect(matchScore('项目总览', pages[2]!)).toBeGreaterThan(matchScore('项目', pages[2]!))
  })

  it('shows everything for no text and nothing for a text nothing holds', () => {
    expect(rank('  ', pages)).toHaveLength(4)
    expect(rank('zzzz', pages)).toEqual([])
  })
})
