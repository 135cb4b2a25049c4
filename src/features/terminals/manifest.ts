/** The terminal area: its page (device authorisation, heartbeats, online state). */
export const terminalsArea = {
  id: 'terminals',
  pages: ['/admin/terminal-authentication'],
} as const
