import { codeMessages, validationMessages } from '@/contract'
import * as common from './locales/common'
import * as auth from './locales/auth'
import * as shell from './locales/shell'
import * as crud from './locales/crud'
import * as roles from './locales/roles'
import * as apps from './locales/apps'
import * as routes from './locales/routes'
import * as pwa from './locales/pwa'
import * as files from './locales/files'
import * as invite from './locales/invite'
import * as people from './locales/people'
import * as organization from './locales/organization'
import * as personal from './locales/personal'
import * as accounts from './locales/accounts'
import * as sync from './locales/sync'
import * as tree from './locales/tree'
import * as projectStructure from './locales/projectStructure'
import * as workSites from './locales/workSites'
import * as dictionary from './locales/dictionary'
import * as projects from './locales/projects'
import * as projectInit from './locales/projectInit'
import * as terminals from './locales/terminals'
import * as logs from './locales/logs'
import * as dashboard from './locales/dashboard'
import * as msg from './locales/messages'
import * as attributes from './locales/attributes'

/** Validation texts (`v.required` …) and code texts (`codes.20003` …) come from the contract. */
const fromContract = <K extends string>(table: Record<K, { zh: string; en: string }>, lang: 'zh' | 'en', strip = '') =>
  Object.fromEntries(Object.entries<{ zh: string; en: string }>(table).map(([k, m]) => [k.slice(strip.length), m[lang]])) as Record<
    string,
    string
  >

export const messages = {
  zh: {
    common: common.zh,
    auth: auth.zh,
    shell: shell.zh,
    crud: crud.zh,
    roles: roles.zh,
    apps: apps.zh,
    routes: routes.zh,
    pwa: pwa.zh,
    people: people.zh,
    files: files.zh,
    invite: invite.zh,
    organization: organization.zh,
    personal: personal.zh,
    accounts: accounts.zh,
    sync: sync.zh,
    tree: tree.zh,
    projectStructure: projectStructure.zh,
    workSites: workSites.zh,
    dictionary: dictionary.zh,
    projects: projects.zh,
    projectInit: projectInit.zh,
    terminals: terminals.zh,
    logs: logs.zh,
    dashboard: dashboard.zh,
    messages: msg.zh,
    attributes: attributes.zh,
    v: fromContract(validationMessages, 'zh', 'v.'),
    codes: fromContract(codeMessages, 'zh'),
  },
  en: {
    common: common.en,
    auth: auth.en,
    shell: shell.en,
    crud: crud.en,
    roles: roles.en,
    apps: apps.en,
    routes: routes.en,
    pwa: pwa.en,
    people: people.en,
    files: files.en,
    invite: invite.en,
    organization: organization.en,
    personal: personal.en,
    accounts: accounts.en,
    sync: sync.en,
    tree: tree.en,
    projectStructure: projectStructure.en,
    workSites: workSites.en,
    dictionary: dictionary.en,
    projects: projects.en,
    projectInit: projectInit.en,
    terminals: terminals.en,
    logs: logs.en,
    dashboard: dashboard.en,
    messages: msg.en,
    attributes: attributes.en,
    v: fromContract(validationMessages, 'en', 'v.'),
    codes: fromContract(codeMessages, 'en'),
  },
}

export type Messages = (typeof messages)['zh']
