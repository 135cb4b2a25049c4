/**
 * The outbox engine: queue edits (entry + local copy in one transaction), replay them, resolve
 * failures and conflicts. Pure of the browser: storage, sending, time, randomness, the cross-tab
 * lock and notifications come in through `OutboxDeps`, so the unit tests and the bench run it on
 * fake-indexeddb and the console runs it on IndexedDB and the signed client (./runtime.ts).
 *
 * Replay: entries in order per record (entity + id), several records at once (`concurrency`),
 * one tab at a time (`lock`). A record whose head entry failed or conflicted waits; nothing is
 * dropped: an entry leaves the outbox only when the server accepted it, or when the user
 * discarded it.
 */
import { newId } from '@/contract/ids'
import { entityOf } from './entities'
import { backoffMs, classify, type ErrorLike } from './policy'
import type { OutboxStore } from './store'
import type { EntryError, LocalRecord, OfflineEntity, OutboxEntry, Step, UploadBody } from './types'

export interface OutboxDeps {
  store: OutboxStore
  /** Sends one request, signed when sent, with this Idempotency-Key; resolves with `data`. */
  send(step: Step, idempotencyKey: string): Promise<unknown>
  now(): number
  random(): number
  /** Runs `fn` when this tab holds the replay lock; resolves undefined at once if another tab holds it. */
  lock<T>(fn: () => Promise<T>): Promise<T | undefined>
  /** After any change of the outbox (for the UI). */
  changed?(): void
  /** An entry of `entity` reached the server (refetch its lists). */
  synced?(entity: OfflineEntity, entry: OutboxEntry): void
  /** A replayed entry met a newer version on the server (told once per entry). */
  conflicted?(entity: OfflineEntity, entry: OutboxEntry): void
  /** The gateway answered (true) or could not be reached (false). */
  reachable?(online: boolean): void
  /** The session is gone (20114, 20119, a cancelled password prompt): stop until the next sign-in. */
  sessionLost?(): void
  concurrency?: number
}

export interface EnqueueInput {
  accountId: string
  entity: string
  entityId: string
  op: string
  payload: Record<string, unknown>
  baseVersion?: number | null
  /** The record as the form / list showed it (the local copy starts from it). */
  base?: Record<string, unknown> | null
  /** A chosen id (= the Idempotency-Key already used by a direct attempt). */
  id?: string
  /** Steps the direct attempt already got through. */
  progress?: number
  /** Files the direct attempt (or the conflicted entry) already uploaded: blob id → file id. */
  resolved?: Record<string, string>
  /** A failed / conflicted entry this edit replaces (takes its place in the order). */
  replaces?: string
  title?: string
}

export interface RunResult {
  sent: number
  failed: number
  conflicted: number
  /** The gateway could not be reached. */
  offline: boolean
  /** Another tab holds the lock. */
  skipped: boolean
}

const errorOf = (e: unknown): EntryError => {
  if (e && typeof e === 'object' && 'kind' in e) {
    const a = e as ErrorLike & { message?: string }
    return {
      kind: a.kind,
      code: a.code || undefined,
      message: a.message ?? '',
      data: a.kind === 'code' ? (a.data ?? undefined) : undefined,
    }
  }
  return { kind: 'invalid', message: e instanceof Error ? e.message : String(e) }
}

const sameRecord = (a: OutboxEntry, b: { entity: string; entityId: string }) => a.entity === b.entity && a.entityId === b.entityId

export class Outbox {
  private seq = 0
  private running: Promise<RunResult> | null = null
  private again = false

  constructor(private readonly deps: OutboxDeps) {}

  get store(): OutboxStore {
    return this.deps.store
  }

  private decl(name: string): OfflineEntity {
    const d = entityOf(name)
    if (!d) throw new Error(`offline entity ${name} is not declared`)
    return d
  }

  /** Order: time-based, unique within this tab. */
  private nextSeq(): number {
    const t = this.deps.now() * 1000
    this.seq = Math.max(this.seq + 1, t)
    return this.seq
  }

  /** Queues an edit and updates the record's local copy, in one transaction. */
  async enqueue(input: EnqueueInput): Promise<OutboxEntry> {
    const decl = this.decl(input.entity)
    const { store } = this.deps
    const replaced = input.replaces ? await store.get(input.replaces) : undefined
    const now = this.deps.now()
    const entry: OutboxEntry = {
      id: input.id ?? newId(),
      accountId: input.accountId,
      entity: input.entity,
      entityId: input.entityId,
      op: input.op,
      payload: input.payload,
      baseVersion: input.baseVersion ?? null,
      createdAt: replaced?.createdAt ?? now,
      seq: replaced?.seq ?? this.nextSeq(),
      attempts: 0,
      status: 'pending',
      lastError: null,
      nextAttemptAt: now,
      progress: input.progress ?? 0,
      title: input.title ?? '',
      base: input.base ?? null,
      ...(input.resolved && Object.keys(input.resolved).length ? { resolved: input.resolved } : {}),
    }
    const current = await store.record(input.accountId, input.entity, input.entityId)
    const prev = replaced ? (replaced.base ?? null) : current ? current.data : (input.base ?? null)
    const data = decl.apply(prev ? { ...prev } : null, entry)
    entry.title ||= decl.titleOf(data ?? prev ?? entry.payload)
    const local: LocalRecord = {
      accountId: entry.accountId,
      entity: entry.entity,
      entityId: entry.entityId,
      data,
      added: entry.op === 'add' || !!current?.added,
      updatedAt: now,
    }
    await store.write(entry, local)
    if (replaced) await store.remove(replaced, 'keep')
    this.deps.changed?.()
    return entry
  }

  /** Recomputes a record's local copy from `start` and its remaining entries (none: the copy goes). */
  private async rebuild(
    accountId: string,
    entity: string,
    entityId: string,
    start: Record<string, unknown> | null,
    keepAdded: boolean,
  ): Promise<LocalRecord | null> {
    const rest = await this.deps.store.listRecord(accountId, entity, entityId)
    if (rest.length === 0) return null
    const decl = this.decl(entity)
    let data = start
    for (const e of rest) data = decl.apply(data ? { ...data } : null, e)
    return { accountId, entity, entityId, data, added: keepAdded, updatedAt: this.deps.now() }
  }

  /** Removes an entry the user gave up on; the local copy follows the entries left. */
  async discard(id: string): Promise<void> {
    const { store } = this.deps
    const entry = await store.get(id)
    if (!entry) return
    const all = await store.listRecord(entry.accountId, entry.entity, entry.entityId)
    const first = all[0]?.id === entry.id
    const current = await store.record(entry.accountId, entry.entity, entry.entityId)
    await store.remove(entry, 'keep')
    const start = first ? (entry.base ?? null) : (all.find((e) => e.id !== entry.id)?.base ?? null)
    const local = await this.rebuild(entry.accountId, entry.entity, entry.entityId, start, !!current?.added && entry.op !== 'add')
    await this.writeLocal(entry, local)
    this.deps.changed?.()
  }

  private writeLocal(of: OutboxEntry, local: LocalRecord | null): Promise<void> {
    return this.deps.store.setRecord(of, local)
  }

  /** Sends a failed / waiting entry again now. */
  async retry(id: string): Promise<void> {
    const entry = await this.deps.store.get(id)
    if (!entry) return
    await this.deps.store.put({ ...entry, status: 'pending', nextAttemptAt: this.deps.now(), lastError: null })
    this.deps.changed?.()
  }

  /**
   * A conflicted entry is re-sent as mine on top of the server's current version: a new entry
   * (new Idempotency-Key: the payload changed) in the same place. `pick` merges per field: the
   * fields named 'theirs' take the server's value.
   */
  async resolve(id: string, how: 'mine' | 'theirs' | { pick: Record<string, 'mine' | 'theirs'> }): Promise<void> {
    const { store } = this.deps
    const entry = await store.get(id)
    if (!entry || entry.status !== 'conflicted') return
    const theirs = entry.theirs ?? {}
    const version = typeof theirs.version === 'number' ? theirs.version : entry.baseVersion
    if (how === 'theirs') {
      await store.remove(entry, 'keep')
      const local = await this.rebuild(entry.accountId, entry.entity, entry.entityId, theirs, false)
      await this.writeLocal(entry, local)
      this.deps.synced?.(this.decl(entry.entity), entry)
      this.deps.changed?.()
      return
    }
    const values = { ...((entry.payload.values as Record<string, unknown> | undefined) ?? entry.payload) }
    if (typeof how === 'object') for (const [k, side] of Object.entries(how.pick)) if (side === 'theirs') values[k] = theirs[k]
    values.version = version
    const payload = entry.payload.values ? { ...entry.payload, values } : values
    await this.enqueue({
      accountId: entry.accountId,
      entity: entry.entity,
      entityId: entry.entityId,
      op: entry.op,
      payload,
      baseVersion: version,
      base: theirs,
      replaces: entry.id,
      progress: 0,
      title: entry.title,
      // files already uploaded are not uploaded again
      resolved: entry.resolved,
    })
  }

  // ---- replay ------------------------------------------------------------------

  /** Replays the account's due entries; a call during a run makes the run go round once more. */
  run(accountId: string): Promise<RunResult> {
    if (this.running) {
      this.again = true
      return this.running
    }
    const total: RunResult = { sent: 0, failed: 0, conflicted: 0, offline: false, skipped: false }
    this.running = (async () => {
      try {
        const r = await this.deps.lock(async () => {
          do {
            this.again = false
            const one = await this.pass(accountId)
            total.sent += one.sent
            total.failed += one.failed
            total.conflicted += one.conflicted
            total.offline = one.offline
            if (one.offline || one.session) break
          } while (this.again)
          return total
        })
        if (!r) total.skipped = true
        return total
      } finally {
        this.running = null
      }
    })()
    return this.running
  }

  isRunning(): boolean {
    return this.running !== null
  }

  /** When the next entry is due (ms since epoch), null when none waits for time. */
  async nextDue(accountId: string): Promise<number | null> {
    const heads = this.heads(await this.deps.store.list(accountId))
    const due = heads.filter((e) => e.status === 'pending' || e.status === 'sending').map((e) => e.nextAttemptAt)
    return due.length ? Math.min(...due) : null
  }

  /** The first entry of each record. */
  private heads(entries: OutboxEntry[]): OutboxEntry[] {
    const seen = new Set<string>()
    const out: OutboxEntry[] = []
    for (const e of entries) {
      const k = `${e.entity}\u0000${e.entityId}`
      if (seen.has(k)) continue
      seen.add(k)
      out.push(e)
    }
    return out
  }

  private async pass(accountId: string): Promise<RunResult & { session: boolean }> {
    const result = { sent: 0, failed: 0, conflicted: 0, offline: false, skipped: false, session: false }
    const now = this.deps.now()
    const records = this.heads(await this.deps.store.list(accountId)).filter(
      (e) => (e.status === 'pending' || e.status === 'sending') && e.nextAttemptAt <= now,
    )
    let stop = false
    // A network error alone does not say the gateway is gone: an answer lost on the way (the edit may
    // have been applied; its key makes the retry safe) puts that record in back-off and the pass goes on.
    // Two records in a row that cannot reach it end the pass; so does one with nothing reaching it after.
    let misses = 0
    const worker = async () => {
      for (;;) {
        if (stop) return
        const head = records.shift()
        if (!head) return
        // the record's entries, one after another
        for (;;) {
          if (stop) return
          const list = await this.deps.store.listRecord(accountId, head.entity, head.entityId)
          const entry = list[0]
          if (!entry || (entry.status !== 'pending' && entry.status !== 'sending') || entry.nextAttemptAt > this.deps.now()) break
          const outcome = await this.sendEntry(entry, list)
          misses = outcome === 'offline' ? misses + 1 : 0
          if (outcome === 'done') {
            result.sent++
            continue
          }
          if (outcome === 'failed') result.failed++
          if (outcome === 'conflicted') result.conflicted++
          if (misses >= 2) stop = true
          if (outcome === 'session') {
            result.session = true
            stop = true
          }
          break
        }
      }
    }
    const n = Math.max(1, Math.min(this.deps.concurrency ?? 3, records.length))
    await Promise.all(Array.from({ length: n }, worker))
    if (misses > 0) {
      result.offline = true
      this.deps.reachable?.(false)
    }
    if (result.sent > 0) await this.deps.store.setMeta(accountId, 'lastSyncedAt', this.deps.now())
    return result
  }

  private async sendEntry(
    entry: OutboxEntry,
    recordEntries: OutboxEntry[],
  ): Promise<'done' | 'retry' | 'offline' | 'session' | 'failed' | 'conflicted'> {
    const { store } = this.deps
    const decl = this.decl(entry.entity)
    let e: OutboxEntry = { ...entry, status: 'sending', attempts: entry.attempts + 1, sent: true }
    await store.put(e)
    this.deps.changed?.()
    const steps = decl.steps(e)
    // the record's own request: the first that is not a file upload (its answer has the version)
    const recordStep = steps.findIndex((s) => s.method !== 'upload')
    let answeredVersion: number | null = null
    for (let i = e.progress; i < steps.length; i++) {
      const key = i === 0 ? e.id : `${e.id}:${i}`
      const raw = steps[i]!
      // a file uploaded already (by an earlier attempt or entry): nothing to send
      if (raw.method === 'upload' && e.resolved?.[(raw.body as UploadBody).blobId]) {
        e = { ...e, progress: i + 1 }
        continue
      }
      let data: unknown
      try {
        data = await this.deps.send(withResolved(raw, e.resolved), key)
      } catch (err) {
        const now = this.deps.now()
        const outcome = classify(err as ErrorLike, e, now)
        const lastError = errorOf(err)
        if (outcome.kind === 'retry') {
          e = { ...e, status: 'pending', lastError, nextAttemptAt: now + backoffMs(e.attempts, this.deps.random, outcome.retryAfterMs) }
          await store.put(e)
          this.deps.changed?.()
          return outcome.offline ? 'offline' : 'retry'
        }
        this.deps.reachable?.(true)
        if (outcome.kind === 'session') {
          // not the entry's fault: it waits, without counting this attempt
          await store.put({ ...e, status: 'pending', attempts: entry.attempts, lastError })
          this.deps.changed?.()
          this.deps.sessionLost?.()
          return 'session'
        }
        if (outcome.kind === 'conflicted' && i === recordStep && alreadyApplied(entry, raw.body, outcome.theirs)) {
          // our own earlier attempt went through and its answer was lost with the gateway (it died
          // between the commit and keeping the answer for the Idempotency-Key): the record is one
          // version on, holding exactly this edit — accepted, on that version
          answeredVersion = outcome.theirs!.version as number
          e = { ...e, progress: steps.length }
          break
        }
        if (outcome.kind === 'conflicted') {
          const conflicted: OutboxEntry = { ...e, status: 'conflicted', lastError, theirs: outcome.theirs }
          await store.put(conflicted)
          this.deps.changed?.()
          this.deps.conflicted?.(decl, conflicted)
          return 'conflicted'
        }
        await store.put({ ...e, status: 'failed', lastError })
        this.deps.changed?.()
        return 'failed'
      }
      this.deps.reachable?.(true)
      if (raw.method === 'upload') {
        const fileId = (data as { fileId?: unknown } | null)?.fileId
        if (typeof fileId === 'string') e = { ...e, resolved: { ...e.resolved, [(raw.body as UploadBody).blobId]: fileId } }
      }
      if (i === recordStep) answeredVersion = versionIn(decl, e, data)
      e = { ...e, progress: i + 1 }
      if (i + 1 < steps.length) await store.put(e)
    }
    // accepted: the entry goes; later edits of the record that were based on the same version
    // now build on the version the server answered
    const later = recordEntries.filter((x) => x.id !== e.id && sameRecord(x, e))
    // later edits of the record that hold the same kept files use the uploaded ones
    if (e.resolved)
      for (const x of later) {
        const fresh = await store.get(x.id)
        if (fresh) await store.put({ ...fresh, resolved: { ...e.resolved, ...fresh.resolved } })
      }
    if (answeredVersion !== null && e.baseVersion !== null) {
      for (const x of later) {
        if (x.sent || x.baseVersion !== e.baseVersion) continue
        const current = (await store.get(x.id)) ?? x
        const values = x.payload.values as Record<string, unknown> | undefined
        const payload = values
          ? { ...x.payload, values: { ...values, version: answeredVersion } }
          : { ...x.payload, version: answeredVersion }
        await store.put({ ...current, baseVersion: answeredVersion, payload })
      }
    }
    await store.remove(e, later.length > 0 ? 'keep' : null)
    // kept files now on the server: later entries carry their file ids
    if (e.resolved) await store.deleteBlobs(Object.keys(e.resolved))
    this.deps.synced?.(decl, e)
    this.deps.changed?.()
    return 'done'
  }
}

/** The step with every kept file's blob id in its body replaced by the uploaded file's id. */
export function withResolved(step: Step, resolved: Record<string, string> | undefined): Step {
  if (!resolved || Object.keys(resolved).length === 0 || step.method === 'upload') return step
  const swap = (v: unknown): unknown =>
    typeof v === 'string'
      ? (resolved[v] ?? v)
      : Array.isArray(v)
        ? v.map(swap)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x)]))
          : v
  return { ...step, body: swap(step.body) }
}

const same = (a: unknown, b: unknown): boolean =>
  a === b ||
  ((a === '' || a == null) && (b === '' || b == null)) ||
  (typeof a === 'object' && a !== null && JSON.stringify(a) === JSON.stringify(b))

/**
 * Whether a 20008 answers an edit that was already applied: the entry was sent before (an attempt
 * whose answer never came), the server's record is exactly one version after the edit's base, and
 * it holds every value the request (`body`) sets. Anything else is a real conflict.
 */
export function alreadyApplied(entry: OutboxEntry, body: unknown, theirs: Record<string, unknown> | null | undefined): boolean {
  if (!theirs || entry.baseVersion === null || !entry.sent || entry.attempts < 1) return false
  if (theirs.version !== entry.baseVersion + 1) return false
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false
  const values = body as Record<string, unknown>
  const fields = Object.keys(values).filter((k) => k !== 'version')
  return fields.length > 0 && fields.every((k) => k in theirs && same(values[k], theirs[k]))
}

/** The record's version the first request of `entry` answered (the declaration may say where it is). */
function versionIn(decl: OfflineEntity, entry: OutboxEntry, data: unknown): number | null {
  if (decl.versionOf) return decl.versionOf(entry, data)
  const v = (data as { version?: unknown } | null)?.version
  return typeof v === 'number' ? v : null
}
