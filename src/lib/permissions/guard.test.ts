import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { MenuEntry } from '@/contract/schemas/shell'

const post = vi.fn(async () => null)
const get = vi.fn(async (): Promise<unknown> => [])
/** The account's applications (api/listAppByPermission); `get` sees every other call. */
const apps = vi.fn(async (): Promise<unknown> => [{ applicationId: 'app-1', name: '测试', code: 'test-app', type: 'platform', url: null }])
const headerListeners = new Map<string, (value: string) => void>()
vi.mock('@/lib/http', () => ({
  APP_CODE: 'test-app',
  http: {
    get: (...a: unknown[]) => (a[0] === '/api/auth/v1/api/listAppByPermission' ? apps() : get(...(a as []))),
    post: (...a: unknown[]) => post(...(a as [])),
  },
  isApiError: () => false,
  onResponseHeader: (name: string, l: (value: string) => void) => {
    headerListeners.set(name, l)
    return () => headerListeners.delete(name)
  },
}))

const { clearSession, getSession, setSession } = await import('@/lib/session')
const { queryClient } = await import('@/lib/query')
const { ForbiddenError, enterShell, hasMenuAction, menusQueryKey, requireMenu, setCurrentMenuForPath } = await import('./index')
const { onPageGrantChange, resetGrantsVersion, reloadMenus } = await import('./grants')

const fn = (action: string) => ({
  applicationMenuFunctionId: `00000000-0000-7000-8000-0000000000${action.length}0`,
  functionName: action,
  functionAction: action,
})
const menus: MenuEntry[] = [
  {
    applicationMenuId: 'm-sys',
    parentId: null,
    menuName: '系统',
    menuNameEn: null,
    action: null,
    iconPath: null,
    sort: 1,
    functionList: [],
    authFunctionList: [],
  },
  {
    applicationMenuId: 'm-roles',
    parentId: 'm-sys',
    menuName: '角色管理',
    menuNameEn: null,
    action: 'admin/role-manage',
    iconPath: null,
    sort: 1,
    functionList: [fn('add')],
    authFunctionList: [fn('add')],
  },
]

function logIn() {
  setSession({
    token: 't',
    accessToken: 'a',
    userAccount: {
      accountId: '1',
      accountName: 'admin',
      level: '',
      status: '',
      userId: null,
      userName: null,
      organizationId: null,
      organizationName: null,
    },
  })
}

beforeEach(() => {
  resetGrantsVersion()
  clearSession()
  queryClient.clear()
  post.mockClear()
  get.mockClear()
  apps.mockClear()
})

describe('requireMenu', () => {
  it('lets a granted path through and makes its menu current', async () => {
    logIn()
    queryClient.setQueryData(menusQueryKey('admin'), menus)
    await requireMenu('/admin/role-manage')
    expect(getSession().currentMenu).toMatchObject({ menuId: 'm-roles', authFunctionList: [fn('add')] })
    expect(get).not.toHaveBeenCalled()
  })
  it('refuses a path no menu leads to with a ForbiddenError', async () => {
    logIn()
    queryClient.setQueryData(menusQueryKey('admin'), menus)
    await expect(requireMenu('/admin/organization')).rejects.toBeInstanceOf(ForbiddenError)
  })
  it('does not change the current menu while only preloading', async () => {
    logIn()
    queryClient.setQueryData(menusQueryKey('admin'), menus)
    await requireMenu('/admin/role-manage', { preload: true })
    expect(getSession().currentMenu).toBeNull()
  })
  it('fetches the menus when not known, with appCode and sort, and keeps them in the session', async () => {
    logIn()
    get.mockResolvedValueOnce(menus)
    await requireMenu('/admin/role-manage')
    expect(get).toHaveBeenCalledWith(
      expect.stringMatching(/listByMenuOperatePermission$/),
      { appCode: 'test-app', sortBy: 'sort', desc: false },
      expect.anything(),
    )
    expect(getSession().menuItems).toEqual(menus)
  })
  it("asks for no menu when the account's applications do not include this console (SPEC §5), and for them when unknown", async () => {
    logIn()
    apps.mockResolvedValueOnce([{ applicationId: 'app-2', name: '其他', code: 'other-app', type: 'app', url: null }])
    await expect(requireMenu('/admin/role-manage')).rejects.toBeInstanceOf(ForbiddenError)
    expect(get).not.toHaveBeenCalled()
    expect(getSession().menuItems).toEqual([])
    // the applications could not be read (offline): the menus are still asked for
    clearSession()
    queryClient.clear()
    logIn()
    apps.mockRejectedValueOnce(new Error('offline'))
    get.mockResolvedValueOnce(menus)
    await requireMenu('/admin/role-manage')
    expect(getSession().menuItems).toEqual(menus)
  })
  it('refuses everything when the menus cannot be loaded', async () => {
    logIn()
    get.mockRejectedValueOnce(new Error('offline'))
    await expect(requireMenu('/admin/role-manage')).rejects.toBeInstanceOf(ForbiddenError)
  })
})

describe('enterShell', () => {
  it('sends a visitor without a session to the login', async () => {
    expect(await enterShell('/admin/home')).toBe('login')
    expect(get).not.toHaveBeenCalled()
  })
  it('loads the menus for a logged-in user and sets the current menu from the path', async () => {
    logIn()
    get.mockResolvedValueOnce(menus)
    expect(await enterShell('/admin/role-manage')).toBe('ok')
    expect(getSession().currentMenu?.menuId).toBe('m-roles')
  })
})

describe('current menu, hasMenuAction', () => {
  it('clears the current menu on a path no menu leads to', () => {
    logIn()
    setCurrentMenuForPath('/admin/role-manage', menus)
    expect(getSession().currentMenu?.menuId).toBe('m-roles')
    setCurrentMenuForPath('/admin/home', menus)
    expect(getSession().currentMenu).toBeNull()
  })
  it('answers whether any known menu has an action', () => {
    logIn()
    queryClient.setQueryData(menusQueryKey('admin'), menus)
    expect(hasMenuAction('add')).toBe(true)
    expect(hasMenuAction('delete')).toBe(false)
  })
})

describe('grants-version', () => {
  const withEdit: MenuEntry[] = [
    menus[0]!,
    { ...menus[1]!, functionList: [fn('add'), fn('edit')], authFunctionList: [fn('add'), fn('edit')] },
  ]
  const answer = (v: string) => headerListeners.get('grants-version')!(v)

  it('reloads the menus when an answer carries another version, and re-derives the current menu', async () => {
    vi.stubGlobal('window', { location: { pathname: '/admin/role-manage' } })
    try {
      logIn()
      queryClient.setQueryData(menusQueryKey('admin'), menus)
      setCurrentMenuForPath('/admin/role-manage', menus)
      answer('v1')
      answer('v1')
      expect(get).not.toHaveBeenCalled()
      get.mockResolvedValueOnce(withEdit)
      answer('v2')
      await reloadMenus()
      expect(get).toHaveBeenCalledTimes(1)
      expect(getSession().currentMenu?.authFunctionList.map((f) => f.functionAction)).toEqual(['add', 'edit'])
      expect(getSession().menuItems).toEqual(withEdit)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('tells when a reload changes whether the current page is granted (revoked, then granted again), and only then', async () => {
    vi.stubGlobal('window', { location: { pathname: '/admin/role-manage' } })
    const changed = vi.fn()
    const off = onPageGrantChange(changed)
    try {
      logIn()
      queryClient.setQueryData(menusQueryKey('admin'), menus)
      setCurrentMenuForPath('/admin/role-manage', menus)
      get.mockResolvedValueOnce(withEdit)
      await reloadMenus()
      expect(changed).not.toHaveBeenCalled()
      get.mockResolvedValueOnce([menus[0]!])
      await reloadMenus()
      expect(changed).toHaveBeenCalledTimes(1)
      expect(getSession().currentMenu).toBeNull()
      get.mockResolvedValueOnce(menus)
      await reloadMenus()
      expect(changed).toHaveBeenCalledTimes(2)
    } finally {
      off()
      vi.unstubAllGlobals()
    }
  })

  it('ignores versions without a signed-in account, and starts afresh for another account', async () => {
    answer('v1')
    logIn()
    queryClient.setQueryData(menusQueryKey('admin'), menus)
    answer('v9')
    expect(get).not.toHaveBeenCalled()
  })
})
