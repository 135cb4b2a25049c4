/** The tabulation area: its page (templates, the designer, cell permission rules, filled sheets) and its offline entity (a sheet's saves). */
export const tabulationArea = {
  id: 'tabulation',
  pages: ['/admin/table-manage'],
  offline: () => import('./fill/offline').then((m) => ({ entities: [m.contentOffline.entity] })),
} as const
