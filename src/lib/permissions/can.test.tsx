/**
 * <Can> and useCan answer from the current menu, or — given a menu of the catalogue, directly or
 * bound by permissionsOf — from that menu's grants, whatever the current page; and a function
 * the catalogue does not declare for the menu does not compile.
 */
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { MenuEntry } from '@/contract/schemas/shell'

const post = vi.fn(async () => null)
vi.mock('@/lib/http', () => ({
  APP_CODE: 'test-app',
  http: { get: vi.fn(), post: (...a: unknown[]) => post(...(a as [])) },
  isApiError: () => false,
  onResponseHeader: () => () => undefined,
}))

const { setSession, clearSession } = await import('@/lib/session')
const { Can, useCan, permissionsOf, setCurrentMenuForPath } = await import('./index')

const fn = (action: string, i: number) => ({
  applicationMenuFunctionId: `00000000-0000-7000-8000-00000000000${i}`,
  functionName: action,
  functionAction: action,
})
const entry = (id: string, action: string, granted: string[]): MenuEntry => ({
  applicationMenuId: id,
  parentId: null,
  menuName: id,
  menuNameEn: null,
  action,
  iconPath: null,
  sort: 1,
  functionList: granted.map(fn),
  authFunctionList: granted.map(fn),
})
const menus = [entry('m-roles', 'admin/role-manage', ['add', 'member']), entry('m-org', '/admin/organization', ['accountLimit'])]

const roles = permissionsOf('/admin/role-manage')
const audit = permissionsOf('/admin/user-audit')

function Probe() {
  const answers = [
    useCan('add'),
    useCan('/admin/organization', 'accountLimit'),
    useCan('/admin/organization', 'add'),
    roles.useCan('member'),
    audit.useCan('audit'),
  ]
  return <p>{answers.map((a) => (a ? 'y' : 'n')).join('')}</p>
}

const html = (node: ReactElement) => renderToStaticMarkup(node)
const button = <button type="button">go</button>

beforeEach(() => {
  clearSession()
  setSession({ menuItems: menus })
  setCurrentMenuForPath('/admin/role-manage', menus)
})

describe('Can / useCan', () => {
  it('answers from the current menu without a menu', () => {
    expect(html(<Can action="add">{button}</Can>)).toContain('go')
    expect(html(<Can action="accountLimit">{button}</Can>)).toBe('')
  })
  it('answers from the named menu with one, whatever the current menu', () => {
    expect(
      html(
        <Can menu="/admin/organization" action="accountLimit">
          {button}
        </Can>,
      ),
    ).toContain('go')
    expect(
      html(
        <Can menu="/admin/organization" action="add">
          {button}
        </Can>,
      ),
    ).toBe('')
    expect(
      html(
        <Can menu="/admin/user-audit" action="audit">
          {button}
        </Can>,
      ),
    ).toBe('')
  })
  it('binds to one menu with permissionsOf', () => {
    expect(html(<roles.Can action="member">{button}</roles.Can>)).toContain('go')
    expect(html(<roles.Can action="delete">{button}</roles.Can>)).toBe('')
    setCurrentMenuForPath('/admin/organization', menus)
    expect(html(<roles.Can action="add">{button}</roles.Can>)).toContain('go')
  })
  it('answers the hook forms alike', () => {
    expect(html(<Probe />)).toBe('<p>yynyn</p>')
  })
  it('passes its child through as it is: a click posts nothing (the operation log is the gateway’s)', () => {
    let seen: { onClick?: () => void } = {}
    function Child(props: { onClick?: () => void }) {
      seen = props
      return <button type="button">go</button>
    }
    post.mockClear()
    expect(html(<Can action="add">{<Child />}</Can>)).toContain('go')
    expect(html(<roles.Can action="member">{<Child />}</roles.Can>)).toContain('go')
    seen.onClick?.()
    expect(seen.onClick).toBeUndefined()
    expect(post).not.toHaveBeenCalled()
  })
  it('refuses everything without menus', () => {
    clearSession()
    expect(html(<Probe />)).toBe('<p>nnnnn</p>')
  })
})

// ---- wrong names do not compile (typecheck runs over this file) ----
export const wrong = [
  // @ts-expect-error — no menu has this function
  <Can action="autorize">{button}</Can>,
  // @ts-expect-error — not a function of 角色管理
  <Can menu="/admin/role-manage" action="accountLimit">
    {button}
  </Can>,
  // @ts-expect-error — a bound Can takes only its menu's functions
  <roles.Can action="accountLimit">{button}</roles.Can>,
]
// @ts-expect-error — no such menu
permissionsOf('/admin/role-manag')
