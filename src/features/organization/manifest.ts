/** The organisation area: its page, and where a unit the search found is shown (selected in the tree). */
import type { SearchHit } from '@/contract/schemas/search'
import type { FoundTarget } from '@/lib/commands'

export const organizationArea = {
  id: 'organization',
  pages: ['/admin/organization'],
  found: { unit: (hit: SearchHit): FoundTarget => ({ to: '/admin/organization', search: { unit: hit.id } }) },
} as const
