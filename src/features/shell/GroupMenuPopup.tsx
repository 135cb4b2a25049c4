/** A menu group's pages beside its icon in the icons-only sidebar, loaded the first time it opens (LazyMenu in ./Sidebar.tsx). */
import { PlannedMark } from '@/lib/builtPages'
import { Link } from '@/components/link'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import type { MenuPopupProps } from '@/components/ui/lazy-menu'
import { MenuIcon } from '@/components/menu-icons'
import type { Locale } from '@/lib/i18n'
import { menuLabel, normalizePath, type MenuNode } from '@/lib/permissions'
import { dynamicTo } from './links'
import { placeOf, placesStore } from './tabs'

export interface GroupMenuProps {
  name: string
  pages: MenuNode[]
  pathname: string
  locale: Locale
  onNavigate?: () => void
}

export function GroupMenuPopup({ trigger, name, pages, pathname, locale, onNavigate }: GroupMenuProps & MenuPopupProps) {
  const places = placesStore.use()
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent side="right" align="start" className="min-w-48">
        <DropdownMenuLabel>{name}</DropdownMenuLabel>
        {pages.map((page) => (
          <DropdownMenuItem key={page.applicationMenuId} asChild>
            <Link
              to={dynamicTo(page.action)}
              search={placeOf(places, page.action) as never}
              onClick={onNavigate}
              aria-current={normalizePath(page.action) === pathname ? 'page' : undefined}
            >
              <MenuIcon iconPath={page.iconPath} />
              {menuLabel(page, locale)}
              <PlannedMark action={page.action} className="ml-auto" />
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
