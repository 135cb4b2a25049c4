/** The account form on a failed / conflicted outbox entry (opened from the sync centre). */
import type { Account } from '@/contract/schemas/account'
import { FormDialog } from '@/lib/crud'
import type { EntryEditorProps } from '@/lib/offline'
import { AccountFormFields, accountFormDefaults } from './AccountForm'
import { accountResource, type AccountKind } from './resource'

export default function AccountEntryEditor({ entry, onClose }: EntryEditorProps) {
  const kind: AccountKind = entry.entity === 'registerAccount' ? 'registered' : 'general'
  const values = (entry.payload.values ?? {}) as { organizationId?: string }
  const base = (entry.base ?? {}) as { organizationId?: string; organizationName?: string }
  const organizationId = values.organizationId ?? base.organizationId
  return (
    <FormDialog<Account>
      key={entry.id}
      resource={accountResource(kind)}
      open
      onOpenChange={(o) => !o && onClose()}
      entry={entry}
      defaults={accountFormDefaults(kind, organizationId)}
      size="lg"
      onSaved={onClose}
    >
      {(rf) => <AccountFormFields kind={kind} editing={rf.editing} organizationId={organizationId} unitLabel={base.organizationName} />}
    </FormDialog>
  )
}
