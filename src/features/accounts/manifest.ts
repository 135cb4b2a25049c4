/** The accounts area: its pages, offline entities, unit tab and invitation form. */
import { foundOnUnitTab } from '@/lib/commands'

export const accountsArea = {
  id: 'accounts',
  pages: ['/admin/project-org-account'],
  /** An account the search found: its unit's accounts, looked up by account name. */
  found: { account: foundOnUnitTab('accounts') },
  offline: () =>
    import('./offline').then((m) => ({
      entities: [m.generalAccountOffline.entity, m.registerAccountOffline.entity],
      editor: () => import('./EntryEditor'),
    })),
  unitPanels: { accounts: () => import('./index').then((m) => m.AccountsPanel) },
  inviteForms: { account: () => import('./index').then((m) => m.AccountInviteForm) },
} as const
