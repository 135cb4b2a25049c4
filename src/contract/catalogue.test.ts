/**
 * The catalogue of menus and functions: a wrong menu or function name is a type error (the
 * `@ts-expect-error` lines below fail `npm run typecheck` as soon as they compile), every route
 * of the console under /admin (and /personal-view, /test/demo) is a menu of it and back, and the
 * runtime helpers answer as the types say.
 */
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { FileRoutesByFullPath } from '@/routeTree.gen'
import {
  CATALOGUE,
  fnsOf,
  isDeclared,
  isMenuPath,
  MENU_PATHS,
  menuOf,
  perm,
  type FnAction,
  type FnOf,
  type MenuFns,
  type MenuPath,
  type Permission,
} from './catalogue'

// ---- wrong names do not compile ------------------------------------------------------------

// @ts-expect-error — no such menu
perm('/admin/role-manag')
// @ts-expect-error — no such function on that menu
perm('/admin/role-manage', 'autorize')
// @ts-expect-error — a function of another menu (accountLimit is 单位管理's, not 角色管理's)
perm('/admin/role-manage', 'accountLimit')
// @ts-expect-error — a route declaration names a function its menu lacks
export const wrongRoute: Permission = { menu: '/admin/user-audit', fn: 'add' }
// @ts-expect-error — a definition's function slots are its menu's
export const wrongDef: MenuFns<'add' | 'delete'> = { menu: '/admin/systemLog', fns: { add: 'export', delete: 'delete' } }
// @ts-expect-error — no menu has this function
export const typo: FnAction = 'autorize'

// ---- the right names do
export const routeRead: Permission = { menu: '/admin/role-manage' }
export const routeWrite: Permission = { menu: '/admin/organization', fn: 'accountLimit' }
export const def: MenuFns<'add' | 'delete'> = { menu: '/admin/role-manage', fns: { add: 'add', delete: 'delete' } }

// ---- routes and menus are the same set ----------------------------------------------------

type RoutePath = keyof FileRoutesByFullPath
/**
 * The routes a menu leads to: the screens under /admin (not the /admin redirect, nor a menu's own
 * sub-screens such as /admin/table-manage/design/$tabTemplateId), the personal centre and the test page.
 */
type MenuRoute = Exclude<Extract<RoutePath, `/admin/${string}` | '/personal-view' | '/test/demo'>, '/admin/index' | `${MenuPath}/${string}`>
/** Both never: a screen without a menu, or a menu without a screen, fails typecheck here. */
type ScreenWithoutMenu = Exclude<MenuRoute, MenuPath>
type MenuWithoutScreen = Exclude<MenuPath, MenuRoute>

describe('catalogue types', () => {
  it('has a menu for every screen and a screen for every menu', () => {
    expectTypeOf<ScreenWithoutMenu>().toEqualTypeOf<never>()
    expectTypeOf<MenuWithoutScreen>().toEqualTypeOf<never>()
  })
  it('gives each menu its own functions', () => {
    expectTypeOf<FnOf<'/admin/user-audit'>>().toEqualTypeOf<'audit' | 'export'>()
    expectTypeOf<FnOf<'/admin/home'>>().toEqualTypeOf<never>()
    expectTypeOf<FnOf<'/admin/systemLog' | '/admin/user-audit'>>().toEqualTypeOf<'audit' | 'export'>()
  })
})

describe('catalogue', () => {
  it('lists the 38 admin screens of SPEC §2 and 数据字典 (every /admin route but the /admin/index redirect), the personal centre and the test page, once each', () => {
    expect(MENU_PATHS.filter((p) => p.startsWith('/admin/'))).toHaveLength(39)
    expect(MENU_PATHS).toContain('/personal-view')
    expect(MENU_PATHS).toContain('/test/demo')
    expect(new Set(MENU_PATHS).size).toBe(MENU_PATHS.length)
  })
  it('answers a menu and its functions in order', () => {
    expect(menuOf('/admin/role-manage')).toMatchObject({ name: '角色管理', nameEn: 'Roles', icon: 'lucide:shield-check' })
    expect(fnsOf('/admin/role-manage')).toEqual(['add', 'edit', 'delete', 'export', 'authorize', 'member', 'import'])
    expect(fnsOf('/admin/home')).toEqual([])
  })
  it('knows its menus and what each declares, and nothing else', () => {
    expect(isMenuPath('/admin/role-manage')).toBe(true)
    expect(isMenuPath('admin/role-manage')).toBe(false)
    expect(isMenuPath('/admin/nowhere')).toBe(false)
    expect(isDeclared({ menu: '/admin/role-manage', fn: 'authorize' })).toBe(true)
    expect(isDeclared({ menu: '/admin/role-manage' })).toBe(true)
    expect(isDeclared({ menu: '/admin/role-manage', fn: 'accountLimit' })).toBe(false)
    expect(isDeclared({ menu: '/admin/role-manage', fn: 'toString' })).toBe(false)
    expect(isDeclared({ menu: '/admin/nowhere' })).toBe(false)
  })
  it('makes permissions', () => {
    expect(perm('/admin/role-manage')).toEqual({ menu: '/admin/role-manage' })
    expect(perm('/admin/role-manage', 'member')).toEqual({ menu: '/admin/role-manage', fn: 'member' })
  })
  it('uses lucide icons and both languages on every entry', () => {
    for (const e of CATALOGUE) {
      expect(e.icon).toMatch(/^lucide:[a-z0-9-]+$/)
      expect(e.name && e.nameEn).toBeTruthy()
    }
  })
})
