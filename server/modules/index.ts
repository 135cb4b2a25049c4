/**
 * The gateway's modules, in the order their routes are registered (server/app.ts walks this list).
 * Each entry is a module's index.ts — its public surface — and says:
 *  - `ports`: the ports it answers for (lib/logPort.ts, lib/modulePorts.ts, another module's port),
 *    set for every module before any route is registered;
 *  - `register`: its routes; what it hands to a module after it (the resources' inserts the project
 *    initialisation writes with, the live hub app.ts starts) goes into `started`.
 * A new module is one entry here.
 */
import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../context'
import { registerAccountRoutes, setAccountPorts } from './account'
import { registerApplicationRoutes } from './application'
import { setAuditProcessPorts } from './auditProcess'
import { registerAttributeRoutes } from './attributes'
import { registerAuthRoutes, registerRegistrationRoutes } from './auth'
import { registerDashboardRoutes } from './dashboard'
import { registerDataDictionaryRoutes } from './dataDictionary'
import { registerDepartmentRoutes } from './department'
import { registerDictionaryRoutes } from './dictionary'
import { registerFileRoutes, setFilePorts } from './files'
import { registerInviteRoutes } from './invite'
import { registerLogRoutes, setLogPorts } from './logs'
import { registerMenuRoutes } from './menu'
import { registerMessageRoutes } from './messages'
import { registerOrgRoutes, setOrgPorts } from './org'
import { registerPeopleRoutes, setPeoplePorts } from './people'
import { registerPersonalRoutes } from './personal'
import { registerProjectRoutes, type ProjectHandles } from './project'
import { registerProjectInitRoutes } from './projectInit'
import { registerProjectStructureRoutes, setProjectStructurePorts } from './projectStructure'
import { registerRoleRoutes, setRolePorts } from './role'
import { registerRoleAuthRoutes } from './roleAuth'
import { registerSearchRoutes } from './search'
import { registerShellRoutes } from './shell'
import { registerTabulationRoutes } from './tabulation'
import { registerTerminalRoutes } from './terminal'
import { registerWorkSiteRoutes, setWorkSitePorts } from './workSite'
import { registerWorkflowRoutes, setWorkflowPorts } from './workflow'

/** What modules hand on while they register. */
export interface Started {
  projects?: ProjectHandles
  structure?: ReturnType<typeof registerProjectStructureRoutes>
  /** The messages' live hub: app.ts starts it with the database's LISTEN and stops it on close. */
  live?: ReturnType<typeof registerMessageRoutes>
}

export interface GatewayModule {
  name: string
  ports?: () => void
  register: (app: FastifyInstance, ctx: Ctx, started: Started) => void
}

const handed = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`${what} is registered after the module that uses it (server/modules/index.ts)`)
  return value
}

export const MODULES: readonly GatewayModule[] = [
  {
    name: 'auth',
    register: (app, ctx) => {
      registerAuthRoutes(app, ctx)
      registerRegistrationRoutes(app, ctx)
    },
  },
  { name: 'shell', register: registerShellRoutes },
  { name: 'search', register: registerSearchRoutes },
  { name: 'role', ports: setRolePorts, register: registerRoleRoutes },
  { name: 'roleAuth', register: registerRoleAuthRoutes },
  { name: 'application', register: registerApplicationRoutes },
  { name: 'menu', register: registerMenuRoutes },
  { name: 'department', register: registerDepartmentRoutes },
  { name: 'people', ports: setPeoplePorts, register: registerPeopleRoutes },
  { name: 'org', ports: setOrgPorts, register: registerOrgRoutes },
  {
    name: 'project',
    register: (app, ctx, started) => {
      started.projects = registerProjectRoutes(app, ctx)
    },
  },
  { name: 'files', ports: setFilePorts, register: registerFileRoutes },
  { name: 'invite', register: registerInviteRoutes },
  { name: 'personal', register: registerPersonalRoutes },
  { name: 'account', ports: setAccountPorts, register: registerAccountRoutes },
  {
    name: 'projectStructure',
    ports: setProjectStructurePorts,
    register: (app, ctx, started) => {
      started.structure = registerProjectStructureRoutes(app, ctx)
    },
  },
  {
    name: 'projectInit',
    register: (app, ctx, started) =>
      registerProjectInitRoutes(app, ctx, { ...handed(started.projects, 'project'), ...handed(started.structure, 'projectStructure') }),
  },
  { name: 'workSite', ports: setWorkSitePorts, register: registerWorkSiteRoutes },
  { name: 'dictionary', register: registerDictionaryRoutes },
  { name: 'dataDictionary', register: registerDataDictionaryRoutes },
  { name: 'terminal', register: registerTerminalRoutes },
  { name: 'logs', ports: setLogPorts, register: registerLogRoutes },
  { name: 'attributes', register: registerAttributeRoutes },
  { name: 'dashboard', register: registerDashboardRoutes },
  {
    name: 'messages',
    register: (app, ctx, started) => {
      started.live = registerMessageRoutes(app, ctx)
    },
  },
  { name: 'workflow', ports: setWorkflowPorts, register: (app, ctx) => void registerWorkflowRoutes(app, ctx) },
  // the user audit run as a process: no routes of its own, only the ports between people and workflow
  { name: 'auditProcess', ports: setAuditProcessPorts, register: () => undefined },
  { name: 'tabulation', register: registerTabulationRoutes },
]

/** Sets every module's ports, then registers their routes in order; what they handed on. */
export function registerModules(app: FastifyInstance, ctx: Ctx): Started {
  for (const m of MODULES) m.ports?.()
  const started: Started = {}
  for (const m of MODULES) m.register(app, ctx, started)
  return started
}
