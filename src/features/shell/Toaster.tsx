import { ToastHost } from '@/lib/toast'
import { themeStore } from './theme'

/** The toasts' host in the page's theme: Sonner loads with the first toast (src/lib/toast.tsx). */
export function Toaster() {
  return <ToastHost theme={themeStore.use()} />
}
