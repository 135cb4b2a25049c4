import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { hasKey, loadTexts, longDate, t, translate } from './index'
import { lazyTexts, messages } from './messages'

describe('texts by area', () => {
  it('has every locale file either in the entry or loadable with its area', () => {
    const files = readdirSync(new URL('./locales', import.meta.url)).map((f) => f.replace(/\.ts$/, ''))
    const loadable = Object.values(lazyTexts).map((load) => /locales\/(\w+)/.exec(String(load))?.[1])
    for (const f of files) expect(loadable.includes(f) || f in messages.zh, f).toBe(true)
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
