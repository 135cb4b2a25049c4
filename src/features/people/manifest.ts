/** The people area (DESIGN "An area is these files"): its commands, offline entities, unit tab and invitation form. */
import { foundOnUnitTab, pageCommand } from '@/lib/commands'

export const peopleArea = {
  id: 'people',
  pages: ['/admin/user-audit'],
  commands: [
    pageCommand('people.add', 'palette.command.addPerson', '/admin/organization', 'add', { search: { tab: 'departments' } }),
    pageCommand('people.import', 'palette.command.importPeople', '/admin/organization', 'import', { search: { tab: 'departments' } }),
  ],
  /** A person the search found: its unit's staff, looked up by name. */
  found: { person: foundOnUnitTab('departments') },
  offline: () => import('./offline').then((m) => ({ entities: [m.personOffline.entity], editor: () => import('./EntryEditor') })),
  unitPanels: { departments: () => import('./index').then((m) => m.DepartmentsPanel) },
  inviteForms: { profile: () => import('./index').then((m) => m.ProfileInviteForm) },
} as const
