/**
 * The work-site area's paths, in a module of their own (as workflowApi.ts): no zod, so the work-site
 * lists start without the schemas (contract/schemas/workSite.ts re-exports these).
 */
import { ADMIN } from './paths'

/** The two menus' resources (the same records, each call checked against its own menu). */
export const WORK_SITE_RESOURCES = ['workSite', 'projectWorkSite'] as const
export type WorkSiteResource = (typeof WORK_SITE_RESOURCES)[number]

export const WORK_SITE_API = {
  options: (resource: WorkSiteResource) => `${ADMIN}/${resource}/options`,
} as const
