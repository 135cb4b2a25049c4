import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { hasKey, loadTexts, longDate, t, translate } from './index'
import { lazyTexts, messages } from './messages'

describe('texts by area', () => {
  it('has every locale file either in the entry or loadable with its area', () => {
    const files = readdirSync(new URL('./locales', import.meta.url))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.replace(/\.ts$/, ''))
    const loadable = Object.values(lazyTexts).map((load) => /locales\/(\w+)/.exec(String(load))?.[1])
    for (const f of files) expect(loadable.includes(f) || f in messages.zh, f).toBe(true)
  })

  it('has the same texts in both catalogues of every namespace, none empty', async () => {
    const leaves = (node: unknown, path: string): string[] =>
      typeof node === 'string'
        ? [node.trim() ? path : `${path} (empty)`]
        : Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => leaves(v, `${path}.${k}`))
    const namespaces = import.meta.glob<{ zh: unknown; en: unknown }>('./locales/*.ts')
    expect(Object.keys(namespaces).length).toBeGreaterThan(20)
    for (const [file, load] of Object.entries(namespaces)) {
      const { zh, en } = await load()
      expect(leaves(en, file).sort(), file).toEqual(leaves(zh, file).sort())
    }
  })

  it('answers the entry texts at once and an area text once its chunk is loaded', async () => {
    expect(t('auth.relogin.submit')).not.toBe('auth.relogin.submit')
    expect(hasKey('workSites.description')).toBe(false) // not loaded yet: the key itself (and loading starts)
    await loadTexts('workSites', 'people')
    expect(hasKey('workSites.description')).toBe(true)
    expect(translate('zh', 'people.entity')).toBe('人员')
    expect(translate('en', 'people.entity')).not.toBe('people.entity')
  })
})

describe('longDate', () => {
  it('writes every day of a year as Intl does, in both languages', () => {
    const options = { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' } as const
    for (const [locale, tag] of [
      ['zh', 'zh-CN'],
      ['en', 'en-GB'],
    ] as const) {
      const intl = new Intl.DateTimeFormat(tag, options)
      for (let day = 0; day < 366; day++) {
        const date = new Date(2028, 0, 1 + day)
        expect(longDate(date, locale)).toBe(intl.format(date))
      }
    }
  })
})
