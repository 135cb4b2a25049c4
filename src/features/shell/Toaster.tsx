import { useT } from '@/lib/i18n'
import { ToastHost } from '@/lib/toast'
import { themeStore } from './theme'

/** The toasts' host in the page's theme and language: Sonner loads with the first toast (src/lib/toast.tsx). */
export function Toaster() {
  const { t } = useT()
  return <ToastHost theme={themeStore.use()} labels={{ region: t('shell.toasts.region'), close: t('shell.toasts.close') }} />
}
