/**
 * The verbs on a task as dialogs (issue 29): 同意 (a comment if one likes), 驳回 (a comment, the
 * contract's rule), 退回 to a node the gateway offers (wfTask/returnList), 委派 and 转办 to an account,
 * 抄送 to accounts; and 撤回 of an instance I started. Each validates with the contract's schema, and
 * after it every list and detail of the screen refetch. A task someone else handled meanwhile (20008)
 * says so and refreshes the lists instead of a bare error. 同意, 驳回 and 退回 made without a connection
 * go into the outbox (./offline) and say so.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useController, useFormContext } from 'react-hook-form'
import { Code } from '@/contract/codes'
import {
  wfApproveBody,
  wfCcBody,
  wfHandOverBody,
  wfRejectBody,
  wfResetBody,
  wfWithdrawBody,
  type WfInstanceRow,
} from '@/contract/schemas/workflow'
import { WORKFLOW_API } from '@/contract/workflowApi'
import { ChipPicker } from '@/components/chip-picker'
import { FORM_HANDLED_CODES } from '@/lib/crud'
import { ActionDialog, FieldFrame, FormField, useActionForm } from '@/lib/crud/forms'
import { errorText } from '@/lib/crud/errors'
import { hasCode, http, isApiError } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { StepError, submitEdit } from '@/lib/offline'
import { useSession } from '@/lib/session'
import { toast } from '@/lib/toast'
import { OFFLINE_VERBS, TASK_ENTITY, type OfflineVerb, type TaskVerbPayload } from './offline'
import { invalidateRuns, returnTargetsQueryOptions, useAccountOptions } from './queries'

export const TASK_VERBS = ['approve', 'reject', 'reset', 'delegate', 'transfer', 'cc'] as const
export type TaskVerb = (typeof TASK_VERBS)[number]

/** The task a verb acts on, with what names it in the dialog. */
export interface VerbTask {
  taskId: string
  title: string
  node: string
}

const HANDLED = Symbol('handled elsewhere')
const QUEUED = Symbol('kept on the device')

/** Posts a verb; a 20008 (the task was handled meanwhile) answers HANDLED instead of throwing. */
async function post(path: string, body: unknown): Promise<unknown> {
  try {
    return await http.post(path, body, { handled: FORM_HANDLED_CODES })
  } catch (e) {
    if (hasCode(e, Code.VERSION_CONFLICT)) return HANDLED
    throw e
  }
}

/**
 * 同意 / 驳回 / 退回 through the outbox (./offline): sent at once when the gateway can be reached, kept on
 * the device (QUEUED) when it cannot; a 20008 answers HANDLED as above.
 */
async function decide(verb: OfflineVerb, values: Record<string, unknown>, task: VerbTask, me: string): Promise<unknown> {
  const body = values as TaskVerbPayload['body']
  const payload: TaskVerbPayload = {
    verb,
    body,
    values: { status: OFFLINE_VERBS[verb], comment: body.comment ?? '', handledByName: me },
  }
  try {
    const r = await submitEdit({
      entity: TASK_ENTITY,
      entityId: body.taskId,
      op: verb,
      payload,
      base: { taskId: body.taskId, title: `${task.title} · ${task.node}`, status: 'pending' },
      title: `${task.title} · ${task.node}`,
      handled: [...FORM_HANDLED_CODES, Code.VERSION_CONFLICT],
    })
    return r.queued ? QUEUED : r.data
  } catch (e) {
    const error = e instanceof StepError ? e.error : e
    if (hasCode(error, Code.VERSION_CONFLICT)) return HANDLED
    throw error
  }
}

/** useActionForm for a verb: the call, then the lists refetch, the toast, and the dialog closes. */
function useVerbForm(options: {
  schema: Parameters<typeof useActionForm>[0]['schema']
  defaultValues: Record<string, unknown>
  send: (values: Record<string, unknown>) => Promise<unknown>
  success: string
  onDone: () => void
}) {
  const { t } = useT()
  const qc = useQueryClient()
  return useActionForm<Record<string, unknown>>({
    schema: options.schema,
    defaultValues: options.defaultValues,
    // a refusal (the process ended meanwhile, the task is no longer mine…) leaves the lists stale too
    action: (values) =>
      options.send(values).catch((e: unknown) => {
        if (isApiError(e) && e.kind === 'code' && e.code !== Code.INVALID) void invalidateRuns(qc)
        throw e
      }),
    success: false,
    onDone: (_values, result) => {
      if (result === HANDLED) toast.warning(t('workflow.query.verb.handledElsewhere'))
      else if (result === QUEUED) toast.info(t('sync.queued'))
      else toast.success(options.success)
      void invalidateRuns(qc)
      options.onDone()
    },
  })
}

const PATHS: Record<TaskVerb, string> = {
  approve: WORKFLOW_API.task.approve,
  reject: WORKFLOW_API.task.reject,
  reset: WORKFLOW_API.task.reset,
  delegate: WORKFLOW_API.task.delegate,
  transfer: WORKFLOW_API.task.transfer,
  cc: WORKFLOW_API.task.cc,
}
const SCHEMAS = {
  approve: wfApproveBody,
  reject: wfRejectBody,
  reset: wfResetBody,
  delegate: wfHandOverBody,
  transfer: wfHandOverBody,
  cc: wfCcBody,
}

/** One verb's dialog on one task; mount it when it opens (its form starts from the task). */
export function TaskVerbDialog({
  verb,
  task,
  onClose,
  onDone,
}: {
  verb: TaskVerb
  task: VerbTask
  onClose: () => void
  onDone?: () => void
}) {
  const { t } = useT()
  const me = useSession((s) => (s.userAccount ? s.userAccount.userName || s.userAccount.accountName : ''))
  const defaults: Record<string, unknown> =
    verb === 'cc'
      ? { taskId: task.taskId, accountIds: [] }
      : verb === 'reset'
        ? { taskId: task.taskId, targetActivityId: '', comment: '' }
        : verb === 'delegate' || verb === 'transfer'
          ? { taskId: task.taskId, accountId: '', comment: '' }
          : { taskId: task.taskId, comment: '' }
  const action = useVerbForm({
    schema: SCHEMAS[verb],
    defaultValues: defaults,
    send: (values) => (verb in OFFLINE_VERBS ? decide(verb as OfflineVerb, values, task, me) : post(PATHS[verb], values)),
    success: t('workflow.query.verb.done'),
    onDone: () => {
      onDone?.()
      onClose()
    },
  })
  const label = t(`workflow.query.actions.${verb}`)
  return (
    <ActionDialog
      open
      onClose={onClose}
      title={label}
      description={t('workflow.query.verb.taskOf', { title: task.title, node: task.node })}
      action={action}
      submitText={label}
      destructive={verb === 'reject'}
    >
      {verb === 'reset' && <ReturnTargetField taskId={task.taskId} />}
      {(verb === 'delegate' || verb === 'transfer') && <AccountField verb={verb} />}
      {verb === 'cc' && <AccountsField />}
      {verb !== 'cc' && (
        <FormField
          name="comment"
          label={t('workflow.query.verb.comment')}
          kind="textarea"
          required={verb === 'reject'}
          maxLength={500}
          hint={verb === 'reject' ? t('workflow.query.verb.rejectHint') : t('workflow.query.verb.commentHint')}
        />
      )}
    </ActionDialog>
  )
}

function ReturnTargetField({ taskId }: { taskId: string }) {
  const { t } = useT()
  const targets = useQuery(returnTargetsQueryOptions(taskId))
  const options = (targets.data ?? []).map((n) => ({ value: n.activityId, label: n.name || n.activityId }))
  return (
    <FormField
      name="targetActivityId"
      label={t('workflow.query.verb.target')}
      kind="select"
      required
      options={options}
      placeholder={t('workflow.query.verb.pickTarget')}
      hint={targets.isSuccess && options.length === 0 ? t('workflow.query.verb.noTargets') : undefined}
    />
  )
}

function AccountField({ verb }: { verb: 'delegate' | 'transfer' }) {
  const { t } = useT()
  const options = useAccountOptions()
  return (
    <FormField
      name="accountId"
      label={t('workflow.query.verb.account')}
      kind="select"
      required
      options={options.map((o) => ({ value: o.value, label: o.text, text: o.text }))}
      placeholder={t('workflow.query.verb.pickAccount')}
      hint={
        options.length === 0
          ? t('workflow.query.verb.noAccounts')
          : t(verb === 'delegate' ? 'workflow.query.verb.delegateHint' : 'workflow.query.verb.transferHint')
      }
    />
  )
}

/** 抄送: accounts picked one at a time, shown as removable chips. */
function AccountsField() {
  const { t, locale } = useT()
  const options = useAccountOptions()
  const { control, formState } = useFormContext()
  const { field, fieldState } = useController({ name: 'accountIds', control })
  const ids = (field.value as string[] | undefined) ?? []
  const label = t('workflow.query.verb.accounts')
  const raw = formState.isSubmitted || fieldState.error?.type === 'server' ? fieldState.error?.message : undefined
  const error = raw ? errorText(raw, locale, label) : undefined
  const id = 'f-accountIds'
  return (
    <FieldFrame id={id} label={label} required error={error} hint={options.length === 0 ? t('workflow.query.verb.noAccounts') : undefined}>
      <ChipPicker
        id={id}
        ref={field.ref}
        aria-invalid={!!error || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        options={options}
        ids={ids}
        onChange={field.onChange}
        texts={{
          placeholder: t('workflow.query.verb.pickAccount'),
          search: t('workflow.query.verb.search'),
          empty: t('workflow.query.verb.noMatch'),
          remove: (name) => t('workflow.query.verb.remove', { name }),
        }}
      />
    </FieldFrame>
  )
}

/** 撤回 an instance I started (function withdraw): a comment if one likes. */
export function WithdrawDialog({ instance, onClose, onDone }: { instance: WfInstanceRow; onClose: () => void; onDone?: () => void }) {
  const { t } = useT()
  const title = instance.title || instance.modelName
  const action = useVerbForm({
    schema: wfWithdrawBody,
    defaultValues: { instanceId: instance.instanceId, comment: '' },
    send: (values) => post(WORKFLOW_API.instance.withdraw, values),
    success: t('workflow.query.verb.withdrawn'),
    onDone: () => {
      onDone?.()
      onClose()
    },
  })
  return (
    <ActionDialog
      open
      onClose={onClose}
      title={t('workflow.query.verb.withdrawTitle')}
      description={t('workflow.query.verb.withdrawConfirm', { title })}
      action={action}
      submitText={t('workflow.query.actions.withdraw')}
      destructive
    >
      <FormField
        name="comment"
        label={t('workflow.query.verb.comment')}
        kind="textarea"
        maxLength={500}
        hint={t('workflow.query.verb.commentHint')}
      />
    </ActionDialog>
  )
}
