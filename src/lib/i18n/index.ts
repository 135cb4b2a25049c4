/**
 * Typed i18n: zh (default) and en. Messages live in ./locales/<lang>/<namespace>.json; each namespace's
 * ./locales/<namespace>.ts checks en against zh's shape, so a missing English text fails the typecheck.
 * Keys are dotted paths (`roles.title`); `{name}` placeholders are filled from params. Only the shown
 * language's catalogues are loaded (./messages): a switch loads the other's before it shows it.
 */
import { createStore } from '@/lib/store'
import { entryEn, LAZY_NAMESPACES, lazyCatalogue, messages, type LazyNamespace, type Messages } from './messages'

export type { LazyNamespace }

export type Locale = 'zh' | 'en'
export const LOCALES: readonly Locale[] = ['zh', 'en']
const STORAGE_KEY = 'trestle.locale'

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>
}[keyof T & string]

export type TKey = Leaves<Messages>
export type TParams = Record<string, string | number>

function initialLocale(): Locale {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY)
    if (saved === 'zh' || saved === 'en') return saved
  } catch {
    /* storage unavailable */
  }
  return 'zh'
}

export const localeStore = createStore<Locale>(initialLocale())

let switches = 0

/**
 * Shows the console in `locale` once its texts for what is on screen are in (the entry's and every
 * namespace loaded so far in either language); a failed load (offline before the worker cached them)
 * switches all the same: a missing text loads again when it is looked up.
 */
export async function setLocale(locale: Locale): Promise<void> {
  const turn = ++switches
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, locale)
  } catch {
    /* storage unavailable */
  }
  await localeTexts(locale, loadedNamespaces()).catch(() => undefined)
  if (turn !== switches) return // switched again meanwhile: the last choice wins
  if (typeof document !== 'undefined') document.documentElement.lang = locale === 'zh' ? 'zh-CN' : 'en'
  localeStore.set(locale)
}

/** Bumped when a catalogue arrives: `useT` re-renders with it. */
const textsVersion = createStore(0)
/** Catalogues loading or loaded, by `<lang>:<namespace>` (`<lang>:` for the entry's). */
const loading = new Map<string, Promise<void>>()

const isLazy = (ns: string): ns is LazyNamespace => (LAZY_NAMESPACES as readonly string[]).includes(ns)
const loadedNamespaces = () => LAZY_NAMESPACES.filter((ns) => ns in messages.zh || ns in messages.en)

/** Loads one catalogue once (the entry's when `ns` is empty); a failed chunk (offline, new deploy) may be asked again. */
function loadCatalogue(locale: Locale, ns: LazyNamespace | ''): Promise<void> {
  const id = `${locale}:${ns}`
  let p = loading.get(id)
  if (!p) {
    if (locale === 'zh' && ns === '') return Promise.resolve() // in the entry
    p = (ns === '' ? entryEn() : lazyCatalogue(locale, ns)).then(
      (texts) => {
        if (ns === '') Object.assign(messages[locale], texts)
        else messages[locale][ns] = texts
        textsVersion.set((n) => n + 1)
      },
      (error: unknown) => {
        loading.delete(id)
        throw error
      },
    )
    loading.set(id, p)
  }
  return p
}

/** The entry's texts and these namespaces in a language. */
function localeTexts(locale: Locale, namespaces: readonly LazyNamespace[]): Promise<void> {
  return Promise.all(['' as const, ...namespaces].map((ns) => loadCatalogue(locale, ns))).then(() => undefined)
}

/** Loads namespaces of an area in the language shown (each a chunk, once); resolves when all are in. */
export function loadTexts(...namespaces: readonly LazyNamespace[]): Promise<void> {
  return localeTexts(localeStore.get(), namespaces)
}

/** Loads namespaces in both languages (what matches words in either: the command palette). */
export function loadBothLanguages(...namespaces: readonly LazyNamespace[]): Promise<void> {
  return Promise.all(LOCALES.map((l) => localeTexts(l, namespaces))).then(() => undefined)
}

/** Resolves when the entry's texts of the language chosen are in (at once for zh): the first render waits for it. */
/** The document title: always the Chinese platform name, whatever the interface language. */
export const documentTitle = (): string => translate('zh', 'common.platformName')

export const localeReady = (): Promise<void> => loadCatalogue(localeStore.get(), '')

function lookup(locale: Locale, key: string): string | undefined {
  const ns = key.slice(0, Math.max(0, key.indexOf('.')))
  if (!(ns in messages[locale])) void loadCatalogue(locale, isLazy(ns) ? ns : '').catch(() => undefined)
  let node: unknown = messages[locale]
  for (const part of key.split('.')) {
    if (node && typeof node === 'object') node = (node as Record<string, unknown>)[part]
    else return undefined
  }
  return typeof node === 'string' ? node : undefined
}

export function format(template: string, params?: TParams): string {
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m))
}

/** Translates in a given locale; an unknown key (e.g. from the server) is returned as is. */
export function translate(locale: Locale, key: TKey | (string & {}), params?: TParams): string {
  return format(lookup(locale, key) ?? key, params)
}

/** Translates in the current locale (for code outside React). */
export function t(key: TKey, params?: TParams): string {
  return translate(localeStore.get(), key, params)
}

/** Whether a key exists (for data-driven keys such as route titles); both languages have the same keys. */
export function hasKey(key: string): key is TKey {
  return lookup(localeStore.get(), key) !== undefined
}

/** The current locale and a `t` bound to it; re-renders on switch. */
export function useT() {
  const locale = localeStore.use()
  textsVersion.use()
  return { locale, t: (key: TKey, params?: TParams) => translate(locale, key, params) }
}

const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** A date formatter for a console locale, made once: making one costs far more than using it. */
export function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const tag = locale === 'zh' ? 'zh-CN' : 'en-GB'
  const key = `${tag} ${JSON.stringify(options)}`
  let made = dateFormats.get(key)
  if (!made) dateFormats.set(key, (made = new Intl.DateTimeFormat(tag, options)))
  return made
}

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const

/**
 * A day written out as Intl writes it with `{ year, month: 'long', day, weekday: 'long' }` —
 * 2026年11月23日星期一, Monday, 23 November 2026 — but from the texts: a page's first
 * Intl.DateTimeFormat costs ~10 ms (~40 ms on a phone), and the home writes today's date in its
 * first render.
 */
export function longDate(date: Date, locale: Locale): string {
  return translate(locale, 'common.longDate', {
    year: date.getFullYear(),
    month: translate(locale, `common.month.${MONTHS[date.getMonth()]!}`),
    day: date.getDate(),
    weekday: translate(locale, `common.weekday.${WEEKDAYS[date.getDay()]!}`),
  })
}

/** The Accept-Language header for the gateway. */
export const acceptLanguage = (): string => (localeStore.get() === 'zh' ? 'zh-CN,zh;q=0.9' : 'en')
