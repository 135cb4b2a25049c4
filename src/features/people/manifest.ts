/** The people area (DESIGN "An area is these files"): its commands, offline entities, unit tab and invitation form. */
import type { SearchHit } from '@/contract/schemas/search'
import type { FoundTarget } from '@/lib/commands'

export const peopleArea = {
  id: 'people',
  pages: ['/admin/user-audit'],
  commands: [
    {
      id: 'people.add',
      label: 'palette.command.addPerson',
      icon: 'add',
      requires: { menu: '/admin/organization', action: 'add' },
      to: '/admin/organization',
      search: { tab: 'departments' },
      intent: 'add',
    },
    {
      id: 'people.import',
      label: 'palette.command.importPeople',
      icon: 'import',
      requires: { menu: '/admin/organization', action: 'import' },
      to: '/admin/organization',
      search: { tab: 'departments' },
      intent: 'import',
    },
  ],
  /** A person the search found: its unit's staff, looked up by name. */
  found: {
    person: (hit: SearchHit): FoundTarget => ({
      to: '/admin/organization',
      search: { unit: hit.organizationId ?? '', tab: 'departments' },
      intent: 'find',
      value: hit.name,
    }),
  },
  offline: () => import('./offline').then((m) => ({ entities: [m.personOffline.entity], editor: () => import('./EntryEditor') })),
  unitPanels: { departments: () => import('./index').then((m) => m.DepartmentsPanel) },
  inviteForms: { profile: () => import('./index').then((m) => m.ProfileInviteForm) },
} as const
