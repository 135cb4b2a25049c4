/**
 * The console's texts. The namespaces /login, the shell frame and the error dialogs show are in the
 * entry; every other namespace is its own chunk, loaded with the area that shows it (`loadTexts`,
 * awaited by the shell route and by a lazy screen whose feature exports `texts`). Until a namespace
 * is loaded a lookup answers nothing and starts loading it; `textsVersion` then re-renders.
 */
import { codeMessages } from '@/contract/codes'
import { validationMessages } from '@/contract/validation'
import * as common from './locales/common'
import * as auth from './locales/auth'
import * as shell from './locales/shell'
import * as routes from './locales/routes'
import * as pwa from './locales/pwa'
import type * as crudTexts from './locales/crud'
import type * as rolesTexts from './locales/roles'
import type * as appsTexts from './locales/apps'
import type * as workflowTexts from './locales/workflow'
import type * as tabulationTexts from './locales/tabulation'
import type * as filesTexts from './locales/files'
import type * as inviteTexts from './locales/invite'
import type * as peopleTexts from './locales/people'
import type * as organizationTexts from './locales/organization'
import type * as personalTexts from './locales/personal'
import type * as accountsTexts from './locales/accounts'
import type * as syncTexts from './locales/sync'
import type * as treeTexts from './locales/tree'
import type * as projectStructureTexts from './locales/projectStructure'
import type * as workSitesTexts from './locales/workSites'
import type * as dictionaryTexts from './locales/dictionary'
import type * as dataDictionaryTexts from './locales/dataDictionary'
import type * as projectsTexts from './locales/projects'
import type * as projectInitTexts from './locales/projectInit'
import type * as terminalsTexts from './locales/terminals'
import type * as logsTexts from './locales/logs'
import type * as dashboardTexts from './locales/dashboard'
import type * as msgTexts from './locales/messages'
import type * as attributesTexts from './locales/attributes'
import type * as paletteTexts from './locales/palette'
import type * as signInTexts from './locales/signIn'
import type * as signUpTexts from './locales/signUp'

/** Validation texts (`v.required` …) and code texts (`codes.20003` …) come from the contract. */
const fromContract = <K extends string>(table: Record<K, { zh: string; en: string }>, lang: 'zh' | 'en', strip = '') =>
  Object.fromEntries(Object.entries<{ zh: string; en: string }>(table).map(([k, m]) => [k.slice(strip.length), m[lang]])) as Record<
    string,
    string
  >

/** Namespaces loaded with their area (one chunk each). */
export const lazyTexts = {
  crud: () => import('./locales/crud'),
  roles: () => import('./locales/roles'),
  apps: () => import('./locales/apps'),
  people: () => import('./locales/people'),
  files: () => import('./locales/files'),
  invite: () => import('./locales/invite'),
  organization: () => import('./locales/organization'),
  personal: () => import('./locales/personal'),
  accounts: () => import('./locales/accounts'),
  sync: () => import('./locales/sync'),
  tree: () => import('./locales/tree'),
  projectStructure: () => import('./locales/projectStructure'),
  workSites: () => import('./locales/workSites'),
  dictionary: () => import('./locales/dictionary'),
  dataDictionary: () => import('./locales/dataDictionary'),
  projects: () => import('./locales/projects'),
  projectInit: () => import('./locales/projectInit'),
  terminals: () => import('./locales/terminals'),
  logs: () => import('./locales/logs'),
  dashboard: () => import('./locales/dashboard'),
  messages: () => import('./locales/messages'),
  attributes: () => import('./locales/attributes'),
  palette: () => import('./locales/palette'),
  workflow: () => import('./locales/workflow'),
  tabulation: () => import('./locales/tabulation'),
  signIn: () => import('./locales/signIn'),
  signUp: () => import('./locales/signUp'),
}
export type LazyNamespace = keyof typeof lazyTexts

const entry = (lang: 'zh' | 'en') => ({
  common: common[lang],
  auth: auth[lang],
  shell: shell[lang],
  routes: routes[lang],
  pwa: pwa[lang],
  v: fromContract(validationMessages, lang, 'v.'),
  codes: fromContract(codeMessages, lang),
})

/** The texts loaded so far, by locale (lazy namespaces are added as they arrive). */
export const messages: Record<'zh' | 'en', Record<string, unknown>> = { zh: entry('zh'), en: entry('en') }

/** Every namespace's zh texts: the shape keys are checked against. */
export type Messages = ReturnType<typeof entry> & {
  crud: typeof crudTexts.zh
  roles: typeof rolesTexts.zh
  apps: typeof appsTexts.zh
  people: typeof peopleTexts.zh
  files: typeof filesTexts.zh
  invite: typeof inviteTexts.zh
  organization: typeof organizationTexts.zh
  personal: typeof personalTexts.zh
  accounts: typeof accountsTexts.zh
  sync: typeof syncTexts.zh
  tree: typeof treeTexts.zh
  projectStructure: typeof projectStructureTexts.zh
  workSites: typeof workSitesTexts.zh
  dictionary: typeof dictionaryTexts.zh
  dataDictionary: typeof dataDictionaryTexts.zh
  projects: typeof projectsTexts.zh
  projectInit: typeof projectInitTexts.zh
  terminals: typeof terminalsTexts.zh
  logs: typeof logsTexts.zh
  dashboard: typeof dashboardTexts.zh
  messages: typeof msgTexts.zh
  attributes: typeof attributesTexts.zh
  palette: typeof paletteTexts.zh
  workflow: typeof workflowTexts.zh
  tabulation: typeof tabulationTexts.zh
  signIn: typeof signInTexts.zh
  signUp: typeof signUpTexts.zh
}
