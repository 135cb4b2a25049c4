import { readdirSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { hasKey, loadBothLanguages, loadTexts, localeStore, longDate, setLocale, t, translate } from './index'
import { LAZY_NAMESPACES, lazyCatalogue, messages } from './messages'

describe('texts by area', () => {
  it('has every namespace either in the entry or loadable with its area, in each language as its module has it', async () => {
    const files = readdirSync(new URL('./locales', import.meta.url))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.replace(/\.ts$/, ''))
    for (const f of files) expect((LAZY_NAMESPACES as readonly string[]).includes(f) || f in messages.zh, f).toBe(true)
    const modules = import.meta.glob<{ zh: unknown; en: unknown }>('./locales/*.ts')
    for (const ns of LAZY_NAMESPACES) {
      const module = await modules[`./locales/${ns}.ts`]!()
      expect(await lazyCatalogue('zh', ns), ns).toEqual(module.zh)
      expect(await lazyCatalogue('en', ns), ns).toEqual(module.en)
    }
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
    expect(translate('en', 'people.entity')).toBe('people.entity') // only the language shown is loaded
  })

  it('loads the other language of the entry and of every loaded namespace before it switches', async () => {
    await loadTexts('crud')
    expect('crud' in messages.en).toBe(false)
    expect('common' in messages.en).toBe(false)
    const switched = setLocale('en')
    expect(localeStore.get()).toBe('zh') // not before its texts are in
    await switched
    expect(localeStore.get()).toBe('en')
    expect(t('auth.relogin.submit')).toBe('Continue')
    expect(t('crud.filters')).toBe('Filters')
    expect(t('workSites.description')).toMatch(/^[A-Z]/)
    await setLocale('zh')
    expect(t('crud.filters')).toBe('筛选')
  })

  it('shows the language chosen last when a switch is still loading', async () => {
    await loadTexts('files')
    const toEn = setLocale('en') // en's files catalogue is not loaded yet
    const back = setLocale('zh')
    await Promise.all([toEn, back])
    expect(localeStore.get()).toBe('zh')
  })
})

describe('longDate', () => {
  beforeAll(() => loadBothLanguages())

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
