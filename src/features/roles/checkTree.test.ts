import { describe, expect, it } from 'vitest'
import type { RoleMenuNode } from '@/contract/schemas/role'
import { filterTree, flattenTree } from '@/lib/tree'
import {
  allState,
  initialChecked,
  menuMatches,
  menuNodeAccess,
  menuState,
  toggleAll,
  toggleFunction,
  toggleMenu,
  toPayload,
} from './checkTree'

const fn = (id: string, granted = false, grantable = true) => ({
  applicationMenuFunctionId: id,
  functionName: `功能${id}`,
  functionAction: id,
  granted,
  grantable,
})
const menu = (id: string, action: string | null, opts: Partial<RoleMenuNode> = {}): RoleMenuNode => ({
  applicationMenuId: id,
  parentId: null,
  menuName: `菜单${id}`,
  menuNameEn: null,
  action,
  sort: 1,
  granted: false,
  grantable: true,
  functions: [],
  children: [],
  ...opts,
})

// 组织机构 (group) → 角色管理 (add, edit), 用户审核 (audit, not grantable); 首页 (page, no functions)
const build = () => {
  const roles = menu('roles', '/admin/role-manage', { functions: [fn('add'), fn('edit')] })
  const audit = menu('audit', '/admin/user-audit', { functions: [fn('audit', false, false)] })
  const group = menu('org', null, { children: [roles, audit] })
  const home = menu('home', '/admin/home')
  return { tree: [home, group], roles, audit, group, home }
}

describe('role menu checkboxes', () => {
  it('starts from the granted flags', () => {
    const { tree } = build()
    tree[1]!.children[0]!.granted = true
    tree[1]!.children[0]!.functions[0]!.granted = true
    const c = initialChecked(tree)
    expect([...c.menus]).toEqual(['roles'])
    expect([...c.fns]).toEqual(['add'])
    expect(menuState(tree[1]!.children[0]!, c)).toBe('indeterminate')
    expect(menuState(tree[1]!, c)).toBe('indeterminate')
    expect(menuState(tree[0]!, c)).toBe(false)
  })

  it('checks a menu with everything below it, and a function with its menu', () => {
    const { tree, roles, group, home } = build()
    let c = initialChecked(tree)
    c = toggleMenu(roles, c)
    expect(menuState(roles, c)).toBe(true)
    expect([...c.fns].sort()).toEqual(['add', 'edit'])
    // The group: 用户审核 not checked → partial.
    expect(menuState(group, c)).toBe('indeterminate')
    c = toggleMenu(roles, c)
    expect(menuState(roles, c)).toBe(false)
    c = toggleFunction(roles, 'edit', c)
    expect([...c.menus]).toEqual(['roles'])
    expect([...c.fns]).toEqual(['edit'])
    c = toggleMenu(home, c)
    expect(menuState(home, c)).toBe(true)
  })

  it('leaves what the caller may not grant as it was', () => {
    const { tree, group, audit } = build()
    let c = toggleMenu(group, initialChecked(tree))
    expect(c.menus.has('audit')).toBe(true)
    expect(c.fns.has('audit')).toBe(false)
    // Not all of it can ever be checked: the group stays partial; a second click unchecks.
    expect(menuState(group, c)).toBe('indeterminate')
    c = toggleMenu(group, c)
    expect(menuState(group, c)).toBe(false)
    expect(menuState(audit, c)).toBe(false)
  })

  it('selects all and builds the payload with the groups above what is checked', () => {
    const { tree, roles } = build()
    let c = toggleAll(tree, initialChecked(tree))
    // 用户审核's function is not grantable: all of the rest is checked, so the tree shows partial.
    expect(allState(tree, c)).toBe('indeterminate')
    expect(toPayload(tree, c)).toEqual({ menuIds: ['home', 'roles', 'org', 'audit'], functionIds: ['add', 'edit'] })
    c = toggleMenu(roles, c)
    expect(toPayload(tree, c)).toEqual({ menuIds: ['home', 'audit', 'org'], functionIds: [] })
    c = toggleAll(tree, c)
    expect(toPayload(tree, c).functionIds).toEqual(['add', 'edit'])
    c = toggleAll(tree, c)
    expect(toPayload(tree, c)).toEqual({ menuIds: [], functionIds: [] })
  })

  it('searches by menu or function name, keeping ancestors and all below a match', () => {
    const { tree } = build()
    const label = (m: RoleMenuNode) => m.menuName
    const shown = (k: string) => {
      const f = filterTree(tree, menuNodeAccess, (m) => menuMatches(m, k, label), { subtree: true })
      return flattenTree(tree, menuNodeAccess, { expanded: () => true, keep: f.keep }).map((r) => r.id)
    }
    expect(shown('功能edit')).toEqual(['org', 'roles'])
    expect(shown('EDIT')).toEqual(['org', 'roles'])
    expect(shown('菜单home')).toEqual(['home'])
    expect(shown('菜单org')).toEqual(['org', 'roles', 'audit'])
    expect(shown('nothing')).toEqual([])
    expect(menuMatches(tree[0]!, '  ', label)).toBe(false)
  })
})
