/** 账号 tab of /admin/organization: the general accounts of the selected unit (and its child units), with the account invitation. */
import { useState } from 'react'
import { QrCode } from 'lucide-react'
import { ACCOUNT_FNS } from '@/contract/schemas/account'
import { Button } from '@/components/ui/button'
import { InviteDialog } from '@/features/invite'
import type { ListSearch } from '@/lib/crud'
import { useT } from '@/lib/i18n'
import { useIntent } from '@/lib/commands'
import { Can } from '@/lib/permissions'
import { AccountsTable } from './AccountsTable'

export interface AccountsPanelProps {
  organizationId: string
  /** For the invitation's title. */
  organizationName?: string
}

export function AccountsPanel({ organizationId, organizationName }: AccountsPanelProps) {
  const { t } = useT()
  const [search, setSearch] = useState<ListSearch>({})
  const [inviting, setInviting] = useState(false)
  // an account the palette found: looked up by its name
  useIntent('find', (name) => setSearch(name ? { keyword: name } : {}))
  return (
    <>
      <AccountsTable
        key={organizationId}
        kind="general"
        title={organizationName ? `${organizationName} · ${t('accounts.general.title')}` : t('accounts.general.title')}
        headerless
        organizationId={organizationId}
        search={search}
        onSearchChange={setSearch}
        toolbar={
          <Can action={ACCOUNT_FNS.general.invite}>
            <Button variant="outline" onClick={() => setInviting(true)} icon={QrCode}>
              {t('accounts.action.invite')}
            </Button>
          </Can>
        }
      />
      <InviteDialog
        purpose="account"
        targetId={organizationId}
        open={inviting}
        onOpenChange={setInviting}
        subject={t('accounts.inviteSubject', { org: organizationName ?? '' })}
      />
    </>
  )
}
