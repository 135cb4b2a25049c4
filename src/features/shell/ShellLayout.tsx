import { lazy, useDeferredValue, useState, type ReactNode } from 'react'
import { Outlet } from '@tanstack/react-router'
import { OnceOpened } from '@/lib/chunks'
import { useT } from '@/lib/i18n'
import { useMediaQuery } from '@/lib/useMediaQuery'
import { cn } from '@/lib/utils'
import { Header } from './Header'
import { menuFlags, setMenuHeader } from './menuState'
import { CollapseToggle, SidebarBrand, SidebarNav } from './Sidebar'
import { TabsBar } from './TabsBar'

/** The menu as a drawer below 1024 px, loaded the first time it opens. */
const MenuDrawer = lazy(() => import('./MenuDrawer').then((m) => ({ default: m.MenuDrawer })))

/** The id of the scrolling content area (the router scrolls it to the top on every navigation). */
export const MAIN_CONTENT_ID = 'main-content'

/**
 * The shell of every logged-in page: the menu on the left (collapsible to icons from 1024 px,
 * icons by default below 1280 px; an overlay drawer below 1024 px), the header, the tabs of open pages, and the
 * content area, which is what scrolls.
 */
export function ShellLayout() {
  const { t } = useT()
  const collapsed = !menuFlags.use((f) => f.header)
  const [drawerOpen, setDrawerOpen] = useState(false)
  // below 1024 px the menu is the drawer: the side menu is not built at all (on a phone it was most
  // of the frame's first render, for nothing shown)
  const wide = useMediaQuery('(min-width: 1024px)')

  return (
    <div className="flex h-full overflow-hidden bg-background">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        {t('shell.nav.skipToContent')}
      </a>

      {wide && (
        <aside
          aria-label={t('shell.nav.mainMenu')}
          className={cn(
            'flex shrink-0 flex-col bg-sidebar text-sidebar-foreground transition-[width] duration-200',
            collapsed ? 'w-16' : 'w-60',
          )}
        >
          <SidebarBrand collapsed={collapsed} />
          <nav className="min-h-0 flex-1 overflow-y-auto overflow-x-hidden [scrollbar-width:thin]" aria-label={t('shell.nav.menu')}>
            <SidebarNav collapsed={collapsed} />
          </nav>
          <CollapseToggle collapsed={collapsed} onToggle={() => setMenuHeader(collapsed)} />
        </aside>
      )}

      <OnceOpened open={drawerOpen}>
        <MenuDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
      </OnceOpened>

      <div className="flex min-w-0 flex-1 flex-col">
        <Header onOpenMenu={() => setDrawerOpen(true)} />
        <TabsBar />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-0 flex-1 overflow-y-auto p-4 outline-none lg:p-6">
          <Sliced>
            <Outlet />
          </Sliced>
        </main>
      </div>
    </div>
  )
}

/**
 * The first screen is rendered after the shell, as a deferred value: React renders a deferred
 * value in slices of a few milliseconds, where the router's commit (an external store's update) is
 * rendered in one synchronous task — on a slow tablet the shell and a list screen with its rows
 * were one task of ≈ 300 ms that no tap could interrupt. Later screens are the router's as before
 * (the outlet renders them itself).
 */
function Sliced({ children }: { children: ReactNode }) {
  return useDeferredValue(children, null)
}
