/** Everything the sync UI opens, mounted once in the shell's header: the centre, the conflict screen, the entry form, the logout guard. */
import { useSyncState } from '@/lib/offline'
import { ConflictDialog } from './ConflictDialog'
import { EntryEditor } from './editors'
import { LogoutGuard } from './logout'
import { SyncCentre } from './SyncCentre'
import { closeEditor, syncUi } from './state'

export function SyncHost() {
  const editing = syncUi.use((s) => s.editing)
  const entry = useSyncState((s) => s.entries.find((e) => e.id === editing))
  return (
    <>
      <SyncCentre />
      <ConflictDialog />
      {entry && <EntryEditor entry={entry} onClose={closeEditor} />}
      <LogoutGuard />
    </>
  )
}
