import { describe, expect, it, vi } from 'vitest'
import { menuFlags, setMenuHeader, setPageFlags } from './menuState'
import { sessionNavigator } from './navigation'

describe('the menu state’s flags (SPEC §2)', () => {
  it('marks the home and the signing page as they open', () => {
    setPageFlags('/admin/home')
    expect(menuFlags.get()).toMatchObject({ home: true, signing: false })
    setPageFlags('/sign')
    expect(menuFlags.get()).toMatchObject({ home: false, signing: true })
    setPageFlags('/admin/role-manage')
    expect(menuFlags.get()).toMatchObject({ home: false, signing: false })
  })

  it('keeps the menu header’s choice on this device', () => {
    const items = new Map<string, string>()
    vi.stubGlobal('localStorage', { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => items.set(k, v) })
    setMenuHeader(false)
    expect(menuFlags.get().header).toBe(false)
    expect(items.get('trestle.sidebarCollapsed')).toBe('1')
    setMenuHeader(true)
    expect(menuFlags.get().header).toBe(true)
    expect(items.get('trestle.sidebarCollapsed')).toBe('0')
    vi.unstubAllGlobals()
  })

  it('an ended session takes the user to the login page, except away from the signing page', () => {
    const navigate = vi.fn()
    const go = sessionNavigator({ navigate } as never)
    setPageFlags('/admin/home')
    go('/login')
    expect(navigate).toHaveBeenLastCalledWith({ to: '/login' })
    setPageFlags('/sign')
    go('/login')
    expect(navigate).toHaveBeenCalledTimes(1)
    go('/admin/home')
    expect(navigate).toHaveBeenLastCalledWith({ to: '/admin/home' })
  })
})
