import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { Toaster } from 'sonner'
import { GlobalDialogs } from '@/lib/http/GlobalDialogs'
import { UpdatePrompt } from '@/features/pwa'
import { NavigationProgress, NotFoundPage, themeStore } from '@/features/shell'

export interface RouterContext {
  queryClient: QueryClient
}

function Root() {
  const theme = themeStore.use()
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <GlobalDialogs />
      <Toaster theme={theme} richColors closeButton position="bottom-right" />
      <UpdatePrompt />
    </>
  )
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundPage,
})
