import { useMemo } from 'react'
import { useLocation } from '@tanstack/react-router'
import { ChevronRight, Languages, LogOut, Menu, Moon, Sun, UserRound } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { LazyMenu, lazyMenuPopup } from '@/components/ui/lazy-menu'
import { Tooltip } from '@/components/ui/tooltip'
import { hasKey, setLocale, translate, useT } from '@/lib/i18n'
import { buildMenuTree, menuLabel, menuTrail, normalizePath, useMenus } from '@/lib/permissions'
import { pageTitle, subScreenOf } from '@/lib/pages'
import { useSession } from '@/lib/session'
import { MessageBell } from '@/lib/messages'
import { SyncBadge, SyncHost } from '@/features/sync'
import { PaletteButton } from '@/features/palette'
import { logout } from './logout'
import { themeStore, toggleTheme } from './theme'
import { displayName, useCurrentUser } from './user'
import type { UserMenuProps } from './UserMenuPopup'

const UserMenuPopup = lazyMenuPopup<UserMenuProps>(() => import('./UserMenuPopup').then((m) => m.UserMenuPopup))

export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useT()
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b bg-card px-3 lg:px-4">
      <Button variant="ghost" size="icon" className="lg:hidden" onClick={onOpenMenu} aria-label={t('shell.nav.openMenu')}>
        <Menu />
      </Button>
      <Breadcrumbs />
      <div className="ml-auto flex items-center gap-1">
        <PaletteButton />
        <SyncBadge />
        <SyncHost />
        <MessageBell />
        <LanguageSwitch />
        <ThemeToggle />
        <UserMenu />
        <Tooltip label={t('shell.header.logout')}>
          <Button
            variant="ghost"
            size="icon"
            className="hidden sm:inline-flex"
            onClick={() => void logout()}
            aria-label={t('shell.header.logout')}
          >
            <LogOut />
          </Button>
        </Tooltip>
      </div>
    </header>
  )
}

/** group › page from the menu tree; the routes.* title for a page without a menu. */
export function Breadcrumbs() {
  const { t, locale } = useT()
  const pathname = normalizePath(useLocation({ select: (l) => l.pathname }))
  const { data: menus } = useMenus()
  const tree = useMemo(() => buildMenuTree(menus ?? []), [menus])
  const sub = subScreenOf(pathname)
  const trail = menuTrail(tree, sub?.menu ?? pathname)
  const items = trail.length
    ? [...trail.map((n) => menuLabel(n, locale)), ...(sub && hasKey(sub.key) ? [translate(locale, sub.key)] : [])]
    : [pageTitle(pathname, locale, menus)]
  return (
    <nav aria-label={t('shell.header.breadcrumbs')} className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1 text-sm">
        {items.map((name, i) => {
          const last = i === items.length - 1
          return (
            <li
              key={`${i}-${name}`}
              className={last ? 'flex min-w-0 items-center gap-1' : 'hidden items-center gap-1 text-muted-foreground sm:flex'}
            >
              <span className={last ? 'truncate font-medium' : 'truncate'} aria-current={last ? 'page' : undefined}>
                {name}
              </span>
              {!last && <ChevronRight aria-hidden className="size-4 shrink-0" />}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}

function LanguageSwitch() {
  const { t, locale } = useT()
  const next = locale === 'zh' ? 'en' : 'zh'
  const label = next === 'en' ? t('shell.header.switchToEn') : t('shell.header.switchToZh')
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => setLocale(next)}
      aria-label={`${t('shell.header.language')}: ${label}`}
      lang={next === 'en' ? 'en' : 'zh-CN'}
    >
      <Languages />
      <span className="hidden sm:inline">{label}</span>
    </Button>
  )
}

function ThemeToggle() {
  const { t } = useT()
  const dark = themeStore.use() === 'dark'
  const label = dark ? t('shell.header.lightMode') : t('shell.header.darkMode')
  return (
    <Tooltip label={label}>
      <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label={label}>
        {dark ? <Sun /> : <Moon />}
      </Button>
    </Tooltip>
  )
}

function UserMenu() {
  const { t } = useT()
  const account = useSession((s) => s.userAccount)
  const { data: user } = useCurrentUser()
  const name = displayName(user ?? account, account?.accountName ?? '')
  const accountName = user?.accountName ?? account?.accountName ?? ''
  const org = user?.organizationName ?? account?.organizationName ?? null
  const photo = user?.profilePhotoUrl
  return (
    <LazyMenu
      popup={UserMenuPopup}
      props={{ name, accountName, org }}
      trigger={
        // its name starts with the name it shows (WCAG 2.5.3); the initial is decoration
        <Button variant="ghost" className="gap-2 px-2" aria-label={`${name} · ${t('shell.user.menu')}`}>
          <span
            aria-hidden
            className="flex size-7 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary/15 text-xs font-semibold text-primary"
          >
            {photo ? (
              <img src={photo} alt="" className="size-full object-cover" />
            ) : name ? (
              name.slice(0, 1).toUpperCase()
            ) : (
              <UserRound className="size-4" />
            )}
          </span>
          <span className="hidden max-w-32 truncate md:inline">{name}</span>
        </Button>
      }
    />
  )
}
