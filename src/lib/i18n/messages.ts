/**
 * The console's texts, one catalogue a language: only the language shown is loaded. The entry holds the
 * zh catalogues of the namespaces /login, the shell frame and the error dialogs show (zh is the
 * default); their en catalogues are one chunk (./entryEn), loaded before the first render when en is
 * chosen, or on a switch. Every other namespace is a chunk a language (`locales/<lang>/<ns>.json`),
 * loaded with the area that shows it (`loadTexts`, awaited by the shell route and by a lazy screen
 * whose feature exports `texts`). Until a namespace is loaded a lookup answers nothing and starts
 * loading it; `textsVersion` then re-renders. The `locales/<ns>.ts` modules check en against zh's
 * shape (and serve the gateway's Excel titles); the console reads the catalogues themselves.
 */
import common from './locales/zh/common.json'
import auth from './locales/zh/auth.json'
import shell from './locales/zh/shell.json'
import pwa from './locales/zh/pwa.json'
import { entryTexts, type Lang } from './entryTexts'
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

type Texts = Record<string, unknown>

/** The namespaces loaded with their area. */
export const LAZY_NAMESPACES = [
  'crud',
  'roles',
  'apps',
  'people',
  'files',
  'invite',
  'organization',
  'personal',
  'accounts',
  'sync',
  'tree',
  'projectStructure',
  'workSites',
  'dictionary',
  'dataDictionary',
  'projects',
  'projectInit',
  'terminals',
  'logs',
  'dashboard',
  'messages',
  'attributes',
  'palette',
  'workflow',
  'tabulation',
  'signIn',
  'signUp',
] as const
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number]

/**
 * Each lazy namespace's catalogue by language, a chunk each (the entry's are left out: zh in the entry, en in
 * ./entryEn). Outside Vite — a bench script under plain tsx — there is no `import.meta.glob`: no lazy catalogue.
 */
const catalogues: Record<Lang, Record<string, () => Promise<Texts>>> = (() => {
  try {
    return {
      zh: import.meta.glob<Texts>(['./locales/zh/*.json', '!./locales/zh/{common,auth,shell,pwa}.json'], { import: 'default' }),
      en: import.meta.glob<Texts>(['./locales/en/*.json', '!./locales/en/{common,auth,shell,pwa,workflow}.json'], {
        import: 'default',
      }),
    }
  } catch {
    return { zh: {}, en: {} }
  }
})()

/** A catalogue made from another's (workflow's en bpmn-js texts are its English templates, keyed by zh's). */
const derived: Partial<Record<`${Lang}:${LazyNamespace}`, () => Promise<Texts>>> = {
  'en:workflow': () => import('./locales/workflow').then((m) => m.en),
}

/** Loads a lazy namespace's catalogue in a language (its own chunk). */
export function lazyCatalogue(lang: Lang, ns: LazyNamespace): Promise<Texts> {
  const load = derived[`${lang}:${ns}`] ?? catalogues[lang][`./locales/${lang}/${ns}.json`]
  if (!load) return Promise.reject(new Error(`no ${lang} catalogue for ${ns}`))
  return load()
}

/** Loads the entry's en catalogues (one chunk). */
export const entryEn = (): Promise<Texts> => import('./entryEn').then((m) => m.en)

/** The texts loaded so far, by locale (en's entry and the lazy namespaces are added as they arrive). */
export const messages: Record<Lang, Texts> = { zh: entryTexts('zh', { common, auth, shell, pwa }), en: {} }

/** Every namespace's zh texts: the shape keys are checked against. */
export type Messages = ReturnType<typeof entryTexts> & {
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
