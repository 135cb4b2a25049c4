import { describe, expect, it } from 'vitest'
import { HOME_PATH, addTab, removeTab } from './tabs'

describe('tabs', () => {
  it('keeps the home tab first and adds new pages once', () => {
    let tabs = addTab([], '/admin/role-manage')
    tabs = addTab(tabs, '/admin/app-manage/')
    tabs = addTab(tabs, '/admin/role-manage')
    tabs = addTab(tabs, HOME_PATH)
    expect(tabs).toEqual([HOME_PATH, '/admin/role-manage', '/admin/app-manage'])
  })
  it('keeps at most N closable tabs, dropping the oldest but never the one being opened', () => {
    let tabs: string[] = []
    for (const p of ['/a', '/b', '/c', '/d']) tabs = addTab(tabs, p, 3)
    expect(tabs).toEqual([HOME_PATH, '/b', '/c', '/d'])
    expect(addTab([HOME_PATH, '/x'], '/x', 0)).toEqual([HOME_PATH, '/x'])
  })
  it('closing the active tab moves to its right neighbour, else its left one', () => {
    const tabs = [HOME_PATH, '/a', '/b', '/c']
    expect(removeTab(tabs, '/b', '/b')).toEqual({ tabs: [HOME_PATH, '/a', '/c'], next: '/c' })
    expect(removeTab(tabs, '/c', '/c')).toEqual({ tabs: [HOME_PATH, '/a', '/b'], next: '/b' })
    expect(removeTab([HOME_PATH, '/a'], '/a', '/a')).toEqual({ tabs: [HOME_PATH], next: HOME_PATH })
  })
  it('closing another tab stays put; the home tab cannot be closed', () => {
    expect(removeTab([HOME_PATH, '/a', '/b'], '/a', '/b')).toEqual({ tabs: [HOME_PATH, '/b'], next: null })
    expect(removeTab([HOME_PATH, '/a'], HOME_PATH, HOME_PATH)).toEqual({ tabs: [HOME_PATH, '/a'], next: null })
  })
})
