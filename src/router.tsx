import { createRouter } from '@tanstack/react-router'
import { PagePending, RouteErrorPage, NotFoundPage } from '@/features/shell'
import { queryClient } from '@/lib/query'
import { routeTree } from './routeTree.gen'

export const router = createRouter({
  routeTree,
  context: { queryClient },
  // SPEC §2: every navigation starts at the top (done for the content area in features/shell/navigation).
  scrollRestoration: false,
  // Hovering a link loads its chunk; guards run with `preload: true` and leave the current menu alone.
  defaultPreload: 'intent',
  // Loaders are TanStack Query's business; the router does not cache their results itself.
  defaultPreloadStaleTime: 0,
  defaultErrorComponent: RouteErrorPage,
  defaultNotFoundComponent: NotFoundPage,
  defaultPendingComponent: PagePending,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}
