/**
 * The stack's floor for Lighthouse (bench/lighthouse.ts, issue 9): what the console is set on —
 * React 19, react-dom, TanStack Router and TanStack Query — and nothing of ours, rendering a bare
 * sign-in form at /login. Built by bench/floor/vite.config.ts and served by the gateway as the
 * console is, its score is the limit a client-rendered page of this stack reaches on this machine.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import './floor.css'

function SignIn() {
  return (
    <main>
      <h1>工程协同管理平台</h1>
      <form onSubmit={(e) => e.preventDefault()}>
        <label>
          账号或手机号
          <input name="account" autoComplete="username" />
        </label>
        <label>
          密码
          <input name="password" type="password" autoComplete="current-password" />
        </label>
        <button type="submit">登录</button>
      </form>
    </main>
  )
}

const root = createRootRoute({ component: Outlet })
const router = createRouter({
  routeTree: root.addChildren([createRoute({ getParentRoute: () => root, path: '/login', component: SignIn })]),
})
const queryClient = new QueryClient()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
