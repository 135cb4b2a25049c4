/** The sync area's commands: sync now, open the sync centre. */
export const syncArea = {
  id: 'sync',
  pages: [],
  commands: [
    {
      id: 'sync.now',
      label: 'palette.command.syncNow',
      icon: 'sync',
      keywords: ['同步', 'sync'],
      run: () => import('./actions').then((m) => m.syncAll()),
    },
    { id: 'sync.centre', label: 'palette.command.syncCentre', icon: 'sync', run: () => import('./state').then((m) => m.openCentre()) },
  ],
} as const
