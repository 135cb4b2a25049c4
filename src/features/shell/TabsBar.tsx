import { useEffect, useRef } from 'react'
import { useLocation, useNavigate, useRouterState } from '@tanstack/react-router'
import { Link } from '@/components/link'
import { House, X } from 'lucide-react'
import { useT } from '@/lib/i18n'
import { normalizePath } from '@/lib/permissions'
import { usePageTitle } from '@/lib/pages'
import { useScrollEdges } from '@/lib/scroll-edges'
import { cn } from '@/lib/utils'
import { dynamicTo } from './links'
import { HOME_PATH, openTab, placeOf, placesStore, rememberPlace, removeTab, setTabs, tabsStore } from './tabs'

/** The tabs of open pages: the current page joins on every navigation; home is pinned. */
export function TabsBar() {
  const { t } = useT()
  const title = usePageTitle()
  const navigate = useNavigate()
  const pathname = normalizePath(useLocation({ select: (l) => l.pathname }))
  const search = useLocation({ select: (l) => l.search }) as Record<string, unknown>
  const places = placesStore.use()
  // Only a page that opened becomes a tab (not one the guard refused or that failed).
  const opened = useRouterState({ select: (s) => s.status === 'idle' && s.matches.at(-1)?.status === 'success' })
  const tabs = tabsStore.use()
  const activeRef = useRef<HTMLAnchorElement | null>(null)
  const strip = useRef<HTMLDivElement | null>(null)
  useScrollEdges(strip)

  useEffect(() => {
    if (opened) {
      openTab(pathname)
      rememberPlace(pathname, search)
    }
  }, [pathname, search, opened])
  // in the next frame, where the page is laid out anyway (not a layout of its own while it is built)
  useEffect(() => {
    const frame = requestAnimationFrame(() => activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' }))
    return () => cancelAnimationFrame(frame)
  }, [pathname, tabs])

  const close = (path: string) => {
    const { tabs: left, next } = removeTab(tabsStore.get(), path, pathname)
    setTabs(left)
    if (next) void navigate({ to: dynamicTo(next), search: placeOf(placesStore.get(), next) as never })
  }

  return (
    <div
      ref={strip}
      className="scroll-fade flex h-12 shrink-0 items-end gap-1 overflow-x-auto overflow-y-hidden border-b bg-muted/40 px-2 [scrollbar-width:thin]"
      role="navigation"
      aria-label={t('shell.tabs.label')}
    >
      {tabs.map((path) => {
        const active = path === pathname
        const home = path === HOME_PATH
        const name = title(path)
        return (
          <div
            key={path}
            className={cn(
              'group flex h-11 max-w-52 shrink-0 items-center rounded-t-md border border-b-0 text-sm transition-colors',
              active
                ? 'bg-background text-foreground'
                : 'border-transparent text-muted-foreground hover:bg-background/60 hover:text-foreground',
            )}
          >
            <Link
              ref={active ? activeRef : undefined}
              to={dynamicTo(path)}
              search={placeOf(places, path) as never}
              aria-current={active ? 'page' : undefined}
              className="flex h-full min-w-0 items-center gap-1.5 rounded-t-md pl-3 pr-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
              onAuxClick={(e) => {
                if (e.button === 1 && !home) {
                  e.preventDefault()
                  close(path)
                }
              }}
              title={home ? `${name} · ${t('shell.tabs.pinned')}` : name}
            >
              {home && <House aria-hidden className="size-3.5 shrink-0" />}
              <span className="truncate">{name}</span>
            </Link>
            {!home && (
              <button
                type="button"
                onClick={() => close(path)}
                aria-label={t('shell.tabs.close', { title: name })}
                className="flex size-11 shrink-0 items-center justify-center rounded opacity-60 outline-none hover:bg-muted hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            )}
          </div>
        )
      })}
    </div>
  )
}
