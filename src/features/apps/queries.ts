/** Query keys and options of application management, the one place they are written. */
import { resourcePaths } from '@/contract'
import type { Application } from '@/contract/schemas/application'
import { listPageQueryOptions } from '@/lib/crud/queries'
import type { ListSearch } from '@/lib/crud/search'

export const appKeys = {
  /** Everything of applications, of their menus (each its resource's key). */
  applications: () => ['application'] as const,
  menus: () => ['applicationMenu'] as const,
  versions: () => ['applicationVersion'] as const,
  grants: (applicationId: string) => ['application', 'grants', applicationId] as const,
  /** Roles and units to choose from in an application's authorisation (under the role / org keys: their changes refetch them). */
  roleOptions: () => ['role', 'appGrantOptions'] as const,
  orgOptions: () => ['org', 'appGrantOptions'] as const,
}

const applicationList = { key: appKeys.applications()[0], paths: resourcePaths('application') }

/** The application list page (/admin/app-manage) for a list search. */
export const applicationListPageQueryOptions = (search: ListSearch) => listPageQueryOptions<Application>(applicationList, search)
