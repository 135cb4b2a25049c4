/**
 * The header's user menu, loaded the first time it opens (LazyMenu in ./Header.tsx): who is signed in
 * and where they sit (GET nodes: unit path / department path), the applications the account may use
 * (api/listAppByPermission: this one marked, the others opened by their address), the personal
 * centre and logging out.
 */
import { useQuery } from '@tanstack/react-query'
import { Link } from '@/components/link'
import { AppWindow, Check, LogOut, UserRound } from 'lucide-react'
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
import { appCode, useApps } from '@/lib/permissions'
import { nodesQueryOptions } from './queries'
import { logout } from './logout'

export interface UserMenuProps {
  name: string
  accountName: string
  org: string | null
}

export function UserMenuPopup({ trigger, name, accountName, org }: UserMenuProps & MenuPopupProps) {
  const { t } = useT()
  const nodes = useQuery(nodesQueryOptions(accountName)).data
  const place = nodes?.length ? nodes.map((n) => n.nodeName).join(' / ') : org
  const apps = useApps().data ?? []
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="space-y-1 font-normal">
          <div className="truncate text-sm font-medium">{name}</div>
          <div className="truncate text-xs text-muted-foreground">{t('shell.user.account', { name: accountName })}</div>
          <div className="text-xs text-muted-foreground">
            {place ? t('shell.user.organization', { name: place }) : t('shell.user.noOrganization')}
          </div>
        </DropdownMenuLabel>
        {apps.length > 0 && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">{t('shell.user.apps')}</DropdownMenuLabel>
            {apps.map((a) =>
              a.code === appCode() ? (
                <DropdownMenuItem key={a.applicationId} disabled className="opacity-100">
                  <Check />
                  <span className="truncate">{a.name}</span>
                  <span className="ml-auto text-xs text-muted-foreground">{t('shell.user.currentApp')}</span>
                </DropdownMenuItem>
              ) : a.url ? (
                <DropdownMenuItem key={a.applicationId} asChild>
                  <a href={a.url} target="_blank" rel="noopener noreferrer">
                    <AppWindow />
                    <span className="truncate">{a.name}</span>
                  </a>
                </DropdownMenuItem>
              ) : (
                <DropdownMenuItem key={a.applicationId} disabled>
                  <AppWindow />
                  <span className="truncate">{a.name}</span>
                  <span className="ml-auto text-xs">{t('shell.user.noAddress')}</span>
                </DropdownMenuItem>
              ),
            )}
          </>
        )}
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
