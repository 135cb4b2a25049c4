import { resourcePaths } from '@/contract'
import type { Application, ApplicationMenu, AppVersion } from '@/contract/schemas/application'
import { defineResource } from '@/lib/crud'
import { menuKeys } from '@/lib/permissions'
import { appKeys } from './queries'

/** A change of an application or a menu refetches the shell's menus. */
const shellMenus = [menuKeys.all()]

export const applicationResource = defineResource<Application>({
  key: appKeys.applications()[0],
  paths: resourcePaths('application'),
  idKey: 'applicationId',
  schemas: () => import('@/contract/schemas/application').then((m) => ({ add: m.applicationAdd, update: m.applicationUpdate })),
  entity: 'apps.entity',
  nameOf: (a) => a.name,
  invalidates: shellMenus,
})

export const menuResource = defineResource<ApplicationMenu>({
  key: appKeys.menus()[0],
  paths: resourcePaths('applicationMenu'),
  idKey: 'applicationMenuId',
  schemas: () => import('@/contract/schemas/application').then((m) => ({ add: m.menuAdd, update: m.menuUpdate })),
  entity: 'apps.menu.entity',
  nameOf: (m) => m.menuName,
  invalidates: shellMenus,
  toForm: (m) => ({ ...m, functionList: m.functionList.map((f) => ({ ...f })) }),
})

/** Versions of one application (listPage with `applicationId`). */
export const versionResource = defineResource<AppVersion>({
  key: appKeys.versions()[0],
  paths: resourcePaths('applicationVersion'),
  idKey: 'applicationVersionId',
  schemas: () => import('@/contract/schemas/application').then((m) => ({ add: m.appVersionAdd, update: m.appVersionUpdate })),
  entity: 'apps.version.entity',
  nameOf: (v) => `${v.major}.${v.minor}.${v.revision}`,
})
