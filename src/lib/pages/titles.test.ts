import { beforeAll, describe, expect, it } from 'vitest'
import { loadBothLanguages } from '@/lib/i18n'
import type { MenuEntry } from '@/contract/schemas/shell'
import { pageTitle } from './titles'

// these texts are read in both languages: the console loads a language's catalogues when it shows it
beforeAll(() => loadBothLanguages())

const entry = (id: string, menuName: string, menuNameEn: string | null, action: string | null): MenuEntry => ({
  applicationMenuId: id,
  parentId: null,
  menuName,
  menuNameEn,
  action,
  iconPath: null,
  sort: 1,
  functionList: [],
  authFunctionList: [],
})

describe('pageTitle', () => {
  const menus = [entry('roles', '角色管理', 'Role admin', 'admin/role-manage'), entry('apps', '应用管理', null, '/admin/app-manage')]
  it('calls a page with a menu by its menu label', () => {
    expect(pageTitle('/admin/role-manage', 'zh', menus)).toBe('角色管理')
    expect(pageTitle('/admin/role-manage', 'en', menus)).toBe('Role admin')
    expect(pageTitle('/admin/app-manage', 'en', menus)).toBe('Applications')
  })
  it('calls a page without a menu by its route title, an unknown path by itself', () => {
    expect(pageTitle('/admin/index', 'en', menus)).toBe('Workbench')
    expect(pageTitle('/admin/index', 'zh', undefined)).toBe('工作台')
    expect(pageTitle('/admin/nowhere', 'en', menus)).toBe('/admin/nowhere')
  })
})
