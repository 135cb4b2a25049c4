/**
 * The console's search (the command palette): one signed call across units, people, accounts,
 * projects and work sites, each kind answered only to a caller whose menus include its page and
 * only within that menu's data scope (server/modules/search).
 */
import { z } from 'zod'
import type { MenuPath } from '../catalogue'
import { ADMIN } from '../paths'
import { V, filterText } from '../rules'

export const SEARCH_KINDS = ['unit', 'person', 'account', 'project', 'workSite'] as const
export type SearchKind = (typeof SEARCH_KINDS)[number]

/** The page a kind's records are found on: the caller needs it among its menus to be answered that kind. */
export const SEARCH_MENU = {
  unit: '/admin/organization',
  person: '/admin/organization',
  account: '/admin/organization',
  project: '/admin/project-manage',
  workSite: '/admin/work-site-information',
} as const satisfies Record<SearchKind, MenuPath>

export const SEARCH_PATH = `${ADMIN}/search`
export const SEARCH_MAX = 20

/** GET search?q=…&limit=…: at least one character, at most 50; up to `limit` (default 5) hits a kind. */
export const searchQuery = z.object({
  q: filterText(50).pipe(z.string({ error: V.required }).min(1, { error: V.required })),
  limit: z.coerce
    .number({ error: V.invalid })
    .int({ error: V.invalid })
    .min(1, { error: V.invalid })
    .max(SEARCH_MAX, { error: V.invalid })
    .default(5),
})
export type SearchQuery = z.input<typeof searchQuery>

/** A record found: its kind, id and name, a line that tells it apart, and where it belongs. */
export interface SearchHit {
  kind: SearchKind
  id: string
  name: string
  /** Code, account or unit name — what the palette shows under the name. */
  detail: string | null
  /** The unit it belongs to (a unit: its own id), and that unit's name. */
  organizationId: string | null
  organizationName?: string | null
  projectId: string | null
}
