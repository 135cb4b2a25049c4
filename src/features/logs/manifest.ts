/** The log area: its page (login, operation and system logs). */
export const logsArea = {
  id: 'logs',
  pages: ['/admin/systemLog'],
} as const
