/**
 * The tabs of open pages: the home tab first and pinned, then the pages in the order they were
 * opened, at most MAX_TABS of them (the oldest inactive one goes). Kept in sessionStorage, so a
 * reload keeps them and a new browser tab starts clean; cleared with the session.
 */
import type { MenuPath } from '@/contract/catalogue'
import { createStore } from '@/lib/store'
import { onSessionCleared } from '@/lib/session'
import { normalizePath } from '@/lib/permissions/menu'

export const HOME_PATH = '/admin/home' satisfies MenuPath
export const MAX_TABS = 10
const STORAGE_KEY = 'trestle.tabs'

/** Adds `path` (if new) and trims to `max` closable tabs, never dropping `path` itself. */
export function addTab(tabs: readonly string[], path: string, max = MAX_TABS): string[] {
  const p = normalizePath(path)
  const rest = tabs.filter((t) => t !== HOME_PATH)
  if (p !== HOME_PATH && !rest.includes(p)) rest.push(p)
  while (rest.length > max) {
    const i = rest.findIndex((t) => t !== p)
    if (i < 0) break
    rest.splice(i, 1)
  }
  return [HOME_PATH, ...rest]
}

/**
 * Removes `path` (the home tab cannot be closed). When it was the active one, `next` is where to
 * go: the tab to its right, else to its left.
 */
export function removeTab(tabs: readonly string[], path: string, active: string): { tabs: string[]; next: string | null } {
  const p = normalizePath(path)
  if (p === HOME_PATH) return { tabs: [...tabs], next: null }
  const i = tabs.indexOf(p)
  if (i < 0) return { tabs: [...tabs], next: null }
  const left = tabs.filter((t) => t !== p)
  if (normalizePath(active) !== p) return { tabs: left, next: null }
  return { tabs: left, next: left[i] ?? left[i - 1] ?? HOME_PATH }
}

function load(): string[] {
  try {
    const raw = globalThis.sessionStorage?.getItem(STORAGE_KEY)
    const parsed: unknown = raw ? JSON.parse(raw) : null
    if (Array.isArray(parsed)) {
      return parsed
        .filter((x): x is string => typeof x === 'string' && x.startsWith('/'))
        .reduce<string[]>((acc, t) => addTab(acc, t), [HOME_PATH])
    }
  } catch {
    /* unreadable: start clean */
  }
  return [HOME_PATH]
}

export const tabsStore = createStore<string[]>(load())

function save(tabs: string[]) {
  try {
    globalThis.sessionStorage?.setItem(STORAGE_KEY, JSON.stringify(tabs))
  } catch {
    /* storage unavailable */
  }
}

export function setTabs(tabs: string[]) {
  save(tabs)
  tabsStore.set(tabs)
  // a closed tab forgets where its page was
  const places = placesStore.get()
  if (Object.keys(places).some((p) => !tabs.includes(p)))
    savePlaces(Object.fromEntries(Object.entries(places).filter(([p]) => tabs.includes(p))))
}

export const openTab = (path: string) => {
  const next = addTab(tabsStore.get(), path)
  if (next.join('\n') !== tabsStore.get().join('\n')) setTabs(next)
}

/**
 * Where each open page was last (its search: the selected unit, tab…), so its page tab and its
 * menu entry return there instead of to the bare route. Kept with the tabs, per browser tab.
 */
export type PageSearch = Record<string, unknown>
const PLACES_KEY = 'trestle.tabPlaces'

function loadPlaces(): Record<string, PageSearch> {
  try {
    const parsed: unknown = JSON.parse(globalThis.sessionStorage?.getItem(PLACES_KEY) ?? 'null')
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, PageSearch>
  } catch {
    /* unreadable: start clean */
  }
  return {}
}

export const placesStore = createStore<Record<string, PageSearch>>(loadPlaces())

function savePlaces(places: Record<string, PageSearch>) {
  try {
    globalThis.sessionStorage?.setItem(PLACES_KEY, JSON.stringify(places))
  } catch {
    /* storage unavailable */
  }
  placesStore.set(places)
}

/** Remembers the search of an open page (only of open tabs; an empty search forgets it). */
export function rememberPlace(path: string, search: PageSearch) {
  const p = normalizePath(path)
  const places = placesStore.get()
  const empty = Object.keys(search).length === 0
  if (JSON.stringify(places[p] ?? {}) === JSON.stringify(search)) return
  const next: Record<string, PageSearch> = {}
  for (const t of tabsStore.get()) if (t !== p && places[t]) next[t] = places[t]
  if (!empty) next[p] = search
  savePlaces(next)
}

/** The remembered search of a page, if it is open in a tab. */
export const placeOf = (places: Record<string, PageSearch>, path: string): PageSearch | undefined => places[normalizePath(path)]

onSessionCleared(() => {
  setTabs([HOME_PATH])
  savePlaces({})
})
