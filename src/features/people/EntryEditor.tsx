/** The person form on a failed / conflicted outbox entry (opened from the sync centre). */
import type { EntryEditorProps } from '@/lib/offline'
import { PersonDialog } from './PersonDialog'

export default function PersonEntryEditor({ entry, onClose }: EntryEditorProps) {
  const values = (entry.payload.values ?? {}) as { organizationId?: string; departmentId?: string }
  const base = (entry.base ?? {}) as { organizationId?: string; departmentId?: string }
  return (
    <PersonDialog
      target={null}
      entry={entry}
      organizationId={values.organizationId ?? base.organizationId ?? ''}
      departmentId={values.departmentId ?? base.departmentId ?? undefined}
      onClose={onClose}
    />
  )
}
