import { beforeAll, describe, expect, it } from 'vitest'
import { loadBothLanguages } from '@/lib/i18n'
import type { MenuEntry } from '@/contract/schemas/shell'
import {
  buildMenuTree,
  canIn,
  findMenuByPath,
  hasActionInMenus,
  menuLabel,
  menuLeaves,
  menuTrail,
  normalizeAction,
  normalizePath,
  toCurrentMenu,
} from './menu'

// these texts are read in both languages: the console loads a language's catalogues when it shows it
beforeAll(() => loadBothLanguages())

const fn = (action: string, id = `f-${action}`) => ({ applicationMenuFunctionId: id, functionName: action, functionAction: action })
const entry = (id: string, parentId: string | null, action: string | null, sort: number, auth: string[] = []): MenuEntry => ({
  applicationMenuId: id,
  parentId,
  menuName: `menu ${id}`,
  menuNameEn: null,
  action,
  iconPath: null,
  sort,
  functionList: auth.map((a) => fn(a)),
  authFunctionList: auth.map((a) => fn(a)),
})

const flat: MenuEntry[] = [
  entry('sys', null, '', 2),
  entry('roles', 'sys', 'admin/role-manage', 2, ['add', 'delete']),
  entry('apps', 'sys', '/admin/app-manage', 1, ['edit']),
  entry('home', null, 'admin/home', 1),
  entry('orphan', 'gone', '/admin/organization', 3),
]

describe('normalizeAction / normalizePath', () => {
  it('adds the missing leading slash', () => {
    expect(normalizeAction('admin/home')).toBe('/admin/home')
    expect(normalizeAction('/admin/home')).toBe('/admin/home')
    expect(normalizeAction(' admin/x ')).toBe('/admin/x')
  })
  it('is empty for no action', () => {
    expect(normalizeAction(null)).toBe('')
    expect(normalizeAction('')).toBe('')
    expect(normalizeAction(undefined)).toBe('')
  })
  it('drops trailing slashes, query and hash', () => {
    expect(normalizePath('/admin/role-manage/')).toBe('/admin/role-manage')
    expect(normalizePath('/admin/role-manage?page=2#x')).toBe('/admin/role-manage')
    expect(normalizePath('/')).toBe('/')
  })
})

describe('buildMenuTree', () => {
  const tree = buildMenuTree(flat)
  it('nests by parentId and sorts by sort', () => {
    expect(tree.map((n) => n.applicationMenuId)).toEqual(['home', 'sys', 'orphan'])
    expect(tree[1]!.children.map((n) => n.applicationMenuId)).toEqual(['apps', 'roles'])
  })
  it('normalises actions in the tree', () => {
    expect(tree[0]!.action).toBe('/admin/home')
    expect(tree[1]!.children[1]!.action).toBe('/admin/role-manage')
    expect(tree[1]!.action).toBe('')
  })
  it('makes an entry with a missing parent a root', () => {
    expect(tree[2]!.applicationMenuId).toBe('orphan')
  })
  it('does not loop on a self-parented entry', () => {
    expect(buildMenuTree([entry('a', 'a', 'x', 1)])).toHaveLength(1)
  })
  it('lists leaves with their ancestors and finds the trail of a path', () => {
    expect(menuLeaves(tree).map((l) => l.node.applicationMenuId)).toEqual(['home', 'apps', 'roles', 'orphan'])
    expect(menuTrail(tree, '/admin/role-manage').map((n) => n.applicationMenuId)).toEqual(['sys', 'roles'])
    expect(menuTrail(tree, '/admin/nowhere')).toEqual([])
  })
})

describe('path → menu', () => {
  it('matches the target path against actions, with or without the slash', () => {
    expect(findMenuByPath(flat, '/admin/role-manage')?.applicationMenuId).toBe('roles')
    expect(findMenuByPath(flat, '/admin/role-manage/')?.applicationMenuId).toBe('roles')
    expect(findMenuByPath(flat, '/admin/app-manage?x=1')?.applicationMenuId).toBe('apps')
  })
  it('never matches a group (empty action) or an unknown path', () => {
    expect(findMenuByPath(flat, '/')).toBeUndefined()
    expect(findMenuByPath(flat, '/admin/unknown')).toBeUndefined()
    expect(findMenuByPath(undefined, '/admin/home')).toBeUndefined()
  })
  it('builds the session currentMenu', () => {
    expect(toCurrentMenu(flat[1]!)).toEqual({
      menuId: 'roles',
      menuName: 'menu roles',
      menuNameEn: null,
      action: '/admin/role-manage',
      authFunctionList: [fn('add'), fn('delete')],
    })
  })
})

describe('can / hasMenuAction', () => {
  const current = toCurrentMenu(flat[1]!)
  it('answers whether the current menu grants an action', () => {
    expect(canIn(current, 'add')).toBe(true)
    expect(canIn(current, 'edit')).toBe(false)
    expect(canIn(null, 'add')).toBe(false)
    expect(canIn(current, '')).toBe(false)
  })
  it('answers whether any menu grants an action', () => {
    expect(hasActionInMenus(flat, 'edit')).toBe(true)
    expect(hasActionInMenus(flat, 'export')).toBe(false)
    expect(hasActionInMenus([], 'edit')).toBe(false)
  })
})

describe('menuLabel', () => {
  const group = { menuName: '组织机构', menuNameEn: 'Organisation', action: null }
  it('is the server menu name in Chinese, whatever else the menu has', () => {
    expect(menuLabel(group, 'zh')).toBe('组织机构')
    expect(menuLabel({ menuName: '角色管理', menuNameEn: 'Role admin', action: 'admin/role-manage' }, 'zh')).toBe('角色管理')
  })
  it('is the English name in English when the menu has one (groups too)', () => {
    expect(menuLabel(group, 'en')).toBe('Organisation')
    // before the route title
    expect(menuLabel({ menuName: '角色管理', menuNameEn: 'Role admin', action: 'admin/role-manage' }, 'en')).toBe('Role admin')
  })
  it('falls back to the route title of the action (leading slash or not), then to the menu name', () => {
    expect(menuLabel({ menuName: '角色管理', menuNameEn: null, action: 'admin/role-manage' }, 'en')).toBe('Roles')
    expect(menuLabel({ menuName: '角色管理', menuNameEn: '  ', action: '/admin/role-manage/' }, 'en')).toBe('Roles')
    expect(menuLabel({ menuName: '自建菜单', action: '/admin/not-a-route' }, 'en')).toBe('自建菜单')
    expect(menuLabel({ menuName: '自建分组', menuNameEn: null, action: null }, 'en')).toBe('自建分组')
  })
})
