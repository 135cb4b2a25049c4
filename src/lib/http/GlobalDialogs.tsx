/**
 * The app root's error boxes, alerts and re-login prompt (./dialogs.ts): nothing is loaded until
 * the request client asks for one, then the view (./GlobalDialogsView) comes in its own chunk.
 */
import { lazy, Suspense } from 'react'
import { dialogsStore } from './dialogs'

const View = lazy(() => import('./GlobalDialogsView').then((m) => ({ default: m.GlobalDialogsView })))

export function GlobalDialogs() {
  const open = dialogsStore.use((s) => s.boxes.length > 0 || s.prompt !== null)
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <View />
    </Suspense>
  )
}
