/** Light / dark mode: a persisted preference (else the system's), applied as the `dark` class on <html>. */
import { createStore } from '@/lib/store'

export type Theme = 'light' | 'dark'
const STORAGE_KEY = 'trestle.theme'

function initialTheme(): Theme {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY)
    if (saved === 'light' || saved === 'dark') return saved
  } catch {
    /* storage unavailable */
  }
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

export const themeStore = createStore<Theme>(initialTheme())

function apply(theme: Theme) {
  if (typeof document === 'undefined') return
  document.documentElement.classList.toggle('dark', theme === 'dark')
  document.documentElement.style.colorScheme = theme
}

export function setTheme(theme: Theme) {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, theme)
  } catch {
    /* storage unavailable */
  }
  themeStore.set(theme)
}

export const toggleTheme = () => setTheme(themeStore.get() === 'dark' ? 'light' : 'dark')

/** Applies the preference now and on every change (call once, before the first render). */
export function initTheme(): () => void {
  apply(themeStore.get())
  return themeStore.subscribe(() => apply(themeStore.get()))
}
