/** The personal centre. */
export const personalArea = {
  id: 'personal',
  pages: ['/personal-view'],
} as const
