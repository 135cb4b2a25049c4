/** The accounts area: its pages, offline entities, unit tab and invitation form. */
import type { SearchHit } from '@/contract/schemas/search'
import type { FoundTarget } from '@/lib/commands'

export const accountsArea = {
  id: 'accounts',
  pages: ['/admin/project-org-account'],
  /** An account the search found: its unit's accounts, looked up by account name. */
  found: {
    account: (hit: SearchHit): FoundTarget => ({
      to: '/admin/organization',
      search: { unit: hit.organizationId ?? '', tab: 'accounts' },
      intent: 'find',
      value: hit.name,
    }),
  },
  offline: () =>
    import('./offline').then((m) => ({
      entities: [m.generalAccountOffline.entity, m.registerAccountOffline.entity],
      editor: () => import('./EntryEditor'),
    })),
  unitPanels: { accounts: () => import('./index').then((m) => m.AccountsPanel) },
  inviteForms: { account: () => import('./index').then((m) => m.AccountInviteForm) },
} as const
