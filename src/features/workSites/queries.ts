/** The work-site screens' resources and queries: the one place their query keys are written. */
import { queryOptions } from '@tanstack/react-query'
import { resourcePaths } from '@/contract'
import { WORK_SITE_FIELDS } from '@/contract/fields/workSite'
import { formValues } from '@/contract/fields'
import type { WorkSite, WorkSiteOptions } from '@/contract/schemas/workSite'
import { WORK_SITE_API, type WorkSiteResource } from '@/contract/workSiteApi'
import { defineResource } from '@/lib/crud/resource'
import { http } from '@/lib/http'
import { workSiteOffline } from './offline'

export const workSiteKeys = {
  /** Everything of the sites (both menus show the same records). */
  all: () => ['workSite'] as const,
  options: (resource: WorkSiteResource, projectId: string) => ['workSiteOptions', resource, projectId] as const,
}

// two menus, one resource name per menu (the same records); edits work offline (DESIGN §4)
const site = (name: WorkSiteResource) =>
  defineResource<WorkSite>({
    key: 'workSite',
    paths: resourcePaths(name),
    idKey: 'workSiteId',
    schemas: () => import('@/contract/schemas/workSite').then((m) => ({ add: m.workSiteAdd, update: m.workSiteUpdate })),
    entity: 'workSites.entity',
    nameOf: (s) => s.workSiteName,
    // a design unit's list shows its sites (its 工点)
    invalidates: [['designUnit']],
    offline: {
      entity: workSiteOffline[name],
      // a site added offline shows in the list of its project (and in the all-projects list)
      belongs: (data, query) => !query.projectId || data.projectId === query.projectId,
    },
    // the list's joined names are not form fields; photos keep their ids
    toForm: (s) => ({
      workSiteId: s.workSiteId,
      projectId: s.projectId,
      version: s.version,
      ...formValues(WORK_SITE_FIELDS, s),
    }),
  })
export const workSiteResources = { workSite: site('workSite'), projectWorkSite: site('projectWorkSite') }

/** The form's choices of a project (lines, design units, containers, staff), read under the screen's own menu. */
export const workSiteOptionsQueryOptions = (resource: WorkSiteResource, projectId: string) =>
  queryOptions({
    queryKey: workSiteKeys.options(resource, projectId),
    queryFn: ({ signal }) => http.get<WorkSiteOptions>(WORK_SITE_API.options(resource), { projectId }, { signal, silent: true }),
  })
