/** The entry's namespaces in English: a chunk of their own, loaded when en is shown (./messages). */
import common from './locales/en/common.json'
import auth from './locales/en/auth.json'
import shell from './locales/en/shell.json'
import pwa from './locales/en/pwa.json'
import { entryTexts } from './entryTexts'

export const en = entryTexts('en', { common, auth, shell, pwa })
