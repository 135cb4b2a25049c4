/** The work-site area: its pages, its command, its offline entities. */
import type { SearchHit } from '@/contract/schemas/search'
import { type FoundTarget, pageCommand } from '@/lib/commands'

export const workSitesArea = {
  id: 'workSites',
  pages: ['/admin/work-site-information', '/admin/project-worksite-information'],
  commands: [pageCommand('workSites.add', 'palette.command.addWorkSite', '/admin/work-site-information', 'add')],
  /** A work site the search found: its project's list, filtered by its name. */
  found: {
    workSite: (hit: SearchHit): FoundTarget => ({
      to: '/admin/work-site-information',
      search: { projectId: hit.projectId ?? '', keyword: hit.name },
    }),
  },
  offline: () =>
    import('./offline').then((m) => ({
      entities: Object.values(m.workSiteOffline).map((d) => d.entity),
      editor: () => import('./EntryEditor'),
    })),
} as const
