import { useState } from 'react'
import { Outlet } from '@tanstack/react-router'
import { Dialog } from 'radix-ui'
import { X } from 'lucide-react'
import { useT } from '@/lib/i18n'
import { createStore } from '@/lib/store'
import { cn } from '@/lib/utils'
import { Header } from './Header'
import { CollapseToggle, SidebarBrand, SidebarNav } from './Sidebar'
import { TabsBar } from './TabsBar'

const COLLAPSED_KEY = 'trestle.sidebarCollapsed'

/** Below this width (a 1024 px tablet in landscape) the menu starts as icons unless the user chose otherwise. */
export const WIDE_SIDEBAR_MIN = 1280

const collapsedStore = createStore<boolean>(
  (() => {
    try {
      const stored = globalThis.localStorage?.getItem(COLLAPSED_KEY)
      if (stored === '1' || stored === '0') return stored === '1'
    } catch {
      /* storage unavailable */
    }
    return (globalThis.innerWidth ?? WIDE_SIDEBAR_MIN) < WIDE_SIDEBAR_MIN
  })(),
)

function setCollapsed(value: boolean) {
  try {
    globalThis.localStorage?.setItem(COLLAPSED_KEY, value ? '1' : '0')
  } catch {
    /* storage unavailable */
  }
  collapsedStore.set(value)
}

/** The id of the scrolling content area (the router scrolls it to the top on every navigation). */
export const MAIN_CONTENT_ID = 'main-content'

/**
 * The shell of every logged-in page: the menu on the left (collapsible to icons from 1024 px,
 * icons by default below 1280 px; an overlay drawer below 1024 px), the header, the tabs of open pages, and the
 * content area, which is what scrolls.
 */
export function ShellLayout() {
  const { t } = useT()
  const collapsed = collapsedStore.use()
  const [drawerOpen, setDrawerOpen] = useState(false)

  return (
    <div className="flex h-full overflow-hidden bg-background">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        {t('shell.nav.skipToContent')}
      </a>

      <aside
        aria-label={t('shell.nav.mainMenu')}
        className={cn(
          'hidden shrink-0 flex-col bg-sidebar text-sidebar-foreground transition-[width] duration-200 lg:flex',
          collapsed ? 'w-16' : 'w-60',
        )}
      >
        <SidebarBrand collapsed={collapsed} />
        <nav className="min-h-0 flex-1 overflow-y-auto overflow-x-hidden [scrollbar-width:thin]" aria-label={t('shell.nav.menu')}>
          <SidebarNav collapsed={collapsed} />
        </nav>
        <CollapseToggle collapsed={collapsed} onToggle={() => setCollapsed(!collapsed)} />
      </aside>

      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 lg:hidden" />
          <Dialog.Content
            className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-sidebar text-sidebar-foreground shadow-xl outline-none lg:hidden"
            aria-describedby={undefined}
          >
            <Dialog.Title className="sr-only">{t('shell.nav.mainMenu')}</Dialog.Title>
            <div className="relative">
              <SidebarBrand collapsed={false} />
              <Dialog.Close
                className="absolute right-2 top-3 rounded-md p-1.5 text-sidebar-foreground/80 outline-none hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-sidebar-accent"
                aria-label={t('shell.nav.closeMenu')}
              >
                <X className="size-5" aria-hidden />
              </Dialog.Close>
            </div>
            <nav className="min-h-0 flex-1 overflow-y-auto" aria-label={t('shell.nav.menu')}>
              <SidebarNav collapsed={false} onNavigate={() => setDrawerOpen(false)} />
            </nav>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <div className="flex min-w-0 flex-1 flex-col">
        <Header onOpenMenu={() => setDrawerOpen(true)} />
        <TabsBar />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-0 flex-1 overflow-y-auto p-4 outline-none lg:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  )
}
