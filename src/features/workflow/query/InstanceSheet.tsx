/**
 * An instance's detail in a sheet: the values of its start form (label: value; an account by its name), its version's diagram (./DiagramViewer: the nodes waiting now and
 * those passed marked), its timeline of tasks and comments, and what I may do now — the verbs on my
 * pending task, 撤回 of an instance I started while it runs.
 */
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Check, CornerUpLeft, Forward, Send, Undo2, UserRoundPlus, X } from 'lucide-react'
import type { WfInstanceDetail } from '@/contract/schemas/workflow'
import { Button } from '@/components/ui/button'
import { Sheet } from '@/components/ui/sheet'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDateTime } from '@/lib/crud'
import { hasKey, useT } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { Can } from './permissions'
import { DiagramViewer } from './DiagramViewer'
import { instanceDetailQueryOptions } from './queries'
import { InstanceStatus } from './status'
import type { TaskVerb, VerbTask } from './verbs'

const VERB_ICONS = { approve: Check, reject: X, reset: CornerUpLeft, delegate: UserRoundPlus, transfer: Forward, cc: Send } as const

export function InstanceSheet({
  instanceId,
  onClose,
  onVerb,
  onWithdraw,
}: {
  instanceId: string | null
  onClose: () => void
  onVerb: (verb: TaskVerb, task: VerbTask) => void
  onWithdraw: (instance: WfInstanceDetail['instance']) => void
}) {
  const { t } = useT()
  const detail = useQuery({ ...instanceDetailQueryOptions(instanceId ?? ''), enabled: !!instanceId })
  const me = useSession((s) => s.userAccount?.accountId)
  const d = detail.data
  const title = d ? d.instance.title || d.instance.modelName : t('workflow.query.detail.title')
  const mine = d?.tasks.find((x) => x.status === 'pending' && x.assigneeAccountId === me)
  const verbTask: VerbTask | null = d && mine ? { taskId: mine.taskId, title, node: mine.activityName || mine.activityId } : null
  return (
    <Sheet
      open={!!instanceId}
      onOpenChange={(o) => !o && onClose()}
      title={title}
      description={
        d
          ? t('workflow.query.detail.summary', {
              model: d.instance.modelName,
              version: String(d.instance.modelVersion),
              starter: d.instance.starterName ?? '--',
              time: formatDateTime(d.instance.startTime),
            })
          : t('workflow.query.detail.loading')
      }
    >
      <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-6 py-4">
        {!d ? (
          detail.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {detail.error.message}
            </p>
          ) : (
            <Skeleton className="h-64 w-full" />
          )
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <InstanceStatus status={d.instance.status} />
              {d.instance.endTime && (
                <span className="text-muted-foreground">
                  {t('workflow.query.field.endTime')} {formatDateTime(d.instance.endTime)}
                </span>
              )}
            </div>
            {d.startForm.length > 0 && (
              <section aria-labelledby="wf-form" className="flex flex-col gap-2">
                <h3 id="wf-form" className="text-sm font-medium">
                  {t('workflow.query.detail.form')}
                </h3>
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  {d.startForm.map((f) => (
                    <div key={f.key} className="contents">
                      <dt className="text-muted-foreground">{f.label}</dt>
                      <dd className="min-w-0 whitespace-pre-wrap break-words">{f.text ?? '--'}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            )}
            <section aria-labelledby="wf-diagram" className="flex flex-col gap-2">
              <h3 id="wf-diagram" className="text-sm font-medium">
                {t('workflow.query.detail.diagram')}
              </h3>
              <DiagramViewer xml={d.bpmnXml} current={d.currentActivityIds} finished={d.finishedActivityIds} />
            </section>
            <section aria-labelledby="wf-timeline" className="flex flex-col gap-2">
              <h3 id="wf-timeline" className="text-sm font-medium">
                {t('workflow.query.detail.timeline')}
              </h3>
              <Timeline detail={d} />
            </section>
          </>
        )}
      </div>
      {d && (verbTask || (d.instance.starterAccountId === me && d.instance.status === 'running')) && (
        <footer className="flex flex-wrap justify-end gap-2 border-t px-6 py-3">
          {d.instance.starterAccountId === me && d.instance.status === 'running' && (
            <Can action="withdraw">
              <Button type="button" variant="outline" size="sm" onClick={() => onWithdraw(d.instance)}>
                <Undo2 aria-hidden />
                {t('workflow.query.actions.withdraw')}
              </Button>
            </Can>
          )}
          {verbTask &&
            (['cc', 'transfer', 'delegate', 'reset', 'reject', 'approve'] as const).map((verb) => {
              const Icon = VERB_ICONS[verb]
              const button = (
                <Button
                  key={verb}
                  type="button"
                  size="sm"
                  variant={verb === 'approve' ? 'default' : verb === 'reject' ? 'destructive' : 'outline'}
                  onClick={() => onVerb(verb, verbTask)}
                >
                  <Icon aria-hidden />
                  {t(`workflow.query.actions.${verb}`)}
                </Button>
              )
              return verb === 'delegate' ? (
                <Can key={verb} action="delegate">
                  {button}
                </Can>
              ) : (
                button
              )
            })}
        </footer>
      )}
    </Sheet>
  )
}

/** The comments in order (who did what, when, with what words), then who the process waits for now. */
function Timeline({ detail }: { detail: WfInstanceDetail }) {
  const { t } = useT()
  const nodeName = useMemo(() => {
    const names = new Map(detail.tasks.map((x) => [x.activityId, x.activityName]))
    return (id: string | null) => (id ? names.get(id) || id : null)
  }, [detail.tasks])
  const accountName = useMemo(() => {
    const names = new Map(detail.tasks.map((x) => [x.assigneeAccountId, x.assigneeName]))
    return (id: string | null) => (id ? names.get(id) || null : null)
  }, [detail.tasks])
  const actionText = (a: string) => {
    const key = `workflow.query.action.${a}`
    return hasKey(key) ? t(key) : a
  }
  const waiting = detail.tasks.filter((x) => x.status === 'pending')
  if (detail.comments.length === 0 && waiting.length === 0)
    return <p className="text-sm text-muted-foreground">{t('workflow.query.detail.empty')}</p>
  return (
    <ol className="relative flex flex-col gap-3 border-l pl-4">
      {detail.comments.map((c) => {
        const target = accountName(c.targetAccountId)
        return (
          <li key={c.commentId} className="relative text-sm">
            <span aria-hidden className="absolute -left-[1.3rem] top-1.5 size-2 rounded-full bg-primary" />
            <div className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-medium">{c.accountName ?? '--'}</span>
              <span>{actionText(c.action)}</span>
              {c.activityId && <span className="text-muted-foreground">{nodeName(c.activityId)}</span>}
              {target && <span className="text-muted-foreground">{t('workflow.query.detail.to', { name: target })}</span>}
              <span className="ml-auto tabular-nums text-xs text-muted-foreground">{formatDateTime(c.createTime)}</span>
            </div>
            {c.comment && <p className="mt-1 whitespace-pre-wrap break-words rounded bg-muted/60 px-2 py-1">{c.comment}</p>}
          </li>
        )
      })}
      {waiting.map((x) => (
        <li key={x.taskId} className="relative text-sm">
          <span aria-hidden className="absolute -left-[1.3rem] top-1.5 size-2 rounded-full bg-amber-500" />
          <div className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-medium">{x.activityName || x.activityId}</span>
            <span className="text-amber-800 dark:text-amber-400">
              {t('workflow.query.detail.waiting', { name: x.assigneeName ?? x.assigneeAccountId })}
            </span>
            <span className="ml-auto tabular-nums text-xs text-muted-foreground">{formatDateTime(x.createTime)}</span>
          </div>
        </li>
      ))}
    </ol>
  )
}
