import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { GlobalDialogs } from '@/lib/http/GlobalDialogs'
import { UpdatePrompt } from '@/features/pwa'
import { RouterAuthNav } from '@/features/auth/RouterAuthNav'
import { NavigationProgress, NotFoundPage, Toaster } from '@/features/shell'

export interface RouterContext {
  queryClient: QueryClient
}

function Root() {
  return (
    <>
      <NavigationProgress />
      <RouterAuthNav>
        <Outlet />
      </RouterAuthNav>
      <GlobalDialogs />
      <Toaster />
      <UpdatePrompt />
    </>
  )
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundPage,
})
