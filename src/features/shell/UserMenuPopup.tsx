/** The header's user menu, loaded the first time it opens (LazyMenu in ./Header.tsx). */
import { Link } from '@tanstack/react-router'
import { LogOut, UserRound } from 'lucide-react'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import type { MenuPopupProps } from '@/components/ui/lazy-menu'
import { useT } from '@/lib/i18n'
import { logout } from './logout'

export interface UserMenuProps {
  name: string
  accountName: string
  org: string | null
}

export function UserMenuPopup({ trigger, name, accountName, org }: UserMenuProps & MenuPopupProps) {
  const { t } = useT()
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="space-y-1 font-normal">
          <div className="truncate text-sm font-medium">{name}</div>
          <div className="truncate text-xs text-muted-foreground">{t('shell.user.account', { name: accountName })}</div>
          <div className="truncate text-xs text-muted-foreground">
            {org ? t('shell.user.organization', { name: org }) : t('shell.user.noOrganization')}
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/personal-view">
            <UserRound />
            {t('shell.user.personalCentre')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logout()}>
          <LogOut />
          {t('shell.user.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
