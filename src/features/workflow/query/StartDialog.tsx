/**
 * 发起流程: a published version in use the caller may start (wfInstance/startable), a title, and the
 * version's start form — its fields (the contract's wfStartFormValues checks them here as the
 * gateway does, typed: a number goes as a number) sent as the instance's variables — started
 * (wfInstance/start). A version whose start event has an external form also offers 在外部表单中发起:
 * its URL in a new tab with `modelKey` and `modelHistoryId` appended (http(s) or same-site URLs only).
 */
import { useEffect, useRef, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useWatch } from 'react-hook-form'
import { ExternalLink } from 'lucide-react'
import { z } from 'zod'
import { optionalText } from '@/contract/rules'
import { id } from '@/contract/schemas/common'
import { wfStartFormValues, type WfFormField, type WfStartableVersion } from '@/contract/schemas/workflow'
import { WORKFLOW_API } from '@/contract/workflowApi'
import { FORM_HANDLED_CODES } from '@/lib/crud'
import { ActionDialog, FormField, PickField, useActionForm } from '@/lib/crud/forms'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { invalidateRuns, startableQueryOptions, useAccountOptions } from './queries'

interface StartValues {
  modelHistoryId: string
  title: string
  variables: Record<string, string>
}

/** The external form's address to open, or null when it is not one a link may open (http(s), or a path of this site). */
export function externalStartUrl(v: Pick<WfStartableVersion, 'modelKey' | 'modelHistoryId' | 'startForm'>): string | null {
  const url = v.startForm?.externalUrl?.trim()
  if (!url || !(/^https?:\/\//i.test(url) || /^\/(?!\/)/.test(url))) return null
  const query = `modelKey=${encodeURIComponent(v.modelKey)}&modelHistoryId=${encodeURIComponent(v.modelHistoryId)}`
  const [base, hash] = url.split('#', 2)
  return `${base}${base!.includes('?') ? '&' : '?'}${query}${hash === undefined ? '' : `#${hash}`}`
}

export function StartDialog({ onClose }: { onClose: () => void }) {
  const { t } = useT()
  const qc = useQueryClient()
  const versions = useQuery(startableQueryOptions())
  const options = (versions.data ?? []).map((v) => ({
    value: v.modelHistoryId,
    label: `${v.name} v${v.modelVersion}`,
    text: `${v.name} ${v.modelKey}`,
  }))
  // the chosen version's fields, read by the schema when it runs (the form's resolver is made once)
  const fields = useRef<readonly WfFormField[]>([])
  const [schema] = useState(() =>
    z.object({
      modelHistoryId: id(),
      title: optionalText(200),
      // not z.lazy: it keeps the first schema it made
      variables: z.unknown().transform((input, ctx) => {
        const r = wfStartFormValues(fields.current).safeParse(input)
        if (r.success) return r.data
        for (const i of r.error.issues) ctx.addIssue({ code: 'custom', path: i.path, message: i.message, input })
        return z.NEVER
      }),
    }),
  )
  const action = useActionForm<StartValues>({
    schema,
    defaultValues: { modelHistoryId: '', title: '', variables: {} },
    action: (v) => http.post(WORKFLOW_API.instance.start, v, { handled: FORM_HANDLED_CODES }),
    success: t('workflow.query.start.started'),
    onDone: () => {
      void invalidateRuns(qc)
      onClose()
    },
  })
  const { control, setValue, clearErrors } = action.form
  const picked = useWatch({ control, name: 'modelHistoryId' })
  const version = versions.data?.find((v) => v.modelHistoryId === picked)
  const form = version?.startForm ?? null
  fields.current = form?.fields ?? []
  // another version, another form: its fields start empty
  useEffect(() => {
    setValue('variables', Object.fromEntries((form?.fields ?? []).map((f) => [f.key, ''])))
    clearErrors('variables')
  }, [form, setValue, clearErrors])
  const external = version ? externalStartUrl(version) : null
  return (
    <ActionDialog
      open
      onClose={onClose}
      title={t('workflow.query.start.title')}
      action={action}
      submitText={t('workflow.query.actions.start')}
      className="sm:max-w-lg"
    >
      <PickField
        name="modelHistoryId"
        label={t('workflow.query.start.model')}
        options={options}
        placeholder={t('workflow.query.start.pickModel')}
        loaded={versions.isSuccess}
        none={t('workflow.query.start.noModels')}
      />
      <FormField name="title" label={t('workflow.query.start.subject')} maxLength={200} hint={t('workflow.query.start.subjectHint')} />
      {form && form.fields.length > 0 && (
        <fieldset className="flex flex-col gap-4 border-t pt-3">
          <legend className="pr-2 text-sm font-medium">{t('workflow.query.start.form')}</legend>
          {form.fields.map((f) => (
            <StartFormField key={`${picked}-${f.key}`} field={f} />
          ))}
        </fieldset>
      )}
      {external && (
        <p className="text-sm">
          <a
            href={external}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
            title={t('workflow.query.start.externalHint')}
          >
            <ExternalLink aria-hidden className="size-4" />
            {t('workflow.query.start.external')}
          </a>
        </p>
      )}
    </ActionDialog>
  )
}

/** One field of the start form, bound to `variables.<key>` with the control its kind needs. */
function StartFormField({ field: f }: { field: WfFormField }) {
  const name = `variables.${f.key}`
  const common = { name, label: f.label, required: f.required }
  switch (f.kind) {
    case 'number':
      return <FormField {...common} kind="decimal" />
    case 'date':
      return <FormField {...common} kind="date" />
    case 'choice':
      return <FormField {...common} kind="select" options={f.options.map((o) => ({ value: o, label: o }))} />
    case 'account':
      return <AccountFormField {...common} />
    default:
      return <FormField {...common} maxLength={500} />
  }
}

/** An account the starter picks (the caller's data scope, as the verbs' pickers offer them). */
function AccountFormField(props: { name: string; label: string; required: boolean }) {
  const { t } = useT()
  const options = useAccountOptions()
  return (
    <FormField
      {...props}
      kind="select"
      options={options.map((o) => ({ value: o.value, label: o.text, text: o.text }))}
      placeholder={t('workflow.query.start.pickAccount')}
      hint={options.length === 0 ? t('workflow.query.start.noAccounts') : undefined}
    />
  )
}
