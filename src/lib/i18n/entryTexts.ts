/** The entry's namespaces of a language put together (zh's catalogues are in the entry, en's in ./entryEn). */
import { codeMessages } from '@/contract/codes'
import { validationMessages } from '@/contract/validation'
import * as routes from './locales/routes'
import type * as commonTexts from './locales/common'
import type * as authTexts from './locales/auth'
import type * as shellTexts from './locales/shell'
import type * as pwaTexts from './locales/pwa'

export type Lang = 'zh' | 'en'
/** Validation texts (`v.required` …) and code texts (`codes.20003` …) come from the contract. */
const fromContract = <K extends string>(table: Record<K, { zh: string; en: string }>, lang: Lang, strip = '') =>
  Object.fromEntries(Object.entries<{ zh: string; en: string }>(table).map(([k, m]) => [k.slice(strip.length), m[lang]])) as Record<
    string,
    string
  >

/** The entry's namespaces in a language (the texts themselves given: zh's are in the entry, en's in ./entryEn). */
export const entryTexts = (
  lang: Lang,
  texts: { common: typeof commonTexts.zh; auth: typeof authTexts.zh; shell: typeof shellTexts.zh; pwa: typeof pwaTexts.zh },
) => ({
  ...texts,
  routes: routes[lang],
  v: fromContract(validationMessages, lang, 'v.'),
  codes: fromContract(codeMessages, lang),
})
