import { listSearch } from '@/lib/crud/search'
import { guardPage } from '@/lib/permissions'
import { searchDeps } from '@/lib/query'

/**
 * The route options a guarded page whose data follows its URL search shares: its menu's guard, the
 * search's validation, and the whole search as the loader's deps. A route file spreads them and
 * keeps its own `loader` and `component`, so the router's code splitting still moves the loader
 * (and the queries it imports) out of the entry:
 *
 *   export const Route = createFileRoute('/_shell/admin/role-manage')({
 *     ...listPageRoute,
 *     loader: ({ context, deps: search }) => preloadAll(context, [roleListPageQueryOptions(search)]),
 *     component: lazyScreen(() => import('@/features/roles'), 'RoleManagePage'),
 *   })
 */
export const searchPageRoute = <S>(validateSearch: (raw: Record<string, unknown>) => S) => ({
  beforeLoad: guardPage,
  validateSearch,
  loaderDeps: searchDeps<S>,
})

/** `searchPageRoute` of a list page: paging, sorting and filters in the URL (`listSearch`). */
export const listPageRoute = searchPageRoute(listSearch)
