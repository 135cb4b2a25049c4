/** The data dictionary area (issue 33): keys and their ordered items, the choices other screens read. */
export const dataDictionaryArea = {
  id: 'dataDictionary',
  pages: ['/admin/data-dictionary'],
} as const
