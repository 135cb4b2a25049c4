/**
 * A step of `npm test` (lint (imports)): the folder-level import graph by value (scripts/import-graph.ts)
 *  - has no cycle, on the console's side or on the gateway's;
 *  - on the gateway, `lib/` and `plugins/` import no module (they reach one through a port its module
 *    sets at start: lib/logPort.ts, lib/modulePorts.ts, lib/accountPort.ts);
 *  - a module is entered only through its `index.ts`, its public surface — from another module, from
 *    app.ts, the seed or the configuration alike (type-only imports are not edges);
 *  - a table is used by value only by the folder that owns it (TABLE_OWNER: the one that writes its
 *    rows); others ask the owner's index. The exceptions are listed in SHARED_TABLES with their reason:
 *    a new use fails, and one that is gone must leave the list.
 * Exits 1 with the offending edges.
 */
import { cyclesOf, edgesOf, edgesWithin, schemaUses, throughIndex, type Edge } from './import-graph'

const m = (name: string) => `server/modules/${name}`

/** Who owns each table: the folder whose code writes its rows (a module, or the machinery). */
export const TABLE_OWNER: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries({
      org: 'organizationType organization orgListing orgCowork orgContact orgQualification orgGroup orgGroupAccount',
      application: 'application applicationKey applicationVersion applicationGrant',
      menu: 'applicationMenu applicationMenuFunction',
      role: 'role',
      roleAuth: 'roleMenu roleMenuFunction roleOrg roleResourceGrant',
      account: 'account accountRole accountChange',
      auth: 'session accessToken loginFailure rsaKey',
      notify: 'verifyCode supplierConfig',
      logs: 'operateLog loginLog loginDay loginLast systemLog',
      terminal: 'terminal terminalHeartbeat terminalEvent',
      attributes: 'attrGroup attrItem attrRelation attrValue attrTableRow boqItem resourcePool',
      dictionary: 'dictMajor dictNode wbsEbsRel',
      dataDictionary: 'dataDictKey dataDictItem',
      files: 'userCommonFile fileChunk appSetting importJob',
      invite: 'invite',
      messages: 'msgConfig msgInbox msgPush',
      department: 'department',
      people: 'person personEducation personCertificate personJob personProject',
      personal: 'accountProfile',
      oauth: 'thirdPartyIdentity oauthState',
      project: 'project projectUnit line engineeringMajor projectOrg projectDepartment',
      projectInit: 'projectInitRun',
      projectStructure: 'container designUnit unitEngineering',
      workSite: 'workSite',
      workflow: 'wfModel wfModelHistory wfInstance wfSnapshot wfTask wfComment wfCc wfRole wfRoleAccount',
      tabulation: 'tabGroup tabTemplate tabTemplateVersion tabCellPermission tabContent',
    }).flatMap(([mod, tables]) => tables.split(' ').map((t) => [t, m(mod)])),
  ),
  job: 'server/lib',
  eventOutbox: 'server/lib',
  grantsEpoch: 'server/lib',
  treeEpoch: 'server/lib',
  treeChange: 'server/lib',
  nonce: 'server/plugins',
  rateLimit: 'server/plugins',
  idempotency: 'server/plugins',
}

/** Folders that may use any table: the demo data and the database's own code. */
const ANY_TABLE = new Set(['server/db', 'server/seed'])

/**
 * Uses of another folder's table that are still there: per table why, and the folders (a module's name,
 * or lib/plugins) using it. The work left: each owner gives a query in its index and these call it.
 * May shrink, may not grow.
 */
const SHARED_TABLES: Record<string, [reason: string, folders: string[]]> = {
  accessToken: [
    'the session check (plugins/session.ts) and ending sessions on a password or status change',
    ['account', 'personal', 'plugins'],
  ],
  accountRole: ["data scopes, receivers and role lists join an account's roles", ['lib', 'messages', 'role']],
  application: ['the permission check, sign-in and the shell read the applications', ['auth', 'lib', 'logs', 'menu', 'roleAuth', 'shell']],
  applicationGrant: ['sign-in checks an application is granted', ['auth']],
  applicationMenu: ['the permission check, sign-in, logs and the shell read the menus', ['auth', 'lib', 'logs', 'roleAuth', 'shell']],
  applicationMenuFunction: ["the permission check, logs and the shell read the menus' functions", ['lib', 'logs', 'roleAuth', 'shell']],
  container: [
    'project records name their container; the initialisation writes containers',
    ['attributes', 'project', 'projectInit', 'workSite'],
  ],
  department: ['the unit tree shows departments; people are imported with their department by name', ['org', 'people']],
  designUnit: [
    'project records name their design unit; the initialisation writes design units',
    ['attributes', 'project', 'projectInit', 'workSite'],
  ],
  engineeringMajor: ['design units name their major', ['projectStructure']],
  job: ["the inbox reports a push's job state", ['messages']],
  line: ['project records name their line; the initialisation writes lines', ['attributes', 'projectInit', 'projectStructure', 'workSite']],
  loginFailure: ['an administrator unlocks an account by clearing its failures', ['account']],
  orgGroup: ['message receivers name groups of the account tree', ['messages']],
  orgGroupAccount: ['message receivers name groups of the account tree', ['messages']],
  project: ['project scopes and project records check their project', ['attributes', 'lib', 'projectInit', 'projectStructure', 'workSite']],
  projectDepartment: ['project scopes and the initialisation write project departments', ['lib', 'projectInit']],
  projectOrg: ['the initialisation writes project organisations', ['projectInit']],
  projectUnit: ['project scopes and project records check their project', ['lib', 'projectInit', 'workSite']],
  resourcePool: ['a role is granted resources of the pool', ['roleAuth']],
  roleMenu: ["the permission check, the shell's menus and click logs read a role's grants", ['auth', 'lib', 'logs', 'shell']],
  roleMenuFunction: ["the permission check, the shell's menus and click logs read a role's grants", ['lib', 'logs', 'shell']],
  roleResourceGrant: ['the resource pool shows what a role is granted', ['attributes']],
  session: [
    'the session check (plugins/session.ts) and ending sessions on a password or status change',
    ['account', 'personal', 'plugins'],
  ],
  terminal: ['the dashboard counts terminals', ['dashboard']],
  unitEngineering: ["a project's deletion checks its unit engineering", ['project']],
  workSite: ["a project's deletion checks its work sites; the initialisation writes work sites", ['project', 'projectInit']],
}

const problems: string[] = []
const key = (e: Edge) => `${e.file} → ${e.target}`

for (const top of ['server', 'src'] as const) {
  const edges = edgesOf(top)
  if (top === 'server') {
    for (const e of edges) {
      if (/^server\/(lib|plugins)$/.test(e.from) && e.to.startsWith('server/modules'))
        problems.push(
          `${key(e)}: lib/ and plugins/ import no module (reach it through a port set at start, or move the shared part to lib/)`,
        )
      else if (!throughIndex(e)) problems.push(`${key(e)}: a module is imported only through its index.ts (${e.to}/index.ts)`)
    }
  }
  for (const cycle of cyclesOf(edges)) {
    problems.push(`${top}: a folder-level import cycle of ${cycle.length}: ${cycle.join(', ')}`)
    for (const e of edgesWithin(edges, cycle)) problems.push(`    ${key(e)}`)
  }
}

const sharedWith = (folder: string) => folder.replace(/^server\/(modules\/)?/, '')
const shared = new Set<string>()
for (const use of schemaUses()) {
  if (ANY_TABLE.has(use.folder)) continue
  for (const table of use.names) {
    const owner = TABLE_OWNER[table]
    if (!owner) {
      if (/^[a-z]/.test(table) && !/^(stamped|ts|type)$/.test(table))
        problems.push(`${use.file}: ${table} has no owner in TABLE_OWNER (scripts/check-imports.ts)`)
      continue
    }
    if (owner === use.folder) continue
    const k = `${table}: ${sharedWith(use.folder)}`
    if (SHARED_TABLES[table]?.[1].includes(sharedWith(use.folder))) shared.add(k)
    else problems.push(`${use.file}: uses ${table}, which ${owner} owns — ask its index.ts instead`)
  }
}
for (const [table, [, folders]] of Object.entries(SHARED_TABLES))
  for (const k of folders.map((f) => `${table}: ${f}`))
    if (!shared.has(k)) problems.push(`${k}: gone — remove it from SHARED_TABLES in scripts/check-imports.ts`)

if (problems.length) {
  console.error(problems.join('\n'))
  process.exit(1)
}
console.log(
  'imports: no folder-level cycle; lib/ and plugins/ import no module; modules are entered through their index.ts; tables are used by their owners but for the listed uses',
)
