/**
 * Background work (DESIGN §5): ONE jobs table for every area (message delivery, workflow timers,
 * log partition upkeep, large exports).
 *
 *   enqueue(tx, { kind, payload, dedupeKey?, runAt?, maxAttempts? })   in the caller's transaction
 *   emitEvent(tx, topic, payload, org?, dedupeKey?)   an events-outbox row + the job that hands it to consumers
 *                                        (claimed only by a runner that consumes that topic),
 *                                        in the transaction of the business write
 *   schedule(db, kind, everySeconds)     a recurring job (one row per kind, run again after each run)
 *   callerOf(auth) / authOf(caller)      who a job acts for, kept with it and made an AuthContext again
 *   new JobRunner(db, opts).handle(kind, fn).every(kind, seconds, fn).onEvent(topic, fn).start()
 *
 * Any gateway instance claims due jobs with `FOR UPDATE SKIP LOCKED` under a lease, renewed while the
 * job runs: a gateway that dies mid-way loses nothing — its job is claimed again when the lease runs
 * out. A failure is retried with exponential backoff (with jitter) until `maxAttempts`, then the job is `dead` (the
 * dead-letter list: `deadJobs`). Handlers may run more than once for one job (a lease that ran out,
 * a crash after the work and before `done`): they must be idempotent — unique keys, ON CONFLICT.
 * Enqueueing NOTIFYs `trestle_job` (delivered at commit), so idle runners wake at once.
 */
import { randomUUID } from 'node:crypto'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { eventOutbox, job } from '../db/schema'
import type { AccountRow, AuthContext } from '../types'
import { logContent, type WorkEntry } from './logPort'

export const JOB_CHANNEL = 'trestle_job'
/** The job kind that hands an outbox event to its consumers. */
export const EVENT_JOB = 'event'

export interface JobSpec {
  kind: string
  payload?: unknown
  /** At most one job of this kind with this key, ever: a second enqueue does nothing (answers null). */
  dedupeKey?: string
  runAt?: Date
  maxAttempts?: number
}

export interface ClaimedJob {
  id: number
  kind: string
  payload: unknown
  attempts: number
  maxAttempts: number
  everySeconds: number | null
  /** When this run was due (ms since the epoch): a recurring job's runs differ by it, their attempts start at 1 each time. */
  dueAt?: number
}

export type JobHandler = (payload: unknown, job: ClaimedJob) => Promise<void>

export interface EventRow {
  id: number
  topic: string
  payload: unknown
  organizationId: string | null
  createdAt: Date
}
export type EventHandler = (event: EventRow) => Promise<void>

type Rows<T> = { rows: T[] }

/** Adds a job in `tx` (the caller's transaction, so it exists exactly when the write committed); its id, or null when deduplicated. */
export async function enqueue(tx: Db, spec: JobSpec): Promise<number | null> {
  const rows = await tx
    .insert(job)
    .values({
      kind: spec.kind,
      payload: spec.payload ?? {},
      dedupeKey: spec.dedupeKey ?? null,
      runAt: spec.runAt ?? sql`now()`,
      maxAttempts: spec.maxAttempts ?? 5,
    })
    .onConflictDoNothing()
    .returning({ id: job.id })
  if (rows[0]) await tx.execute(sql`select pg_notify(${JOB_CHANNEL}, ${spec.kind})`)
  return rows[0] ? Number(rows[0].id) : null
}

/**
 * Who a job acts for, kept in its payload or on its row (work a request hands on — a large import or
 * project initialisation — is done by a runner, maybe on another gateway): the account (without its
 * password hash), the session, the application and the route's grant (data scope).
 */
export interface JobCaller {
  account: Omit<AccountRow, 'passwordHash'>
  sessionId: string
  appCode: string | null
  grant: AuthContext['grant']
}

export function callerOf(auth: AuthContext): JobCaller {
  const { passwordHash: _, ...account } = auth.account
  return { account, sessionId: auth.session.sessionId, appCode: auth.appCode, grant: auth.grant }
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/

/** The caller's AuthContext again, from what the job kept (its times were stored as ISO text). */
export function authOf(caller: JobCaller): AuthContext {
  const account = Object.fromEntries(
    Object.entries(caller.account).map(([k, v]) => [k, typeof v === 'string' && ISO_TIME.test(v) ? new Date(v) : v]),
  ) as Omit<AccountRow, 'passwordHash'>
  return {
    account: { ...account, passwordHash: '' },
    session: { sessionId: caller.sessionId, accountId: account.accountId } as AuthContext['session'],
    accessToken: null,
    appCode: caller.appCode,
    grant: caller.grant,
  }
}

/**
 * Writes a business event to the outbox in `tx` and the job that delivers it to the topic's
 * consumers; the event id — or null when `dedupeKey` was used before (nothing written).
 */
export async function emitEvent(
  tx: Db,
  topic: string,
  payload: unknown,
  organizationId: string | null = null,
  dedupeKey: string | null = null,
): Promise<number | null> {
  const [row] = await tx
    .insert(eventOutbox)
    .values({ topic, payload, organizationId, dedupeKey })
    .onConflictDoNothing()
    .returning({ id: eventOutbox.id })
  if (!row) return null
  const id = Number(row.id)
  await enqueue(tx, { kind: EVENT_JOB, payload: { eventId: id, topic }, dedupeKey: String(id), maxAttempts: 8 })
  return id
}

/** A recurring job of `kind`: one row, due now, run again `everySeconds` after each completion (a second call updates the period). */
export async function schedule(db: Db, kind: string, everySeconds: number, payload: unknown = {}): Promise<void> {
  await db
    .insert(job)
    .values({ kind, payload, dedupeKey: 'recurring', everySeconds, maxAttempts: 1_000_000 })
    .onConflictDoUpdate({ target: [job.kind, job.dedupeKey], targetWhere: sql`dedupe_key is not null`, set: { everySeconds, payload } })
}

/** The dead-letter list: jobs that failed every attempt, newest first. */
export async function deadJobs(db: Db, kind?: string, limit = 100) {
  return db
    .select({
      id: job.id,
      kind: job.kind,
      payload: job.payload,
      attempts: job.attempts,
      lastError: job.lastError,
      finishedAt: job.finishedAt,
    })
    .from(job)
    .where(kind ? and(eq(job.status, 'dead'), eq(job.kind, kind)) : eq(job.status, 'dead'))
    .orderBy(desc(job.id))
    .limit(limit)
}

/** Puts a dead job back in the queue with fresh attempts (an administrator's "retry"). */
export async function retryDead(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(job)
    .set({ status: 'ready', attempts: 0, runAt: sql`now()`, lastError: null, finishedAt: null })
    .where(and(eq(job.id, id), eq(job.status, 'dead')))
    .returning({ id: job.id })
  return rows.length > 0
}

export interface RunnerOptions {
  /** Names this process in `locked_by`. */
  workerId?: string
  /** Seconds a claim holds before another instance may take the job over (default 60). */
  leaseSeconds?: number
  /** Poll period when idle, ms (default 2000; NOTIFY wakes it sooner). */
  pollMs?: number
  /** Jobs claimed per round (default 10). */
  batch?: number
  /** Delay before attempt n+1 after n failures, ms (default 5 s · 2^(n−1), at most 1 h, ±20 %). */
  backoffMs?: (attempts: number) => number
  /** Told about a failed attempt (the gateway's log). */
  onError?: (job: ClaimedJob, err: unknown, dead: boolean) => void
  /**
   * Told about every run of a job, by the process that claimed and ran it (so once per run across
   * gateways): its outcome and duration — the system log's row of the gateway's own work.
   */
  onRun?: (job: ClaimedJob, outcome: JobOutcome) => Promise<void>
}

export interface JobOutcome {
  /** null: done. */
  error: unknown
  /** Failed for the last time (the dead-letter list). */
  dead: boolean
  durationMs: number
}

/** A job run as the system log keeps it (lib/logPort.ts WorkEntry): its kind, outcome, duration, payload (its caller named, not kept). */
export function workOfJob(j: ClaimedJob, o: JobOutcome): WorkEntry {
  const { caller, ...payload } = (j.payload && typeof j.payload === 'object' ? j.payload : {}) as { caller?: Partial<JobCaller> }
  const message = o.error === null ? null : o.error instanceof Error ? o.error.message : String(o.error)
  return {
    kind: j.kind,
    code: message === null ? 10000 : 50000,
    durationMs: o.durationMs,
    // data, not words: the screen shows it whatever the reader's language (the outcome is the code's, the error the response)
    content: JSON.stringify({
      job: j.id,
      attempt: j.attempts,
      of: j.maxAttempts,
      ...(j.dueAt !== undefined ? { due: new Date(j.dueAt).toISOString() } : {}),
      ...(o.dead ? { dead: true } : {}),
    }),
    request: logContent(payload, 4000),
    response: message,
    accountName: caller?.account?.accountName ?? null,
    organizationId: caller?.account?.organizationId ?? null,
  }
}

export const defaultBackoff = (base: number) => (attempts: number) => {
  const ms = Math.min(base * 2 ** Math.max(0, attempts - 1), 3_600_000)
  return Math.round(ms * (0.8 + Math.random() * 0.4))
}

export class JobRunner {
  readonly workerId: string
  private readonly handlers = new Map<string, JobHandler>()
  private readonly consumers = new Map<string, EventHandler[]>()
  private readonly recurring = new Map<string, number>()
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private again = false
  private stopped = true

  constructor(
    private readonly db: Db,
    private readonly opts: RunnerOptions = {},
  ) {
    this.workerId = opts.workerId ?? `${process.pid}-${randomUUID().slice(0, 8)}`
    this.handle(EVENT_JOB, (payload) => this.deliverEvent(payload as { eventId: number }))
  }

  /** The handler of a job kind (one per kind). */
  handle(kind: string, fn: JobHandler): this {
    this.handlers.set(kind, fn)
    return this
  }

  /** A recurring job: its handler here, its row scheduled when the runner starts (a gateway without a runner writes nothing). */
  every(kind: string, everySeconds: number, fn: JobHandler): this {
    this.recurring.set(kind, everySeconds)
    return this.handle(kind, fn)
  }

  /** A consumer of an outbox topic (several may consume one topic; each must be idempotent). */
  onEvent(topic: string, fn: EventHandler): this {
    this.consumers.set(topic, [...(this.consumers.get(topic) ?? []), fn])
    return this
  }

  /** Schedules the recurring jobs, then starts polling (and running on `wake`). */
  async start(): Promise<void> {
    for (const [kind, seconds] of this.recurring) await schedule(this.db, kind, seconds)
    this.stopped = false
    this.wake()
  }

  /** Stops claiming; waits for the round under way. */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.running
  }

  /** Runs a round soon (a NOTIFY, an enqueue in this process). */
  wake(): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.running = this.loop().finally(() => {
      this.running = null
      if (this.stopped) return
      if (this.again) {
        this.again = false
        this.wake()
        return
      }
      this.timer = setTimeout(() => this.wake(), this.opts.pollMs ?? 2000)
      this.timer.unref()
    })
  }

  private async loop(): Promise<void> {
    try {
      // Round after round while there was work (a full batch or a job done), then idle.
      for (let i = 0; i < 100 && !this.stopped; i++) if ((await this.runOnce()) === 0) break
    } catch (err) {
      this.opts.onError?.({ id: 0, kind: '(claim)', payload: null, attempts: 0, maxAttempts: 0, everySeconds: null }, err, false)
    }
  }

  /** Claims the due jobs of the known kinds (a batch) and runs them; how many were claimed. */
  async runOnce(): Promise<number> {
    const claimed = await this.claim()
    for (const j of claimed) await this.run(j)
    return claimed.length
  }

  /** Claims due jobs: ready and due, or running with a lease that ran out (its gateway died). */
  async claim(limit = this.opts.batch ?? 10): Promise<ClaimedJob[]> {
    const kinds = [...this.handlers.keys()]
    // an event job only by a runner that consumes its topic: another instance (or a test's runner on
    // the same database) without that consumer leaves it for one that has it
    const topics = [...this.consumers.keys()]
    const ownEvents = topics.length
      ? sql`(kind <> ${EVENT_JOB} or payload->>'topic' in (${sql.join(
          topics.map((t) => sql`${t}`),
          sql`, `,
        )}))`
      : sql`kind <> ${EVENT_JOB}`
    const lease = this.opts.leaseSeconds ?? 60
    const result = (await this.db.execute(sql`
      update ${job} set status = 'running', attempts = attempts + 1, locked_by = ${this.workerId},
        locked_until = now() + make_interval(secs => ${lease})
      where id in (
        select id from ${job}
        where status in ('ready', 'running') and kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )}) and ${ownEvents}
          and ((status = 'ready' and run_at <= now()) or (status = 'running' and locked_until < now()))
        order by run_at, id
        limit ${limit}
        for update skip locked
      )
      returning id::text as id, kind, payload, attempts, max_attempts, every_seconds,
        (extract(epoch from run_at) * 1000)::bigint::text as due_at`)) as unknown as Rows<{
      id: string
      kind: string
      payload: unknown
      attempts: number
      max_attempts: number
      every_seconds: number | null
      due_at: string
    }>
    return result.rows
      .map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        payload: r.payload,
        attempts: Number(r.attempts),
        maxAttempts: Number(r.max_attempts),
        everySeconds: r.every_seconds === null ? null : Number(r.every_seconds),
        dueAt: Number(r.due_at),
      }))
      .sort((a, b) => a.id - b.id)
  }

  /** Runs one claimed job and records the outcome (done, rescheduled, retried later, or dead). */
  async run(j: ClaimedJob): Promise<void> {
    const fn = this.handlers.get(j.kind)
    const started = performance.now()
    const report = async (error: unknown, dead = false) => {
      try {
        await this.opts.onRun?.(j, { error, dead, durationMs: Math.round(performance.now() - started) })
      } catch {
        /* the report never fails the job */
      }
    }
    // a job longer than its lease keeps its claim: renewed every third of the lease while it runs (a
    // gateway that dies stops renewing, and the job is taken over as before)
    const lease = this.opts.leaseSeconds ?? 60
    const renewal = setInterval(
      () =>
        void this.db
          .execute(
            sql`update ${job} set locked_until = now() + make_interval(secs => ${lease})
              where id = ${j.id} and locked_by = ${this.workerId} and status = 'running'`,
          )
          .catch(() => undefined),
      (lease * 1000) / 3,
    )
    renewal.unref()
    try {
      if (!fn) throw new Error(`no handler for job kind ${j.kind}`)
      await fn(j.payload, j)
    } catch (err) {
      clearInterval(renewal)
      const dead = j.attempts >= j.maxAttempts
      const message = err instanceof Error ? err.message : String(err)
      const delay = (this.opts.backoffMs ?? defaultBackoff(5000))(j.attempts)
      await this.db.execute(sql`
        update ${job} set status = ${dead ? 'dead' : 'ready'}, last_error = ${message.slice(0, 2000)},
          run_at = now() + make_interval(secs => ${delay / 1000}), locked_by = null, locked_until = null,
          finished_at = ${dead ? sql`now()` : null}
        where id = ${j.id} and locked_by = ${this.workerId}`)
      this.opts.onError?.(j, err, dead)
      await report(err, dead)
      return
    }
    clearInterval(renewal)
    await report(null)
    if (j.everySeconds !== null) {
      await this.db.execute(sql`
        update ${job} set status = 'ready', attempts = 0, last_error = null, locked_by = null, locked_until = null,
          run_at = now() + make_interval(secs => every_seconds)
        where id = ${j.id} and locked_by = ${this.workerId}`)
    } else {
      await this.db.execute(sql`
        update ${job} set status = 'done', finished_at = now(), locked_by = null, locked_until = null
        where id = ${j.id} and locked_by = ${this.workerId}`)
    }
  }

  private async deliverEvent(payload: { eventId: number }): Promise<void> {
    const [row] = await this.db.select().from(eventOutbox).where(eq(eventOutbox.id, payload.eventId))
    if (!row) return
    const event: EventRow = { ...row, id: Number(row.id) }
    for (const fn of this.consumers.get(row.topic) ?? []) await fn(event)
  }
}
