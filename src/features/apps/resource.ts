import { resourcePaths } from '@/contract'
import { applicationAdd, applicationUpdate, menuAdd, menuUpdate, type Application, type ApplicationMenu } from '@/contract/schemas/application'
import { defineResource } from '@/lib/crud'
import { menusQueryKey } from '@/lib/permissions'

/** The shell's left-menu query keys: ['menus', …] by convention, ['shell', 'menus', …] as written. */
const shellMenus = [['menus'], menusQueryKey(null).slice(0, 2)]

export const applicationResource = defineResource<Application>({
  key: 'application',
  paths: resourcePaths('application'),
  idKey: 'applicationId',
  addSchema: applicationAdd,
  updateSchema: applicationUpdate,
  entity: 'apps.entity',
  invalidates: shellMenus,
})

export const menuResource = defineResource<ApplicationMenu>({
  key: 'applicationMenu',
  paths: resourcePaths('applicationMenu'),
  idKey: 'applicationMenuId',
  addSchema: menuAdd,
  updateSchema: menuUpdate,
  entity: 'apps.menu.entity',
  invalidates: shellMenus,
  toForm: (m) => ({ ...m, functionList: m.functionList.map((f) => ({ ...f })) }),
})
