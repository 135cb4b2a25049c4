/**
 * The parts of modules the gateway's machinery (lib/) uses — the unit tree of a data scope (the org
 * module), the active roles of the permission check and the roles' part of the grants version (the
 * role module) and the Excel import and export of a tree resource (the files module) — reached through
 * ports their modules set once at start, before any route is registered (the `ports` step of
 * server/modules/index.ts): lib and plugins import no module. (The logs' writers: logPort.ts.)
 */
import type { SQL } from 'drizzle-orm'
import type { registerImportExport as RegisterImportExport } from '../modules/files/import-export'
import type { activeRoles as ActiveRoles } from '../modules/role/queries'

export interface ModulePorts {
  /** SQL: the ids of the unit and every unit under it, for `in (…)` (the org module's unit tree). */
  unitSubtreeSql(rootId: string): SQL
  /** The active roles (roleId, dataScope, builtin) as a table to join (the role module). */
  activeRoles: typeof ActiveRoles
  /** Registers a resource's Excel template, import and export (the files module). */
  registerImportExport: typeof RegisterImportExport
}

const ports: Partial<ModulePorts> = {}

/** A module, at start: the part it answers for. */
export const setModulePorts = (p: Partial<ModulePorts>): void => {
  Object.assign(ports, p)
}

function port<K extends keyof ModulePorts>(name: K): ModulePorts[K] {
  const p = ports[name]
  if (!p) throw new Error(`the module port "${name}" was used before its module set it`)
  return p
}

export const unitSubtreeSql = (rootId: string): SQL => port('unitSubtreeSql')(rootId)

/** The active roles (roleId, dataScope, builtin) as a table to join: an account's roles are its account_role rows joined to it. */
export const activeRoles = (): typeof ActiveRoles => port('activeRoles')

export const registerImportExport: typeof RegisterImportExport = (app, ctx, def) => port('registerImportExport')(app, ctx, def)
