/** The initialisation wizards (a project, an industrial project, a project's data, its work sites). */
export const projectInitArea = {
  id: 'projectInit',
  pages: ['/admin/industrial-initial', '/admin/project-initial', '/admin/project-initialization', '/admin/work-site-initialization'],
} as const
