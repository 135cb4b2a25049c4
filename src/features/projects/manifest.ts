/** The project area: its pages and its command. */
import type { SearchHit } from '@/contract/schemas/search'
import type { FoundTarget } from '@/lib/commands'

export const projectsArea = {
  id: 'projects',
  pages: ['/admin/project-manage', '/admin/project', '/admin/project-information', '/admin/project-configuration'],
  commands: [
    {
      id: 'projects.add',
      label: 'palette.command.addProject',
      icon: 'add',
      keywords: ['新建项目', 'new project'],
      requires: { menu: '/admin/project-manage', action: 'add' },
      to: '/admin/project-manage',
      intent: 'add',
    },
  ],
  /** A project the search found: the overview, filtered by its name. */
  found: { project: (hit: SearchHit): FoundTarget => ({ to: '/admin/project-manage', search: { keyword: hit.name } }) },
} as const
