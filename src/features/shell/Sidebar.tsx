import { useMemo, useState } from 'react'
import { useLocation } from '@tanstack/react-router'
import { Link } from '@/components/link'
import { ChevronDown, ChevronsLeft, ChevronsRight, RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { LazyMenu, lazyMenuPopup } from '@/components/ui/lazy-menu'
import { Tooltip } from '@/components/ui/tooltip'
import { useT, type Locale } from '@/lib/i18n'
import { PlannedMark } from '@/lib/builtPages'
import { buildMenuTree, menuLabel, menuLeaves, menuTrail, normalizePath, useMenus, type MenuNode } from '@/lib/permissions'
import { cn } from '@/lib/utils'
import { MenuIcon } from '@/components/menu-icons'
import { dynamicTo } from './links'
import type { GroupMenuProps } from './GroupMenuPopup'
import { placeOf, placesStore } from './tabs'

const GroupMenuPopup = lazyMenuPopup<GroupMenuProps>(() => import('./GroupMenuPopup').then((m) => m.GroupMenuPopup))

const itemBase =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm text-sidebar-foreground/85 outline-none transition-colors hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-sidebar-accent'
const itemActive = 'bg-sidebar-accent font-medium text-white hover:bg-sidebar-accent'

interface NavProps {
  collapsed: boolean
  /** Called after a menu entry is followed (closes the drawer on narrow screens). */
  onNavigate?: () => void
}

/** The left menu: the account's menus from the server as a tree of collapsible groups. */
export function SidebarNav({ collapsed, onNavigate }: NavProps) {
  const { t, locale } = useT()
  const menus = useMenus()
  const pathname = normalizePath(useLocation({ select: (l) => l.pathname }))
  const tree = useMemo(() => buildMenuTree(menus.data ?? []), [menus.data])
  const trailIds = useMemo(() => new Set(menuTrail(tree, pathname).map((n) => n.applicationMenuId)), [tree, pathname])
  // Groups on the way to the current page are open unless the user closed them; others closed unless opened.
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(new Map())
  const isOpen = (id: string) => toggled.get(id) ?? trailIds.has(id)
  const toggle = (id: string) => setToggled((m) => new Map(m).set(id, !isOpen(id)))
  const nav: EntryNav = { pathname, locale, isOpen, toggle, onNavigate }

  if (menus.isPending) {
    return (
      <div role="status" className="space-y-2 p-3" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-8 bg-white/10" />
        ))}
      </div>
    )
  }
  if (menus.isError && !menus.data?.length) {
    return (
      <div className="space-y-2 p-3 text-sm text-sidebar-foreground/80">
        {!collapsed && <p>{t('shell.nav.loadFailed')}</p>}
        <Button size={collapsed ? 'icon' : 'sm'} variant="secondary" onClick={() => void menus.refetch()} aria-label={t('common.retry')}>
          <RefreshCw />
          {!collapsed && t('common.retry')}
        </Button>
      </div>
    )
  }
  if (!tree.length) return <p className="p-4 text-sm text-sidebar-foreground/70">{!collapsed && t('shell.nav.empty')}</p>

  return (
    <ul className="space-y-1 p-2" role="list">
      {tree.map((node) =>
        collapsed ? (
          <CollapsedEntry key={node.applicationMenuId} node={node} pathname={pathname} locale={locale} onNavigate={onNavigate} />
        ) : (
          <Entry key={node.applicationMenuId} node={node} depth={0} nav={nav} />
        ),
      )}
    </ul>
  )
}

/** What every entry of the expanded menu needs: the current page, the language, the open groups, the drawer's close. */
interface EntryNav {
  pathname: string
  locale: Locale
  isOpen: (id: string) => boolean
  toggle: (id: string) => void
  onNavigate?: () => void
}

function Entry({ node, depth, nav }: { node: MenuNode; depth: number; nav: EntryNav }) {
  const { pathname, locale, isOpen, toggle, onNavigate } = nav
  // a page open in a tab is entered where it was left (its unit, its tab…)
  const places = placesStore.use()
  const name = menuLabel(node, locale)
  const indent = { paddingLeft: `${0.75 + depth * 1}rem` }
  if (node.children.length === 0) {
    if (!node.action) return null
    const active = normalizePath(node.action) === pathname
    return (
      <li>
        <Link
          to={dynamicTo(node.action)}
          search={placeOf(places, node.action) as never}
          onClick={onNavigate}
          className={cn(itemBase, active && itemActive)}
          style={indent}
          aria-current={active ? 'page' : undefined}
        >
          <MenuIcon iconPath={node.iconPath} />
          <span className="line-clamp-2 min-w-0 break-words leading-snug">{name}</span>
          <PlannedMark action={node.action} className="ml-auto" />
        </Link>
      </li>
    )
  }
  const open = isOpen(node.applicationMenuId)
  const groupId = `menu-group-${node.applicationMenuId}`
  return (
    <li>
      <button
        type="button"
        className={itemBase}
        style={indent}
        aria-expanded={open}
        aria-controls={groupId}
        onClick={() => toggle(node.applicationMenuId)}
      >
        <MenuIcon iconPath={node.iconPath} />
        <span className="line-clamp-2 min-w-0 flex-1 break-words text-left leading-snug">{name}</span>
        <ChevronDown aria-hidden className={cn('size-4 shrink-0 opacity-70 transition-transform', !open && '-rotate-90')} />
      </button>
      {open && (
        <ul id={groupId} className="mt-1 space-y-1" role="list">
          {node.children.map((child) => (
            <Entry key={child.applicationMenuId} node={child} depth={depth + 1} nav={nav} />
          ))}
        </ul>
      )}
    </li>
  )
}

/** Icons-only: a page is an icon link with a tooltip; a group opens its pages in a menu beside it. */
function CollapsedEntry({
  node,
  pathname,
  locale,
  onNavigate,
}: {
  node: MenuNode
  pathname: string
  locale: Locale
  onNavigate?: () => void
}) {
  const places = placesStore.use()
  const name = menuLabel(node, locale)
  const iconItem =
    'flex h-10 w-full items-center justify-center rounded-md text-sidebar-foreground/85 outline-none transition-colors hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-sidebar-accent'
  if (node.children.length === 0) {
    if (!node.action) return null
    const active = normalizePath(node.action) === pathname
    return (
      <li>
        <Tooltip label={name} side="right">
          <Link
            to={dynamicTo(node.action)}
            search={placeOf(places, node.action) as never}
            onClick={onNavigate}
            aria-label={name}
            aria-current={active ? 'page' : undefined}
            className={cn(iconItem, active && itemActive)}
          >
            <MenuIcon iconPath={node.iconPath} className="size-5" />
          </Link>
        </Tooltip>
      </li>
    )
  }
  const leaves = menuLeaves(node.children)
  const active = leaves.some((l) => normalizePath(l.node.action) === pathname)
  return (
    <li>
      <LazyMenu
        popup={GroupMenuPopup}
        props={{ name, pages: leaves.map((l) => l.node), pathname, locale, onNavigate }}
        trigger={
          <button type="button" aria-label={name} className={cn(iconItem, active && itemActive)}>
            <MenuIcon iconPath={node.iconPath} className="size-5" />
          </button>
        }
      />
    </li>
  )
}

/** The brand line at the top of the sidebar. */
export function SidebarBrand({ collapsed }: { collapsed: boolean }) {
  const { t } = useT()
  return (
    <Link
      to="/admin/home"
      className="flex h-14 shrink-0 items-center gap-2 border-b border-white/10 px-4 text-white outline-none focus-visible:ring-2 focus-visible:ring-sidebar-accent"
    >
      <img src="/icons/favicon.svg" alt="" aria-hidden className="size-7 shrink-0" />
      {!collapsed && <span className="line-clamp-2 text-sm font-semibold leading-tight">{t('common.platformName')}</span>}
    </Link>
  )
}

export function CollapseToggle({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useT()
  const label = collapsed ? t('shell.nav.expand') : t('shell.nav.collapse')
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={label}
      title={label}
      className="flex h-10 w-full shrink-0 items-center justify-center gap-2 border-t border-white/10 text-sm text-sidebar-foreground/80 outline-none hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-sidebar-accent"
    >
      {collapsed ? <ChevronsRight className="size-4" aria-hidden /> : <ChevronsLeft className="size-4" aria-hidden />}
      {!collapsed && <span>{label}</span>}
    </button>
  )
}
