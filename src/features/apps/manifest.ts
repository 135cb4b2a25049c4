/** The application area: its page (applications, versions, menus and logs of an application). */
export const appsArea = {
  id: 'apps',
  pages: ['/admin/app-manage'],
} as const
