/**
 * WorkflowRuntime: the one interface of ours in front of the BPMN engine (bpmn-engine 25, MIT).
 *
 * Every command is one transaction: the instance row is locked (`SELECT … FOR UPDATE`), a NEW engine
 * is recovered from the saved state (engines are never kept between commands, so any gateway may run
 * the next one), the command signals it, the engine runs until every branch waits (or the process
 * ends), and the state, the task rows and the armed timers are saved. Two gateways never both move an
 * instance: the second waits for the lock and then finds the task handled.
 *
 * No JavaScript from a model runs: the engine gets a `scripts` handler that refuses every script and
 * an `expressions` handler that evaluates `${…}` with our evaluator (./expression.ts) over the
 * instance's variables; deploy refuses script tasks and script conditions before that.
 *
 * What the engine sees of a user task is one wait; who must act on it is ours: executors are resolved
 * when it starts waiting (one task row per account), 或签 (`any`) moves on at the first approval,
 * 会签 (`all`) when everyone has approved, and any rejection ends the instance as rejected.
 * 退回 (return) and 撤回 (withdraw) restore the state saved when the target task started waiting — for
 * the serial stretch between the target and the current task only (yudao's rule: no parallel gateway
 * between them), so other branches keep their progress. 委派 (delegate) keeps the owner and comes back
 * to them; 转办 (transfer) changes the assignee. Timers are rows of the jobs table, so they survive a
 * restart: the engine's timers are recorded, never scheduled in memory.
 * An instance started for an area's record (a business type) ends in the command that ends it by that
 * area's hook (./outcomes.ts), in the same transaction: a hook's refusal refuses the command.
 */
import { Engine } from 'bpmn-engine'
import { and, desc, eq, inArray, ne } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { newId } from '../../../src/contract/ids'
import type { WfConfigs, WfExecutorConfig, WfInstanceStatus, WfTaskStatus } from '../../../src/contract/schemas/workflow'
import type { Db } from '../../db/client'
import { wfCc, wfComment, wfInstance, wfModelHistory, wfSnapshot, wfTask } from '../../db/schema'
import { ApiError, fill, type Text } from '../../lib/http'
import { emitEvent, enqueue, type JobRunner } from '../../lib/jobs'
import { loadModel, type LoadedModel, type ProcessGraph } from './bpmn'
import { accountsByIds, normalAccountIds } from '../account'
import { resolveAccounts } from './executors'
import { hasExpression, isExpression, resolveTemplate } from './expression'
import { instanceEnded } from './outcomes'
import { RUN_TEXT } from './texts'

/** The job kind of a workflow timer (payload: { instanceId, key }). */
export const TIMER_JOB = 'workflow.timer'
/** Largest engine state kept (bytes of JSON): past it a command is refused rather than the row growing without end. */
const MAX_STATE_BYTES = 2 * 1024 * 1024

type InstanceRow = typeof wfInstance.$inferSelect
type TaskRow = typeof wfTask.$inferSelect
type EngineState = Record<string, unknown>
export type Variables = Record<string, unknown>

export interface StartInput {
  modelHistoryId: string
  starterAccountId: string
  starterOrganizationId?: string | null
  /** What the instance is for (its area's hook decides the record when it ends: ./outcomes.ts). */
  businessType?: string | null
  businessKey?: string | null
  title?: string | null
  variables?: Variables
}

export interface ArmedTimer {
  key: string
  activityId: string
  expireAt: string
}

const refused = (text: Text) => new ApiError(Code.REFUSED, null, text)
const notFound = (text: Text) => new ApiError(Code.NOT_FOUND, null, text)

// ---- the engine's pluggable parts ----------------------------------------------------------

/** Scripts are refused: a script task or a script condition fails the command (deploy refuses them first). */
const REFUSING_SCRIPTS = {
  register: () => undefined,
  getScript: (language?: string) =>
    language
      ? {
          execute: (_scope: unknown, callback: (err: Error) => void) =>
            callback(new Error(`scripts (${language}) do not run on this server`)),
        }
      : undefined,
}

interface TimerRef {
  owner: { id?: string; executionId?: string } | null
  timerId: string
  delay: number
  expireAt: Date
  timerRef: unknown
  fire: () => void
}

/** The engine's timers, recorded instead of scheduled: the command saves them as jobs, a job fires one. */
class RecordedTimers {
  private readonly refs = new Set<TimerRef>()
  private count = 0

  get executing(): TimerRef[] {
    return [...this.refs]
  }
  register(owner: TimerRef['owner']) {
    return {
      setTimeout: (cb: (...a: unknown[]) => void, delay: number, ...args: unknown[]) => this.add(owner, cb, delay, args),
      clearTimeout: (ref: TimerRef) => this.clearTimeout(ref),
    }
  }
  setTimeout = (cb: (...a: unknown[]) => void, delay: number, ...args: unknown[]) => this.add(null, cb, delay, args)
  clearTimeout = (ref: unknown) => {
    this.refs.delete(ref as TimerRef)
  }
  private add(owner: TimerRef['owner'], cb: (...a: unknown[]) => void, delay: number, args: unknown[]): TimerRef {
    const ref: TimerRef = {
      owner,
      timerId: `timer_${this.count++}`,
      delay,
      expireAt: new Date(Date.now() + Math.max(0, delay)),
      timerRef: null,
      fire: () => {
        this.refs.delete(ref)
        cb(...args)
      },
    }
    this.refs.add(ref)
    return ref
  }
}

const timerKey = (ref: TimerRef) => ref.owner?.executionId ?? ref.timerId

/** The state without the definitions' source (recovered from the version's own, which never changes). */
function stripSource(state: unknown): EngineState {
  const copy = JSON.parse(JSON.stringify(state)) as { definitions?: Record<string, unknown>[] }
  for (const d of copy.definitions ?? []) delete d.source
  return copy as EngineState
}

interface ProcessState {
  broker?: { queues?: { name: string; messages: { content?: { id?: string } }[] }[] }
  execution?: { children?: { id: string }[]; flows?: { id: string }[] }
}
function processStateOf(state: EngineState): ProcessState {
  const defs = (state as { definitions?: { execution?: { processes?: ProcessState[] } }[] }).definitions
  const p = defs?.[0]?.execution?.processes?.[0]
  if (!p?.execution) throw refused(fill(RUN_TEXT.engineFault, 'state without a process'))
  return p
}

/**
 * The current state with the stretch `segment` (nodes, flows, boundary events) taken from `snapshot`:
 * those elements are as they were when the snapshot was taken — the target waiting, what follows it idle —
 * and everything outside keeps its progress (another branch, a join that already counted it).
 */
export function restoreSegment(current: EngineState, snapshot: EngineState, segment: ReadonlySet<string>): EngineState {
  const merged = JSON.parse(JSON.stringify(current)) as EngineState
  const mp = processStateOf(merged)
  const sp = processStateOf(snapshot)
  const pick = <T extends { id: string }>(now: T[] = [], then: T[] = []) =>
    now.map((c) => (segment.has(c.id) ? (then.find((x) => x.id === c.id) ?? c) : c))
  mp.execution!.children = pick(mp.execution!.children, sp.execution!.children)
  mp.execution!.flows = pick(mp.execution!.flows, sp.execution!.flows)
  const inSegment = (m: { content?: { id?: string } }) => segment.has(m.content?.id ?? '')
  const queues = mp.broker?.queues ?? []
  for (const q of queues) {
    const before = sp.broker?.queues?.find((x) => x.name === q.name)
    q.messages = [...q.messages.filter((m) => !inSegment(m)), ...(before?.messages ?? []).filter(inSegment)]
  }
  for (const q of sp.broker?.queues ?? [])
    if (!queues.some((x) => x.name === q.name)) queues.push({ ...q, messages: q.messages.filter(inSegment) })
  return merged
}

/**
 * The serial stretch from `targetId` to `sourceId` (yudao's isSequentialReachable): every way back
 * from the source reaches the target without a parallel gateway or the start. Its nodes and flows,
 * with the boundary events of its tasks — or null when the target is not serially reachable.
 */
export function serialSegment(graph: ProcessGraph, sourceId: string, targetId: string): Set<string> | null {
  if (sourceId === targetId || !graph.nodes.has(sourceId) || !graph.nodes.has(targetId)) return null
  const segment = new Set([sourceId, targetId])
  const visited = new Set<string>([sourceId])
  const walk = (nodeId: string): boolean => {
    const node = graph.nodes.get(nodeId)!
    if (node.incoming.length === 0) return false
    for (const flowId of node.incoming) {
      const from = graph.flows.get(flowId)!.source
      segment.add(flowId)
      if (from === targetId || visited.has(from)) continue
      visited.add(from)
      const prev = graph.nodes.get(from)
      if (!prev || prev.type === 'bpmn:ParallelGateway' || prev.type === 'bpmn:StartEvent' || prev.type === 'bpmn:BoundaryEvent')
        return false
      segment.add(from)
      if (!walk(from)) return false
    }
    return true
  }
  if (!walk(sourceId)) return null
  for (const n of graph.nodes.values()) if (n.attachedTo && segment.has(n.attachedTo)) segment.add(n.id)
  return segment
}

// ---- one command's engine ------------------------------------------------------------------

/** One command on one instance: its engine, variables and step, and what it writes. */
class Command {
  readonly step: number
  readonly vars: Variables
  status: WfInstanceStatus
  /** The comment of the verb that ends the instance (a rejection's reason), for its area's hook. */
  endComment: string | null = null
  private engine: Engine | null = null
  private timers = new RecordedTimers()
  private errors: unknown[] = []
  private ended = false
  private state: EngineState | null

  constructor(
    readonly tx: Db,
    readonly inst: InstanceRow,
    readonly model: LoadedModel,
    readonly configs: WfConfigs,
  ) {
    this.step = inst.step + 1
    this.vars = { ...(inst.variables as Variables) }
    this.status = inst.status as WfInstanceStatus
    this.state = (inst.engineState as EngineState | null) ?? null
  }

  get graph(): ProcessGraph {
    return this.model.graph
  }

  private newEngine(): Engine {
    this.timers = new RecordedTimers()
    this.errors = []
    this.ended = false
    const vars = this.vars
    const engine = new Engine({
      name: this.inst.instanceId,
      moddleContext: this.model.moddleContext,
      scripts: REFUSING_SCRIPTS,
      timers: this.timers,
      expressions: {
        resolveExpression: (text: string) => resolveTemplate(text, vars),
        isExpression,
        hasExpression,
      },
    } as unknown as ConstructorParameters<typeof Engine>[0])
    engine.on('error', (err: unknown) => this.errors.push(err))
    engine.on('end', () => {
      this.ended = true
    })
    this.engine = engine
    return engine
  }

  /** Runs the engine until nothing executes (every branch waits, or the process ended); a failure refuses the command. */
  private async settle(): Promise<void> {
    const engine = this.engine!
    for (let i = 0; i < 200; i++) {
      if (this.errors.length || engine.state === 'error') {
        const err = this.errors[0]
        throw refused(fill(RUN_TEXT.engineFault, (err instanceof Error ? err.message : String(err ?? 'error')).slice(0, 200)))
      }
      if (engine.activityStatus !== 'executing') return
      await new Promise((r) => setImmediate(r))
    }
    throw refused(fill(RUN_TEXT.engineFault, 'did not settle'))
  }

  private async guarded(fn: () => void | Promise<unknown>): Promise<void> {
    try {
      await fn()
    } catch (err) {
      if (err instanceof ApiError) throw err
      this.errors.push(err)
    }
    await this.settle()
  }

  /** Starts the process. */
  async execute(): Promise<void> {
    const engine = this.newEngine()
    await this.guarded(() => engine.execute())
  }

  /** Recovers a new engine from the saved state (or `state`) and resumes it. */
  async recover(state?: EngineState): Promise<void> {
    const engine = this.newEngine()
    const saved = state ?? this.state
    if (!saved) throw refused(fill(RUN_TEXT.engineFault, 'no saved state'))
    await this.guarded(async () => {
      engine.recover(JSON.parse(JSON.stringify(saved)))
      await engine.resume()
    })
  }

  /** Completes a waiting user task in the engine. */
  async signal(activityId: string): Promise<void> {
    if (!this.engine) await this.recover()
    const engine = this.engine!
    await this.guarded(() => engine.execution.signal({ id: activityId }))
  }

  /** Fires the armed timer `key` (already fired if it fell due while the engine resumed). */
  async fireTimer(key: string): Promise<void> {
    if (!this.engine) await this.recover()
    const ref = this.timers.executing.find((r) => timerKey(r) === key)
    if (ref) await this.guarded(() => ref.fire())
  }

  /** The user tasks the engine waits at now. */
  private waiting(): { id: string; executionId: string; name: string | null }[] {
    if (!this.engine || this.ended) return []
    return this.engine.execution
      .getPostponed()
      .filter((a) => a.type === 'bpmn:UserTask')
      .map((a) => ({ id: a.id, executionId: a.executionId, name: this.graph.nodes.get(a.id)?.name ?? a.name ?? null }))
  }

  /**
   * Makes the task rows follow the engine: a user task that started waiting gets its executors' tasks
   * (and its cc, and its snapshot); a pending task whose wait is gone (a timer took the path, a return
   * moved past it) ends as `gone`; an ended process is approved.
   */
  async reconcile(gone: WfTaskStatus = 'cancelled'): Promise<void> {
    const tx = this.tx
    const id = this.inst.instanceId
    if (this.engine) this.state = stripSource(await this.engine.getState())
    const waiting = this.waiting()
    const pending = await tx
      .select()
      .from(wfTask)
      .where(and(eq(wfTask.instanceId, id), eq(wfTask.status, 'pending')))
    const pendingRuns = new Set(pending.map((t) => t.executionId))
    const waitingRuns = new Set(waiting.map((w) => w.executionId))
    const endedIds = pending.filter((t) => !waitingRuns.has(t.executionId)).map((t) => t.taskId)
    if (endedIds.length) await this.endTasks(endedIds, gone)
    for (const w of waiting) {
      if (pendingRuns.has(w.executionId)) continue
      const config = this.configs.executorList.find((c) => c.nodeId === w.id)
      const accounts = config
        ? await resolveAccounts(tx, config, { starterAccountId: this.inst.starterAccountId, variables: this.vars })
        : []
      if (accounts.length === 0) throw refused(fill(RUN_TEXT.noExecutor, w.name ?? w.id))
      const method = approveMethodOf(config!, this.graph.nodes.get(w.id)?.multiInstance === true)
      await tx.insert(wfTask).values(
        accounts.map((accountId) => ({
          taskId: newId(),
          instanceId: id,
          activityId: w.id,
          activityName: w.name,
          executionId: w.executionId,
          approveMethod: method,
          assigneeAccountId: accountId,
          createdStep: this.step,
        })),
      )
      await this.tell('workflow.task', accounts, w.name ?? w.id)
      await tx
        .insert(wfSnapshot)
        .values({ instanceId: id, activityId: w.id, executionId: w.executionId, step: this.step, state: this.state! })
        .onConflictDoUpdate({
          target: [wfSnapshot.instanceId, wfSnapshot.activityId],
          set: { executionId: w.executionId, step: this.step, state: this.state!, createTime: new Date() },
        })
      const cc = this.configs.ccList.find((c) => c.nodeId === w.id)
      if (cc) {
        const to = await resolveAccounts(tx, cc, { starterAccountId: this.inst.starterAccountId, variables: this.vars })
        await this.copyTo(to, null, w.id, null, w.name ?? w.id)
      }
    }
    if (this.ended && this.status === 'running') this.status = 'approved'
  }

  async endTasks(
    taskIds: string[],
    status: WfTaskStatus,
    extra: { comment?: string | null; handledBy?: string | null } = {},
  ): Promise<void> {
    if (taskIds.length === 0) return
    await this.tx
      .update(wfTask)
      .set({
        status,
        endTime: new Date(),
        endedStep: this.step,
        ...(extra.comment !== undefined && { comment: extra.comment }),
        ...(extra.handledBy !== undefined && { handledBy: extra.handledBy }),
      })
      .where(and(inArray(wfTask.taskId, taskIds), eq(wfTask.status, 'pending')))
  }

  /**
   * Tells accounts in their message centre (an outbox event, delivered once this commits): a task
   * waiting for them (`workflow.task`) or a copy of the instance (`workflow.cc`).
   */
  async tell(topic: 'workflow.task' | 'workflow.cc', accountIds: string[], taskName: string | null): Promise<void> {
    if (accountIds.length === 0) return
    const [starter] = await accountsByIds(this.tx, [this.inst.starterAccountId])
    await emitEvent(
      this.tx,
      topic,
      {
        instanceId: this.inst.instanceId,
        title: this.inst.title,
        taskName,
        starterName: starter ? (starter.userName ?? starter.accountName) : null,
        receiverIds: accountIds,
      },
      this.inst.starterOrganizationId,
    )
  }

  async copyTo(
    accountIds: string[],
    from: string | null,
    activityId: string | null,
    taskId: string | null,
    taskName: string | null,
  ): Promise<void> {
    if (accountIds.length === 0) return
    const copied = await this.tx
      .insert(wfCc)
      .values(
        accountIds.map((accountId) => ({
          ccId: newId(),
          instanceId: this.inst.instanceId,
          activityId,
          taskId,
          accountId,
          fromAccountId: from,
        })),
      )
      .onConflictDoNothing()
      .returning({ accountId: wfCc.accountId })
    await this.tell(
      'workflow.cc',
      copied.map((r) => r.accountId),
      taskName,
    )
  }

  /** The engine state saved when a node of this instance last began to wait, if it ever did. */
  async snapshotAt(activityId: string) {
    const [snap] = await this.tx
      .select()
      .from(wfSnapshot)
      .where(and(eq(wfSnapshot.instanceId, this.inst.instanceId), eq(wfSnapshot.activityId, activityId)))
    return snap
  }

  async comment(values: {
    action: string
    accountId: string | null
    taskId?: string | null
    activityId?: string | null
    comment?: string | null
    targetAccountId?: string | null
  }) {
    await this.tx.insert(wfComment).values({ commentId: newId(), instanceId: this.inst.instanceId, step: this.step, ...values })
  }

  /** Writes the instance: state, variables, status, step and timers (a new armed timer gets its job). */
  async save(by: string | null): Promise<void> {
    const armed: ArmedTimer[] =
      this.status === 'running' && this.engine
        ? this.timers.executing.map((r) => ({ key: timerKey(r), activityId: r.owner?.id ?? '', expireAt: r.expireAt.toISOString() }))
        : this.status === 'running'
          ? (this.inst.timers as ArmedTimer[])
          : []
    const before = new Set((this.inst.timers as ArmedTimer[]).map((t) => t.key))
    for (const t of armed)
      if (!before.has(t.key))
        await enqueue(this.tx, {
          kind: TIMER_JOB,
          payload: { instanceId: this.inst.instanceId, key: t.key },
          runAt: new Date(t.expireAt),
          maxAttempts: 10,
        })
    if (this.state && JSON.stringify(this.state).length > MAX_STATE_BYTES) throw refused(fill(RUN_TEXT.engineFault, 'state too large'))
    const ended = this.status !== 'running'
    if (ended) {
      const open = await this.tx
        .select({ id: wfTask.taskId })
        .from(wfTask)
        .where(and(eq(wfTask.instanceId, this.inst.instanceId), eq(wfTask.status, 'pending')))
      await this.endTasks(
        open.map((t) => t.id),
        'cancelled',
      )
    }
    await this.tx
      .update(wfInstance)
      .set({
        engineState: this.state,
        variables: this.vars,
        status: this.status,
        step: this.step,
        timers: armed,
        updateTime: new Date(),
        updateBy: by,
        ...(ended && !this.inst.endTime && { endTime: new Date() }),
      })
      .where(eq(wfInstance.instanceId, this.inst.instanceId))
    // it ends with this command: its area decides its record now, in this transaction (a refusal refuses the command)
    if (ended && this.inst.status === 'running' && this.inst.businessType)
      await instanceEnded(this.tx, {
        instanceId: this.inst.instanceId,
        businessType: this.inst.businessType,
        businessKey: this.inst.businessKey,
        status: this.status as Exclude<WfInstanceStatus, 'running'>,
        by,
        comment: this.endComment,
      })
  }
}

/** Statuses a person's decision leaves a task in. */
const DECIDED: WfTaskStatus[] = ['approved', 'rejected', 'returned']

/**
 * The 20008 of a task no longer pending, carrying what was decided at its node: the task itself, or,
 * when it was cancelled because another's decision closed the node (或签), that decision — status,
 * comment, who — so an offline outbox's conflict shows mine beside what happened.
 */
async function handledMeanwhile(db: Db, t: TaskRow): Promise<ApiError> {
  let decided = t
  if (t.status === 'cancelled') {
    const [other] = await db
      .select()
      .from(wfTask)
      .where(and(eq(wfTask.instanceId, t.instanceId), eq(wfTask.activityId, t.activityId), inArray(wfTask.status, DECIDED)))
      .orderBy(desc(wfTask.endTime))
      .limit(1)
    if (other) decided = other
  }
  const [by] = decided.handledBy ? await accountsByIds(db, [decided.handledBy]) : []
  const answer = {
    taskId: t.taskId,
    instanceId: t.instanceId,
    activityId: t.activityId,
    assigneeAccountId: t.assigneeAccountId,
    status: decided.status,
    comment: decided.comment,
    handledBy: decided.handledBy,
    handledByName: by ? (by.userName ?? by.accountName) : null,
    endTime: decided.endTime?.toISOString() ?? null,
  }
  return new ApiError(Code.VERSION_CONFLICT, answer, RUN_TEXT.taskHandled)
}

const approveMethodOf = (config: WfExecutorConfig, multiInstance: boolean) => config.approveMethod ?? (multiInstance ? 'all' : 'any')

// ---- the runtime -----------------------------------------------------------------------------

export class WorkflowRuntime {
  constructor(private readonly db: Db) {}

  /** Hands the timer jobs to this runtime (a gateway's job runner, or a test's). */
  registerJobs(runner: JobRunner): this {
    runner.handle(TIMER_JOB, async (payload) => {
      const p = payload as { instanceId?: string; key?: string }
      if (p.instanceId && p.key) await this.fireTimer(p.instanceId, p.key)
    })
    return this
  }

  private async version(tx: Db, modelHistoryId: string) {
    const [h] = await tx.select().from(wfModelHistory).where(eq(wfModelHistory.modelHistoryId, modelHistoryId))
    if (!h) throw notFound(RUN_TEXT.modelNotPublished)
    return { history: h, model: await loadModel(h.modelHistoryId, h.bpmnXml), configs: configsOf(h.configs) }
  }

  /** Runs `fn` on the locked instance in one transaction, then saves it. */
  private async onInstance<T>(
    instanceId: string,
    by: string | null,
    fn: (c: Command) => Promise<T>,
    opts: { ended?: 'refuse' | 'skip' } = {},
  ): Promise<T | undefined> {
    return this.db.transaction(async (tx) => {
      const [inst] = await tx.select().from(wfInstance).where(eq(wfInstance.instanceId, instanceId)).for('update')
      if (!inst) throw notFound(RUN_TEXT.instanceNotFound)
      if (inst.status !== 'running') {
        if (opts.ended === 'skip') return undefined
        throw refused(RUN_TEXT.instanceEnded)
      }
      const { model, configs } = await this.version(tx, inst.modelHistoryId)
      const c = new Command(tx, inst, model, configs)
      const out = await fn(c)
      await c.save(by)
      return out
    })
  }

  /**
   * Runs `fn` on a pending task of `actor` (read again under the instance's lock). A task handled
   * meanwhile — by someone else, by a sibling's decision, by this same call sent twice, or closed with
   * its instance — answers 20008 (handledMeanwhile), so an offline outbox shows a conflict, not a failure.
   */
  private async onTask<T>(taskId: string, actor: string, fn: (c: Command, task: TaskRow) => Promise<T>): Promise<T> {
    const [found] = await this.db.select().from(wfTask).where(eq(wfTask.taskId, taskId))
    if (!found) throw notFound(RUN_TEXT.taskNotFound)
    if (found.status !== 'pending') throw await handledMeanwhile(this.db, found)
    return (await this.onInstance(found.instanceId, actor, async (c) => {
      const [task] = await c.tx.select().from(wfTask).where(eq(wfTask.taskId, taskId))
      if (!task) throw notFound(RUN_TEXT.taskNotFound)
      if (task.status !== 'pending') throw await handledMeanwhile(c.tx, task)
      if (task.assigneeAccountId !== actor) throw refused(RUN_TEXT.notAssignee)
      return fn(c, task)
    })) as T
  }

  /** Starts an instance of a deployed version in use; its id. */
  async start(input: StartInput): Promise<string> {
    const instanceId = newId()
    await this.db.transaction(async (tx) => {
      const { history, model, configs } = await this.version(tx, input.modelHistoryId)
      if (history.status !== 1) throw refused(RUN_TEXT.versionStopped)
      const variables = input.variables ?? {}
      const [inst] = await tx
        .insert(wfInstance)
        .values({
          instanceId,
          modelHistoryId: history.modelHistoryId,
          modelId: history.modelId,
          title: input.title ?? history.name,
          businessType: input.businessType ?? null,
          businessKey: input.businessKey ?? null,
          starterAccountId: input.starterAccountId,
          starterOrganizationId: input.starterOrganizationId ?? null,
          variables,
          startData: variables,
          createBy: input.starterAccountId,
          updateBy: input.starterAccountId,
        })
        .returning()
      const c = new Command(tx, inst!, model, configs)
      await c.comment({ action: 'start', accountId: input.starterAccountId })
      await c.execute()
      await c.reconcile()
      await c.save(input.starterAccountId)
    })
    return instanceId
  }

  /** 同意. A delegated task is resolved and goes back to its owner; else the node moves on when its method says so. */
  async approve(taskId: string, actor: string, opts: { comment?: string | null; variables?: Variables } = {}): Promise<void> {
    await this.onTask(taskId, actor, async (c, task) => {
      if (task.ownerAccountId) {
        await c.comment({
          action: 'resolve',
          accountId: actor,
          taskId,
          activityId: task.activityId,
          comment: opts.comment ?? null,
          targetAccountId: task.ownerAccountId,
        })
        await c.tx.update(wfTask).set({ assigneeAccountId: task.ownerAccountId, ownerAccountId: null }).where(eq(wfTask.taskId, taskId))
        await c.tell('workflow.task', [task.ownerAccountId], task.activityName ?? task.activityId)
        return
      }
      Object.assign(c.vars, opts.variables ?? {})
      c.endComment = opts.comment ?? null
      await c.endTasks([taskId], 'approved', { comment: opts.comment ?? null, handledBy: actor })
      await c.comment({ action: 'approve', accountId: actor, taskId, activityId: task.activityId, comment: opts.comment ?? null })
      const others = await c.tx
        .select({ id: wfTask.taskId })
        .from(wfTask)
        .where(
          and(
            eq(wfTask.instanceId, task.instanceId),
            eq(wfTask.executionId, task.executionId),
            eq(wfTask.status, 'pending'),
            ne(wfTask.taskId, taskId),
          ),
        )
      if (task.approveMethod === 'all' && others.length > 0) return
      await c.endTasks(
        others.map((o) => o.id),
        'cancelled',
      )
      await c.signal(task.activityId)
      await c.reconcile()
    })
  }

  /** 驳回: the instance ends as rejected (a comment is required by the contract). */
  async reject(taskId: string, actor: string, comment: string): Promise<void> {
    await this.onTask(taskId, actor, async (c, task) => {
      if (task.ownerAccountId) throw refused(RUN_TEXT.delegateOnlyResolves)
      await c.endTasks([taskId], 'rejected', { comment, handledBy: actor })
      await c.comment({ action: 'reject', accountId: actor, taskId, activityId: task.activityId, comment })
      c.endComment = comment
      c.status = 'rejected'
    })
  }

  /** The earlier user tasks this task may return to: serially reachable, and waited at before in this instance. */
  async returnTargets(taskId: string): Promise<{ activityId: string; name: string | null }[]> {
    const [task] = await this.db.select().from(wfTask).where(eq(wfTask.taskId, taskId))
    if (!task) throw notFound(RUN_TEXT.taskNotFound)
    const [inst] = await this.db
      .select({ modelHistoryId: wfInstance.modelHistoryId })
      .from(wfInstance)
      .where(eq(wfInstance.instanceId, task.instanceId))
    const { model } = await this.version(this.db, inst!.modelHistoryId)
    const seen = await this.db
      .select({ activityId: wfSnapshot.activityId })
      .from(wfSnapshot)
      .where(eq(wfSnapshot.instanceId, task.instanceId))
    const waited = new Set(seen.map((s) => s.activityId))
    return [...model.graph.nodes.values()]
      .filter((n) => n.type === 'bpmn:UserTask' && waited.has(n.id) && serialSegment(model.graph, task.activityId, n.id) !== null)
      .map((n) => ({ activityId: n.id, name: n.name }))
  }

  /** 退回 (reset) to an earlier user task that is serially reachable; it waits again with fresh tasks. */
  async returnTo(taskId: string, actor: string, targetActivityId: string, comment?: string | null): Promise<void> {
    await this.onTask(taskId, actor, async (c, task) => {
      if (task.ownerAccountId) throw refused(RUN_TEXT.delegateOnlyResolves)
      const segment = serialSegment(c.graph, task.activityId, targetActivityId)
      const snap = await c.snapshotAt(targetActivityId)
      if (!segment || !snap) throw refused(fill(RUN_TEXT.notReturnable, targetActivityId))
      await c.endTasks([taskId], 'returned', { comment: comment ?? null, handledBy: actor })
      await c.comment({ action: 'reset', accountId: actor, taskId, activityId: targetActivityId, comment: comment ?? null })
      await c.recover(restoreSegment(c.inst.engineState as EngineState, snap.state as EngineState, segment))
      await c.reconcile('cancelled')
    })
  }

  /**
   * 撤回. The last approver of a node takes it back while the tasks its approval created are untouched
   * (the node waits again; at a 会签 node still waiting for others, just their own approval is taken back).
   * The starter, while nobody has acted yet, withdraws the whole instance.
   */
  async withdraw(instanceId: string, actor: string, comment?: string | null): Promise<void> {
    await this.onInstance(instanceId, actor, async (c) => {
      const tasks = await c.tx.select().from(wfTask).where(eq(wfTask.instanceId, instanceId)).orderBy(desc(wfTask.endedStep))
      const mine = tasks.find((t) => t.status === 'approved' && t.handledBy === actor)
      if (mine) {
        const r = mine.endedStep!
        const stillOpen = tasks.filter((t) => t.executionId === mine.executionId && t.status === 'pending')
        const next = tasks.filter((t) => t.createdStep === r && t.executionId !== mine.executionId)
        const noteWithdrawal = () =>
          c.comment({ action: 'withdraw', accountId: actor, taskId: mine.taskId, activityId: mine.activityId, comment: comment ?? null })
        if (stillOpen.length > 0) {
          // a 会签 node still waiting: the approval alone comes back
          await c.tx
            .update(wfTask)
            .set({ status: 'pending', endTime: null, endedStep: null, comment: null, handledBy: null })
            .where(eq(wfTask.taskId, mine.taskId))
          await noteWithdrawal()
          return
        }
        if (next.length === 0) throw refused(RUN_TEXT.withdrawNothing)
        if (next.some((t) => t.status !== 'pending' || t.ownerAccountId)) throw refused(RUN_TEXT.withdrawTouched)
        const handed = await c.tx
          .select({ id: wfComment.commentId })
          .from(wfComment)
          .where(
            and(
              eq(wfComment.instanceId, instanceId),
              inArray(
                wfComment.taskId,
                next.map((t) => t.taskId),
              ),
              inArray(wfComment.action, ['delegate', 'transfer', 'resolve']),
            ),
          )
        if (handed.length) throw refused(RUN_TEXT.withdrawTouched)
        const segment = new Set<string>()
        for (const t of next) {
          const s = serialSegment(c.graph, t.activityId, mine.activityId)
          if (!s) throw refused(fill(RUN_TEXT.notReturnable, mine.activityId))
          for (const x of s) segment.add(x)
        }
        const snap = await c.snapshotAt(mine.activityId)
        if (!snap) throw refused(RUN_TEXT.withdrawNothing)
        await c.endTasks(
          next.map((t) => t.taskId),
          'withdrawn',
        )
        await noteWithdrawal()
        await c.recover(restoreSegment(c.inst.engineState as EngineState, snap.state as EngineState, segment))
        await c.reconcile('withdrawn')
        return
      }
      if (c.inst.starterAccountId !== actor) throw refused(RUN_TEXT.withdrawNothing)
      if (tasks.some((t) => t.status !== 'pending' && t.status !== 'cancelled' && t.status !== 'timeout'))
        throw refused(RUN_TEXT.withdrawTouched)
      const acted = await c.tx
        .select({ id: wfComment.commentId })
        .from(wfComment)
        .where(and(eq(wfComment.instanceId, instanceId), ne(wfComment.action, 'start'), ne(wfComment.action, 'cc')))
      if (acted.length) throw refused(RUN_TEXT.withdrawTouched)
      await c.endTasks(
        tasks.filter((t) => t.status === 'pending').map((t) => t.taskId),
        'withdrawn',
      )
      await c.comment({ action: 'withdraw', accountId: actor, comment: comment ?? null })
      c.endComment = comment ?? null
      c.status = 'withdrawn'
    })
  }

  /** 委派: the delegate acts, then the task comes back to its owner (the actor). */
  async delegate(taskId: string, actor: string, toAccountId: string, comment?: string | null): Promise<void> {
    await this.handOver('delegate', taskId, actor, toAccountId, comment)
  }

  /** 转办: the task becomes another account's. */
  async transfer(taskId: string, actor: string, toAccountId: string, comment?: string | null): Promise<void> {
    await this.handOver('transfer', taskId, actor, toAccountId, comment)
  }

  /** 委派 or 转办: the task goes to another account (told of it); a delegated task only comes back (解决). */
  private async handOver(
    action: 'delegate' | 'transfer',
    taskId: string,
    actor: string,
    toAccountId: string,
    comment?: string | null,
  ): Promise<void> {
    await this.onTask(taskId, actor, async (c, task) => {
      if (task.ownerAccountId) throw refused(action === 'delegate' ? RUN_TEXT.alreadyDelegated : RUN_TEXT.delegateOnlyResolves)
      await this.checkReceiver(c.tx, actor, toAccountId)
      await c.tx
        .update(wfTask)
        .set({ assigneeAccountId: toAccountId, ...(action === 'delegate' && { ownerAccountId: actor }) })
        .where(eq(wfTask.taskId, taskId))
      await c.tell('workflow.task', [toAccountId], task.activityName ?? task.activityId)
      await c.comment({
        action,
        accountId: actor,
        taskId,
        activityId: task.activityId,
        comment: comment ?? null,
        targetAccountId: toAccountId,
      })
    })
  }

  /** 抄送 by the assignee of a pending task. */
  async cc(taskId: string, actor: string, accountIds: string[]): Promise<void> {
    await this.onTask(taskId, actor, async (c, task) => {
      const to = await normalAccountIds(c.tx, [...new Set(accountIds)])
      if (to.length === 0) throw refused(RUN_TEXT.accountUnavailable)
      await c.copyTo(to, actor, task.activityId, taskId, task.activityName ?? task.activityId)
      await c.comment({ action: 'cc', accountId: actor, taskId, activityId: task.activityId })
    })
  }

  /** A timer's job: fires it if the instance still has it armed (else nothing: its task was done meanwhile). */
  async fireTimer(instanceId: string, key: string): Promise<void> {
    await this.onInstance(
      instanceId,
      null,
      async (c) => {
        if (!(c.inst.timers as ArmedTimer[]).some((t) => t.key === key)) return
        await c.fireTimer(key)
        await c.reconcile('timeout')
      },
      { ended: 'skip' },
    )
  }

  private async checkReceiver(tx: Db, actor: string, to: string): Promise<void> {
    if (to === actor) throw refused(RUN_TEXT.sameAccount)
    if ((await normalAccountIds(tx, [to])).length === 0) throw refused(RUN_TEXT.accountUnavailable)
  }
}

/** A stored configs object read defensively (older rows may lack a list). */
export function configsOf(raw: unknown): WfConfigs {
  const r = (raw ?? {}) as Partial<WfConfigs>
  return { ccList: r.ccList ?? [], executorList: r.executorList ?? [], formList: r.formList ?? [], useScopeList: r.useScopeList ?? [] }
}
