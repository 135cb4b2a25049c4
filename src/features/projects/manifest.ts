/** The project area: its pages and its command. */
import type { SearchHit } from '@/contract/schemas/search'
import { type FoundTarget, pageCommand } from '@/lib/commands'

export const projectsArea = {
  id: 'projects',
  pages: ['/admin/project-manage', '/admin/project', '/admin/project-information', '/admin/project-configuration'],
  commands: [
    pageCommand('projects.add', 'palette.command.addProject', '/admin/project-manage', 'add', { keywords: ['新建项目', 'new project'] }),
  ],
  /** A project the search found: the overview, filtered by its name. */
  found: { project: (hit: SearchHit): FoundTarget => ({ to: '/admin/project-manage', search: { keyword: hit.name } }) },
} as const
