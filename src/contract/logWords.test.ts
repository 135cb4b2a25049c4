import { describe, expect, it } from 'vitest'
import { PAGES } from './catalogue'
import { actionWord, eventWord, menuWord, operationWords, outcomeWord, placeWord, systemActionWord } from './logWords'

describe('the logs’ words', () => {
  it('an operation by what the route did, in both languages; a client-reported click says so', () => {
    expect(actionWord({ op: 'add', action: '发布' }, 'zh')).toBe('新增')
    expect(actionWord({ op: 'add' }, 'en')).toBe('Add')
    expect(actionWord({ op: null, action: '旧的名称', method: 'POST' }, 'en')).toBe('旧的名称')
    expect(actionWord({ op: null, action: null, method: 'POST' }, 'zh')).toBe('提交')
    expect(actionWord({ op: 'authorize', method: 'CLICK' }, 'zh')).toBe('点击（客户端上报） · 授权')
  })
  it('every function of the catalogue has one Chinese name (the words take it from there) and an English one', () => {
    const names = new Map<string, Set<string>>()
    for (const p of PAGES)
      for (const [fn, zh] of Object.entries(p.fns as Record<string, string>)) names.set(fn, (names.get(fn) ?? new Set()).add(zh))
    for (const [fn, zh] of names) {
      expect([...zh], fn).toHaveLength(1)
      expect(operationWords(fn), fn).toEqual({ zh: [...zh][0], en: expect.stringMatching(/^[A-Z]/) })
    }
    expect(operationWords('nothing')).toBeUndefined()
  })
  it('the menu by its catalogue path, else as stored', () => {
    expect(menuWord({ menuPath: '/admin/app-manage', menuName: null }, 'zh')).toBe('应用管理')
    expect(menuWord({ menuPath: '/admin/app-manage', menuName: null }, 'en')).toBe('Applications')
    expect(menuWord({ menuPath: null, menuName: '旧菜单' }, 'en')).toBe('旧菜单')
  })
  it('the outcome: 成功, or 失败 with the code’s text', () => {
    expect(outcomeWord(10000, 'zh')).toBe('成功')
    expect(outcomeWord(20120, 'en')).toBe('Succeeded')
    expect(outcomeWord(20006, 'zh')).toBe('失败：数据重复')
    expect(outcomeWord(20008, 'en')).toBe('Failed: The record was changed by someone else')
    expect(outcomeWord(null, 'zh')).toBe('失败')
  })
  it('system events, the gateway’s work and places', () => {
    expect(eventWord('permission_refused', 'en')).toBe('Access refused')
    expect(eventWord('something_new', 'zh')).toBe('something_new')
    expect(systemActionWord({ event: 'work', action: 'logs.partitions' }, 'zh')).toBe('日志分区维护')
    expect(systemActionWord({ event: 'work', action: 'import:unitProject' }, 'en')).toBe('Import job')
    expect(systemActionWord({ event: 'permission_refused', action: 'export' }, 'zh')).toBe('导出')
    expect(placeWord('loopback', 'zh')).toBe('本机')
    expect(placeWord(null, 'zh')).toBeNull()
  })
})
