/**
 * Everything the sync UI opens, mounted once in the shell's header: the centre, the conflict screen,
 * the entry form, the logout guard — each loaded (its own chunk) the first time it opens.
 */
import { lazy } from 'react'
import { OnceOpened } from '@/lib/chunks'
import { useSyncState } from '@/lib/offline'
import { EntryEditor } from './editors'
import { closeEditor, syncUi } from './state'

const SyncCentre = lazy(() => import('./SyncCentre').then((m) => ({ default: m.SyncCentre })))
const ConflictDialog = lazy(() => import('./ConflictDialog').then((m) => ({ default: m.ConflictDialog })))
const LogoutGuard = lazy(() => import('./logout').then((m) => ({ default: m.LogoutGuard })))

export function SyncHost() {
  const ui = syncUi.use()
  const entry = useSyncState((s) => s.entries.find((e) => e.id === ui.editing))
  return (
    <>
      <OnceOpened open={ui.centre}>
        <SyncCentre />
      </OnceOpened>
      <OnceOpened open={ui.conflict !== null}>
        <ConflictDialog />
      </OnceOpened>
      {entry && <EntryEditor entry={entry} onClose={closeEditor} />}
      <OnceOpened open={ui.logout}>
        <LogoutGuard />
      </OnceOpened>
    </>
  )
}
