/** The tabulation area: its page (templates, the designer, cell permission rules, filled sheets). */
export const tabulationArea = {
  id: 'tabulation',
  pages: ['/admin/table-manage'],
} as const
