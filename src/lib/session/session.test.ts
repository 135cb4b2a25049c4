import { describe, expect, it, vi } from 'vitest'
import { storage } from './storage'
import {
  BASE_ACCESS_TOKEN_KEY,
  clearSession,
  getBaseAccessToken,
  getCipher,
  getRememberedLogin,
  getSession,
  isLoggedIn,
  onSessionCleared,
  reloadSession,
  returnPath,
  sessionStore,
  setCipher,
  setRememberedLogin,
  setSession,
} from './index'

describe('session', () => {
  it('persists items, reloads them, and reports logged-in state', () => {
    setSession({ token: 't', userAccount: { accountName: 'alice' } as never })
    expect(isLoggedIn()).toBe(false)
    setSession({ accessToken: 'a', privateKey: 'p', currentMenu: { menuId: 'm', authFunctionList: [] } })
    expect(isLoggedIn()).toBe(true)
    expect(storage('session').getItem('trestle.token')).toBe('"t"')
    sessionStore.set({ ...getSession(), token: null })
    reloadSession()
    expect(getSession().token).toBe('t')
    expect(getSession().currentMenu?.menuId).toBe('m')
  })

  it('notifies subscribers', () => {
    const l = vi.fn()
    const off = sessionStore.subscribe(l)
    setSession({ user: null, menuItems: [] })
    expect(l).toHaveBeenCalled()
    off()
  })

  it('clearSession clears session items and ciphers but keeps the remembered login (never a password)', () => {
    setSession({ token: 't', accessToken: 'a' })
    setCipher('trestle-admin', { cipherText: 'c', keyId: 'k' })
    setCipher('other-app', { cipherText: 'c2', keyId: 'k2' })
    setRememberedLogin('alice')
    expect(JSON.parse(storage('local').getItem('trestle.rememberedLogin')!)).toEqual({ accountName: 'alice', remember: true })
    const cleared = vi.fn()
    const off = onSessionCleared(cleared)
    clearSession()
    off()
    expect(cleared).toHaveBeenCalledTimes(1)
    expect(getSession().token).toBeNull()
    expect(isLoggedIn()).toBe(false)
    expect(storage('session').getItem('trestle.token')).toBeNull()
    expect(getCipher('trestle-admin')).toBeNull()
    expect(getCipher('other-app')).toBeNull()
    expect(getRememberedLogin()).toEqual({ accountName: 'alice', remember: true })
    setRememberedLogin(null)
    expect(getRememberedLogin()).toBeNull()
  })
})

describe('baseAccessToken (SPEC §3 local-storage items)', () => {
  it('mirrors the console’s access token to local storage when it is issued or renewed, and goes with the session', () => {
    setSession({ token: 't', accessToken: 'first', privateKey: 'p' })
    expect(getBaseAccessToken()).toBe('first')
    expect(storage('local').getItem(BASE_ACCESS_TOKEN_KEY)).toBe('"first"')
    setSession({ accessToken: 'renewed', privateKey: 'p2' })
    expect(getBaseAccessToken()).toBe('renewed')
    setSession({ userAccount: { accountName: 'alice' } as never })
    expect(getBaseAccessToken()).toBe('renewed')
    void clearSession()
    expect(getBaseAccessToken()).toBeNull()
  })
})

describe('async clear hooks', () => {
  it('clearSession resolves only after every async hook finished, even when one fails', async () => {
    const order: string[] = []
    let release!: () => void
    const slow = new Promise<void>((r) => (release = r))
    const offs = [
      onSessionCleared(async () => {
        await slow
        order.push('slow')
      }),
      onSessionCleared(() => Promise.reject(new Error('boom'))),
      onSessionCleared(() => void order.push('sync')),
    ]
    setSession({ token: 't' })
    let done = false
    const p = clearSession().then(() => (done = true))
    expect(order).toEqual(['sync'])
    expect(getSession().token).toBeNull()
    await Promise.resolve()
    expect(done).toBe(false)
    release()
    await p
    expect(order).toEqual(['sync', 'slow'])
    offs.forEach((off) => off())
  })
})

describe('returnPath (where a sign-in returns to)', () => {
  it('takes a console page with its query', () => {
    expect(returnPath('/admin/role-manage')).toBe('/admin/role-manage')
    expect(returnPath('/personal-view?tab=sessions')).toBe('/personal-view?tab=sessions')
    expect(returnPath('/admin/terminal-authentication?keyword=dev-1&pageIndex=2')).toBe(
      '/admin/terminal-authentication?keyword=dev-1&pageIndex=2',
    )
  })

  it('refuses another site, a public page and anything malformed (the sign-in then goes home)', () => {
    for (const bad of [
      'https://evil.example/admin/x',
      '//evil.example/admin/',
      '/\\evil.example',
      '/login',
      '/register',
      '/sign?x=1',
      '/loginThirdPlatform',
      '/',
      '/1x',
      'admin/home',
      '/admin/x#y',
      '/admin/x?a=b c',
      42,
      undefined,
      null,
    ])
      expect(returnPath(bad)).toBeUndefined()
  })
})
