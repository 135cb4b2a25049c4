/**
 * The shell's commands: the language, the theme, signing out. The manifest loads with the entry
 * (src/app/areas.ts): signing out loads its guard (the sync area, the outbox) when run, not before.
 */
import { localeStore, setLocale } from '@/lib/i18n'
import { toggleTheme } from './theme'

export const shellArea = {
  id: 'shell',
  pages: ['/admin/home', '/test/demo'],
  commands: [
    {
      id: 'shell.language',
      label: 'palette.command.language',
      icon: 'language',
      keywords: ['language', '语言', 'English', '中文'],
      run: () => setLocale(localeStore.get() === 'zh' ? 'en' : 'zh'),
    },
    { id: 'shell.theme', label: 'palette.command.theme', icon: 'theme', keywords: ['dark', 'light', '深色', '浅色'], run: toggleTheme },
    { id: 'shell.logout', label: 'palette.command.logout', icon: 'logout', run: () => import('./logout').then((m) => m.logout()) },
  ],
} as const
