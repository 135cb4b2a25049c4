/** The site form on a failed / conflicted outbox entry (opened from the sync centre). */
import type { WorkSite, WorkSiteResource } from '@/contract/schemas/workSite'
import { FormDialog } from '@/lib/crud'
import type { EntryEditorProps } from '@/lib/offline'
import { workSiteResources } from './queries'
import { WorkSiteFields } from './WorkSiteFields'

export default function WorkSiteEntryEditor({ entry, onClose }: EntryEditorProps) {
  const variant = entry.entity as WorkSiteResource
  const values = (entry.payload.values ?? {}) as { projectId?: string }
  const base = (entry.base ?? {}) as { projectId?: string }
  const projectId = values.projectId ?? base.projectId ?? ''
  return (
    <FormDialog<WorkSite>
      key={entry.id}
      resource={workSiteResources[variant]}
      open
      onOpenChange={(o) => !o && onClose()}
      entry={entry}
      defaults={{ projectId, photoFileIds: [] }}
      size="xl"
      onSaved={onClose}
    >
      {() => <WorkSiteFields variant={variant} projectId={projectId} />}
    </FormDialog>
  )
}
