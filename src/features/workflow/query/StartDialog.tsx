/** 发起流程: a published version in use the caller may start (wfInstance/startable), a title, started (wfInstance/start). */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { wfStartBody } from '@/contract/schemas/workflow'
import { WORKFLOW_API } from '@/contract/workflowApi'
import { ActionDialog, FORM_HANDLED_CODES, FormField, useActionForm } from '@/lib/crud'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { invalidateRuns, startableQueryOptions } from './queries'

export function StartDialog({ onClose }: { onClose: () => void }) {
  const { t } = useT()
  const qc = useQueryClient()
  const versions = useQuery(startableQueryOptions())
  const options = (versions.data ?? []).map((v) => ({
    value: v.modelHistoryId,
    label: `${v.name} v${v.modelVersion}`,
    text: `${v.name} ${v.modelKey}`,
  }))
  const action = useActionForm<{ modelHistoryId: string; title: string }>({
    schema: wfStartBody,
    defaultValues: { modelHistoryId: '', title: '' },
    action: (v) => http.post(WORKFLOW_API.instance.start, v, { handled: FORM_HANDLED_CODES }),
    success: t('workflow.query.start.started'),
    onDone: () => {
      void invalidateRuns(qc)
      onClose()
    },
  })
  return (
    <ActionDialog
      open
      onClose={onClose}
      title={t('workflow.query.start.title')}
      action={action}
      submitText={t('workflow.query.actions.start')}
    >
      {versions.isSuccess && options.length === 0 && (
        <p role="status" className="rounded-md border bg-muted/40 px-3 py-2 text-sm text-muted-foreground">
          {t('workflow.query.start.noModels')}
        </p>
      )}
      <FormField
        name="modelHistoryId"
        label={t('workflow.query.start.model')}
        kind="select"
        required
        options={options}
        placeholder={t('workflow.query.start.pickModel')}
      />
      <FormField name="title" label={t('workflow.query.start.subject')} maxLength={200} hint={t('workflow.query.start.subjectHint')} />
    </ActionDialog>
  )
}
