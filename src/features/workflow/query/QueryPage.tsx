/**
 * /admin/workflow-query (流程查询, issue 29): my tasks (待办, its search the URL's), the ones I handled
 * (已办), the instances I started, what was copied to me (抄送), and every instance within my data
 * scope (全部流程: by model, starter, status and start date). A published model is started from here;
 * a row opens the instance's detail (./InstanceSheet: diagram, timeline, the verbs); the verbs are
 * dialogs (./verbs).
 */
import { useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Check, CornerUpLeft, Eye, Play, Undo2, X } from 'lucide-react'
import { WF_INSTANCE_STATUSES, type WfCcRow, type WfInstanceRow, type WfInstanceStatus, type WfTaskRow } from '@/contract/schemas/workflow'
import { Button } from '@/components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { ListPage, PanelList, RowAction, textColumn, timeColumn, type FilterField, type ListColumn, type ListPageProps } from '@/lib/crud'
import { ScreenHeader } from '@/lib/pages'
import { useT } from '@/lib/i18n'
import { useMarks } from '@/lib/offline'
import { InstanceSheet } from './InstanceSheet'
import { TASK_ENTITY } from './offline'
import { Can } from './permissions'
import { returnTargetsQueryOptions, startableQueryOptions, useAccountOptions, type RunList } from './queries'
import { allResource, ccResource, doneResource, startedResource, todoResource } from './resource'
import { StartDialog } from './StartDialog'
import { InstanceStatus, TaskStatus } from './status'
import { TaskVerbDialog, WithdrawDialog, type TaskVerb, type VerbTask } from './verbs'

/** What the lists ask of the page: open an instance, a verb on a task, 撤回 of an instance. */
interface Open {
  detail: (instanceId: string) => void
  verb: (verb: TaskVerb, task: VerbTask) => void
  withdraw: (instance: WfInstanceRow) => void
}

export function WorkflowQueryPage() {
  const { t } = useT()
  const [tab, setTab] = useState<RunList>('todo')
  const [detail, setDetail] = useState<string | null>(null)
  const [verb, setVerb] = useState<{ verb: TaskVerb; task: VerbTask } | null>(null)
  const [withdraw, setWithdraw] = useState<WfInstanceRow | null>(null)
  const [starting, setStarting] = useState(false)
  const open: Open = { detail: setDetail, verb: (v, task) => setVerb({ verb: v, task }), withdraw: setWithdraw }
  // an inactive panel keeps its element (hidden): without display none its flex class would leave a gap above the active one
  const panel = 'flex min-h-0 flex-1 flex-col data-[state=inactive]:hidden'
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <ScreenHeader
        description={t('workflow.query.description')}
        actions={
          <Button type="button" onClick={() => setStarting(true)} icon={Play}>
            {t('workflow.query.actions.start')}
          </Button>
        }
      />
      <Tabs value={tab} onValueChange={(v) => setTab(v as RunList)} className="flex min-h-0 flex-1 flex-col gap-3">
        <TabsList className="self-start">
          {RUN_TABS.map((k) => (
            <TabsTrigger key={k} value={k}>
              {t(`workflow.query.tabs.${k}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {RUN_TABS.map((k) => {
          const List = LISTS[k]
          return (
            <TabsContent key={k} value={k} className={panel}>
              <List open={open} />
            </TabsContent>
          )
        })}
      </Tabs>
      <InstanceSheet instanceId={detail} onClose={() => setDetail(null)} onVerb={open.verb} onWithdraw={setWithdraw} />
      {verb && <TaskVerbDialog key={`${verb.verb}:${verb.task.taskId}`} verb={verb.verb} task={verb.task} onClose={() => setVerb(null)} />}
      {withdraw && <WithdrawDialog key={withdraw.instanceId} instance={withdraw} onClose={() => setWithdraw(null)} />}
      {starting && <StartDialog onClose={() => setStarting(false)} />}
    </div>
  )
}

/** The columns every list shares: the title (or 无标题), the process and its starter. */
function useCommon() {
  const { t } = useT()
  const titleOf = (title: string | null) => title || t('workflow.query.untitled')
  return {
    t,
    title: <T,>(of: (r: T) => string | null): ListColumn<T> => ({
      key: 'title',
      header: t('workflow.query.field.title'),
      cell: (r) => <span className="font-medium">{titleOf(of(r))}</span>,
      exportValue: (r) => titleOf(of(r)),
      className: 'max-w-[14rem] truncate',
    }),
    model: <T,>(): ListColumn<T> => ({ key: 'modelName', header: t('workflow.query.field.model') }),
    /** An instance's state as its badge, exported as its name. */
    instanceStatus: <T,>(key: string, header: string, of: (r: T) => WfInstanceStatus): ListColumn<T> => ({
      key,
      header,
      cell: (r) => <InstanceStatus status={of(r)} />,
      exportValue: (r) => t(`workflow.query.instanceStatus.${of(r)}`),
    }),
    starter: <T extends { starterName: string | null }>(): ListColumn<T> =>
      textColumn<T>('starterName', t('workflow.query.field.starter'), (r) => r.starterName ?? '--'),
  }
}

/** A task's columns before its times: its instance's title, the process, the node, the starter. */
function taskColumns(c: ReturnType<typeof useCommon>): ListColumn<WfTaskRow>[] {
  return [
    c.title<WfTaskRow>((r) => r.instanceTitle),
    c.model(),
    textColumn<WfTaskRow>('activityName', c.t('workflow.query.field.node'), (r) => r.activityName || r.activityId),
    c.starter<WfTaskRow>(),
  ]
}

/**
 * A tab's list: named by its tab (no heading of its own: the page's tabs name it), searched by a
 * keyword first, a row's instance detail before its other actions, nothing deleted from it, and its
 * search the tab's own (only 待办 keeps the URL's).
 */
function TabList<T extends { instanceId: string }>({
  tab,
  open,
  filters = [],
  rowActions,
  urlSearch,
  ...list
}: Omit<ListPageProps<T>, 'title' | 'headerless' | 'deletable' | 'search' | 'onSearchChange'> & {
  tab: RunList
  open: Open
  urlSearch?: boolean
}) {
  const { t } = useT()
  const props = {
    ...list,
    title: t(`workflow.query.tabs.${tab}`),
    filters: [{ name: 'keyword', label: t('workflow.query.field.keyword') }, ...filters],
    rowActions: (r: T) => (
      <>
        <RowAction
          icon={<Eye aria-hidden />}
          label={t('workflow.query.actions.detail')}
          tone="plain"
          onClick={() => open.detail(r.instanceId)}
        />
        {rowActions?.(r)}
      </>
    ),
    deletable: false,
  }
  return urlSearch ? <ListPage {...props} headerless /> : <PanelList {...props} />
}

const taskOf = (r: WfTaskRow, untitled: string): VerbTask => ({
  taskId: r.taskId,
  title: r.instanceTitle || r.modelName || untitled,
  node: r.activityName || r.activityId,
})

function TodoList({ open }: { open: Open }) {
  const c = useCommon()
  const { t } = c
  const untitled = t('workflow.query.untitled')
  // decided on this device, waiting for the connection: not decided twice
  const marks = useMarks(TASK_ENTITY)
  const queued = (r: WfTaskRow) => (marks?.[r.taskId] ? t('workflow.query.verb.queued') : undefined)
  return (
    <TabList
      tab="todo"
      open={open}
      resource={todoResource}
      urlSearch
      columns={[...taskColumns(c), timeColumn<WfTaskRow>('createTime', t('workflow.query.field.arriveTime'))]}
      exportable={false}
      rowActions={(r) => (
        <>
          <RowAction
            icon={<Check aria-hidden />}
            label={t('workflow.query.actions.approve')}
            tone="success"
            onClick={() => open.verb('approve', taskOf(r, untitled))}
            refused={queued(r)}
          />
          <RowAction
            icon={<X aria-hidden />}
            label={t('workflow.query.actions.reject')}
            tone="destructive"
            onClick={() => open.verb('reject', taskOf(r, untitled))}
            refused={queued(r)}
          />
          <ReturnAction taskId={r.taskId} onClick={() => open.verb('reset', taskOf(r, untitled))} refused={queued(r)} />
        </>
      )}
    />
  )
}

/**
 * 退回 on a row: offered when the task has an earlier node to go back to. Asking that here also keeps
 * the answer in the persisted cache, so a tablet that lost its connection can still return the task
 * (through the outbox).
 */
function ReturnAction({ taskId, onClick, refused }: { taskId: string; onClick: () => void; refused?: string }) {
  const { t } = useT()
  const targets = useQuery({ ...returnTargetsQueryOptions(taskId), staleTime: 60_000 })
  return (
    <RowAction
      icon={<CornerUpLeft aria-hidden />}
      label={t('workflow.query.actions.reset')}
      tone="plain"
      onClick={onClick}
      refused={refused ?? (targets.data?.length === 0 ? t('workflow.query.verb.noTargets') : undefined)}
    />
  )
}

function DoneList({ open }: { open: Open }) {
  const c = useCommon()
  const { t } = c
  const columns: ListColumn<WfTaskRow>[] = [
    ...taskColumns(c),
    {
      key: 'status',
      header: t('workflow.query.field.result'),
      cell: (r) => <TaskStatus status={r.status} />,
      exportValue: (r) => t(`workflow.query.taskStatus.${r.status}`),
    },
    timeColumn<WfTaskRow>('endTime', t('workflow.query.field.handleTime')),
  ]
  return <TabList tab="done" open={open} resource={doneResource} filters={[useStatusFilter()]} columns={columns} />
}

function useStatusFilter(label?: string): FilterField {
  const { t } = useT()
  return {
    name: 'status',
    label: label ?? t('workflow.query.field.instanceStatus'),
    kind: 'select',
    options: WF_INSTANCE_STATUSES.map((s) => ({ value: s, label: t(`workflow.query.instanceStatus.${s}`) })),
  }
}

function instanceColumns(c: ReturnType<typeof useCommon>): ListColumn<WfInstanceRow>[] {
  const { t } = c
  return [
    c.title<WfInstanceRow>((r) => r.title),
    textColumn<WfInstanceRow>('modelName', t('workflow.query.field.model'), (r) => `${r.modelName} v${r.modelVersion}`),
    c.starter<WfInstanceRow>(),
    c.instanceStatus<WfInstanceRow>('status', t('workflow.query.field.status'), (r) => r.status),
    timeColumn<WfInstanceRow>('startTime', t('workflow.query.field.startTime')),
    timeColumn<WfInstanceRow>('endTime', t('workflow.query.field.endTime')),
  ]
}

function StartedList({ open }: { open: Open }) {
  const c = useCommon()
  const { t } = c
  return (
    <TabList
      tab="started"
      open={open}
      resource={startedResource}
      filters={[useStatusFilter(t('workflow.query.field.status'))]}
      columns={instanceColumns(c).filter((col) => col.key !== 'starterName')}
      rowActions={(r) =>
        r.status === 'running' && (
          <Can action="withdraw">
            <RowAction
              icon={<Undo2 aria-hidden />}
              label={t('workflow.query.actions.withdraw')}
              tone="destructive"
              onClick={() => open.withdraw(r)}
            />
          </Can>
        )
      }
    />
  )
}

function CcList({ open }: { open: Open }) {
  const c = useCommon()
  const { t } = c
  const columns: ListColumn<WfCcRow>[] = [
    c.title<WfCcRow>((r) => r.instanceTitle),
    c.model(),
    c.starter<WfCcRow>(),
    textColumn<WfCcRow>('fromName', t('workflow.query.field.from'), (r) => r.fromName ?? '--'),
    c.instanceStatus<WfCcRow>('instanceStatus', t('workflow.query.field.instanceStatus'), (r) => r.instanceStatus),
    timeColumn<WfCcRow>('createTime', t('workflow.query.field.ccTime')),
  ]
  return <TabList tab="cc" open={open} resource={ccResource} filters={[useStatusFilter()]} columns={columns} />
}

function AllList({ open }: { open: Open }) {
  const c = useCommon()
  const { t } = c
  const versions = useQuery(startableQueryOptions())
  const models = [...new Map((versions.data ?? []).map((v) => [v.modelId, v.name])).entries()].map(([value, label]) => ({ value, label }))
  const people = useAccountOptions().map((o) => ({ value: o.value, label: o.text }))
  const filters: FilterField[] = [
    ...(models.length ? [{ name: 'modelId', label: t('workflow.query.field.model'), kind: 'select' as const, options: models }] : []),
    ...(people.length
      ? [{ name: 'starterAccountId', label: t('workflow.query.field.starter'), kind: 'select' as const, options: people }]
      : []),
    useStatusFilter(t('workflow.query.field.status')),
    { name: 'startDateFrom', label: t('workflow.query.field.startDateFrom'), kind: 'date' },
    { name: 'startDateTo', label: t('workflow.query.field.startDateTo'), kind: 'date' },
  ]
  return <TabList tab="all" open={open} resource={allResource} filters={filters} columns={instanceColumns(c)} />
}

/** The tabs, in order, and the list each shows. */
const RUN_TABS = ['todo', 'done', 'started', 'cc', 'all'] as const satisfies readonly RunList[]
const LISTS: Record<RunList, (props: { open: Open }) => ReactNode> = {
  todo: TodoList,
  done: DoneList,
  started: StartedList,
  cc: CcList,
  all: AllList,
}
