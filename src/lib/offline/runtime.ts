/**
 * The outbox in the browser: IndexedDB, the signed client, Web Locks, and the triggers of a replay
 * (start, sign-in, `online`, the page becoming visible, a timer with backoff, "sync now").
 *
 * Connectivity is decided by reaching the gateway — a cheap unsigned GET (the public key) with a
 * short timeout — never by `navigator.onLine` (a tablet on a site Wi-Fi without uplink says
 * online; a captive portal answers HTML, which is not an envelope).
 *
 *   import { submitEdit, syncNow, useSyncState, useRecordMarks } from '@/lib/offline'
 */
import { onlineManager } from '@tanstack/react-query'
import { isEnvelope } from '@/contract/envelope'
import { newId } from '@/contract/ids'
import { API, DEFAULT_APP_CODE } from '@/contract/paths'
import { http, onReachability, type ApiError } from '@/lib/http'
import { t } from '@/lib/i18n'
import { getSession, isLoggedIn, sessionStore } from '@/lib/session'
import { hasKey, translate, type Locale } from '@/lib/i18n'
import { openOutboxDb } from './db'
import { entityOf, keptFileId } from './entities'
import { Outbox, withResolved, type EnqueueInput } from './outbox'
import { invalidateQueries } from './read/install'
import { estimateUsage } from './read/storage'
import { initial, syncStore, type StorageInfo } from './state'
import { OutboxStore } from './store'
import type { EntryStatus, LocalRecord, OfflineEntity, OutboxEntry, Step, UploadBody } from './types'

export { syncStore, useSyncState, type StorageInfo, type SyncState } from './state'

const RANK: Record<EntryStatus, number> = { sending: 1, pending: 1, failed: 2, conflicted: 3 }

let dbPromise: ReturnType<typeof openOutboxDb> | null = null
const openDb = () => (dbPromise ??= openOutboxDb())
export const outboxStore = new OutboxStore(openDb)

const APP_CODE = (import.meta.env?.VITE_APP_CODE as string | undefined) || DEFAULT_APP_CODE
const BASE = (import.meta.env?.VITE_API_BASE as string | undefined) ?? ''
export const PROBE_TIMEOUT_MS = 5_000

/** A kept file that is no longer there (cleared storage): the entry fails, visibly, instead of sending nothing. */
const MISSING_FILE = { kind: 'code', code: 20001, message: 'The photo kept offline is no longer on this device', data: null }

/** One request of an entry: JSON, ids, or a kept file as multipart (signed when sent). */
async function sendRequest(step: Step, opts: { idempotencyKey: string; silent?: boolean } & Record<string, unknown>): Promise<unknown> {
  if (step.method === 'upload') {
    const { blobId, purpose } = step.body as UploadBody
    const row = await outboxStore.getBlob(blobId)
    if (!row) throw { ...MISSING_FILE, message: t('sync.missingFile') }
    const form = new FormData()
    form.append('file', row.blob, row.name)
    return http.upload(step.path, form, { ...opts, params: { purpose } })
  }
  if (step.method === 'put') return http.put(step.path, step.body, opts)
  if (step.method === 'del') return http.del(step.path, step.body as string[], opts)
  return http.post(step.path, step.body, opts)
}

function sendStep(step: Step, idempotencyKey: string): Promise<unknown> {
  // silent: the sync centre shows what went wrong; the session codes are still handled by the
  // client (20004 renew, 20007 rekey, 20112 one password prompt for everybody)
  return sendRequest(step, { idempotencyKey, silent: true })
}

/**
 * Keeps a file taken offline (a photo) for an edit: its id stands in the edit's values until the
 * upload step before the edit's request replaces it with the file id the server gives it. Rejects
 * with the quota error when the disk is full.
 */
export async function keepFile(blob: Blob, name: string): Promise<string> {
  const accountId = currentAccount()
  if (!accountId) throw new Error('not signed in')
  const id = keptFileId()
  await outboxStore.putBlob({ id, accountId, blob, name, createdAt: Date.now() })
  return id
}

/** A kept file (for a preview), or undefined once it was uploaded. */
export const keptFile = (id: string) => outboxStore.getBlob(id)

async function webLock<T>(fn: () => Promise<T>): Promise<T | undefined> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks
  if (!locks) return fn()
  return locks.request('trestle-outbox', { ifAvailable: true }, async (lock) => (lock ? fn() : undefined)) as Promise<T | undefined>
}

export const outbox = new Outbox({
  store: outboxStore,
  send: sendStep,
  now: () => Date.now(),
  random: () => Math.random(),
  lock: webLock,
  changed: () => scheduleRefresh(),
  synced: (decl) => {
    for (const queryKey of decl.invalidates) invalidateQueries(queryKey)
  },
  conflicted: (decl, entry) => void reportConflict(decl, entry),
  reachable: (online) => setOnline(online),
  sessionLost: () => undefined,
})

/**
 * Tells the gateway of a replayed edit that met a newer version, so whoever 消息设置 names hears of
 * it (once per entry: the gateway keys the event by the entry id). Best effort: the sync centre
 * shows the conflict whatever happens here.
 */
async function reportConflict(decl: OfflineEntity, entry: OutboxEntry): Promise<void> {
  const named = (locale: Locale) => {
    const label = hasKey(decl.label) ? translate(locale, decl.label) : entry.entity
    return `${label}${entry.title ? (locale === 'zh' ? `「${entry.title}」` : ` "${entry.title}"`) : ''}`.slice(0, 100)
  }
  try {
    await http.post(
      API.portal.offlineConflict,
      { entryId: entry.id, entity: entry.entity, entityZh: named('zh'), entityEn: named('en') },
      { idempotencyKey: `${entry.id}:conflict`, silent: true },
    )
  } catch {
    /* not told: the sync centre still shows it */
  }
}

const currentAccount = (): string | null => getSession().userAccount?.accountId ?? null

// ---- state for the UI ---------------------------------------------------------

let refreshTimer: ReturnType<typeof setTimeout> | null = null
function scheduleRefresh() {
  if (refreshTimer) return
  refreshTimer = setTimeout(() => {
    refreshTimer = null
    void refresh()
  }, 30)
}

/** Reloads the signed-in account's entries and local copies into `syncStore`. */
export async function refresh(): Promise<void> {
  const accountId = currentAccount()
  if (!accountId) {
    syncStore.set((s) => ({ ...initial, online: s.online, storage: s.storage }))
    return
  }
  const [entries, locals, lastSyncedAt] = await Promise.all([
    outboxStore.list(accountId),
    outboxStore.records(accountId),
    outboxStore.getMeta(accountId, 'lastSyncedAt'),
  ])
  if (currentAccount() !== accountId) return
  const records: Record<string, LocalRecord[]> = {}
  for (const r of locals) (records[r.entity] ??= []).push(r)
  const marks: Record<string, Record<string, EntryStatus>> = {}
  for (const e of entries) {
    const m = (marks[e.entity] ??= {})
    const cur = m[e.entityId]
    if (!cur || RANK[e.status] > RANK[cur]) m[e.entityId] = e.status
  }
  syncStore.set((s) => ({
    ...s,
    accountId,
    entries,
    records,
    marks,
    lastSyncedAt: typeof lastSyncedAt === 'number' ? lastSyncedAt : null,
    quotaExceeded: outboxStore.quotaExceeded || outboxStore.memoryOnly().some((e) => e.accountId === accountId),
  }))
}

// ---- connectivity -----------------------------------------------------------------

let probeTimer: ReturnType<typeof setTimeout> | null = null
let probeFailures = 0

function setOnline(online: boolean) {
  const was = syncStore.get().online
  syncStore.set((s) => (s.online === online ? s : { ...s, online }))
  if (online) {
    probeFailures = 0
    if (probeTimer) clearTimeout(probeTimer)
    probeTimer = null
    if (was === false) void syncNow()
  } else scheduleProbe()
}

function scheduleProbe() {
  if (probeTimer) return
  const delay = Math.min(60_000, 2_000 * 2 ** Math.min(probeFailures, 5))
  probeTimer = setTimeout(() => {
    probeTimer = null
    void probe().then((ok) => {
      if (!ok) {
        probeFailures++
        scheduleProbe()
      }
    })
  }, delay)
}

let probing: Promise<boolean> | null = null

/** Whether the gateway answers now: a GET of the public key, an envelope within the timeout (one probe at a time). */
export function probe(): Promise<boolean> {
  probing ??= probeOnce().finally(() => (probing = null))
  return probing
}

async function probeOnce(): Promise<boolean> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS)
  let ok = false
  try {
    const res = await fetch(`${BASE}${API.auth.getPubKey}?appCode=${encodeURIComponent(APP_CODE)}`, {
      cache: 'no-store',
      signal: controller.signal,
    })
    ok = isEnvelope(JSON.parse(await res.text()))
  } catch {
    ok = false
  } finally {
    clearTimeout(timer)
  }
  setOnline(ok)
  return ok
}

/** The gateway is known to be unreachable (an edit goes straight to the outbox). */
export const isKnownOffline = (): boolean => syncStore.get().online === false

// ---- replay triggers ------------------------------------------------------------------

let dueTimer: ReturnType<typeof setTimeout> | null = null

/** Replays the signed-in account's outbox now ("sync now", `online`, visible, timer, start). */
export async function syncNow(opts: { force?: boolean } = {}): Promise<void> {
  const accountId = currentAccount()
  if (!accountId || !isLoggedIn()) return
  if (opts.force) {
    for (const e of await outboxStore.list(accountId))
      if (e.status === 'pending' && e.nextAttemptAt > Date.now()) await outboxStore.put({ ...e, nextAttemptAt: Date.now() })
  }
  if (isKnownOffline() && !(await probe())) return
  syncStore.set((s) => ({ ...s, syncing: true }))
  try {
    await outbox.run(accountId)
  } catch {
    /* a storage failure: the entries stay, the next trigger tries again */
  } finally {
    syncStore.set((s) => ({ ...s, syncing: outbox.isRunning() }))
    await refresh()
    await scheduleDue(accountId)
  }
}

async function scheduleDue(accountId: string) {
  if (dueTimer) clearTimeout(dueTimer)
  dueTimer = null
  const due = await outbox.nextDue(accountId)
  if (due === null || isKnownOffline()) return
  dueTimer = setTimeout(() => void syncNow(), Math.max(250, due - Date.now()))
}

// ---- edits from the forms and lists ---------------------------------------------------------

export interface SubmitInput extends Omit<EnqueueInput, 'accountId'> {
  /** Codes the caller shows itself (field errors, duplicate, conflict). */
  handled?: number[]
}

export interface Submitted {
  /** true: kept in the outbox (the gateway could not be reached), false: the gateway took it. */
  queued: boolean
  /** The first step's answer (the saved record) when sent directly. */
  data?: unknown
  entry?: OutboxEntry
  /** Queued, but only in this tab's memory: the disk is full (tell the user to export). */
  memoryOnly?: boolean
}

/** A refusal of a direct attempt, with the step that was refused (0 = the record, then its lists). */
export class StepError extends Error {
  constructor(
    readonly error: unknown,
    readonly step: number,
  ) {
    super(error instanceof Error ? error.message : String(error))
  }
}

const TRANSPORT = new Set(['network', 'timeout', 'invalid'])

/**
 * Saves an edit of an offline-capable entity: straight to the gateway when it can be reached and
 * the record has nothing queued; into the outbox (with its local copy) when the gateway cannot be
 * reached — known offline, or a network error / timeout / unreadable answer on the way. The
 * direct attempt already uses the entry's id as Idempotency-Key, so an answer lost on the way is
 * not applied twice by the replay. Refusals reject with StepError.
 */
export async function submitEdit(input: SubmitInput): Promise<Submitted> {
  const accountId = currentAccount()
  if (!accountId) throw new StepError(new Error('not signed in'), 0)
  const decl = entityOf(input.entity)
  if (!decl) throw new Error(`offline entity ${input.entity} is not declared`)
  const id = input.id ?? newId()
  const { handled, ...rest } = input
  const queue = async (progress: number, resolved?: Record<string, string>) => {
    const entry = await outbox.enqueue({ ...rest, accountId, id, progress, resolved: resolved ?? rest.resolved })
    await refresh()
    void scheduleDue(accountId)
    const memoryOnly = outboxStore.memoryOnly().some((e) => e.id === entry.id)
    return { queued: true, entry, memoryOnly } satisfies Submitted
  }
  const waiting = (await outboxStore.listRecord(accountId, input.entity, input.entityId)).filter((e) => e.id !== input.replaces)
  if (waiting.length > 0 || isKnownOffline()) return queue(0)
  const steps = decl.steps({ ...(rest as unknown as OutboxEntry), id, accountId, progress: 0 })
  const recordStep = steps.findIndex((s) => s.method !== 'upload')
  // files uploaded on the way (blob id → file id): the record's request carries the file ids
  const resolved: Record<string, string> = { ...rest.resolved }
  let first: unknown
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!
    if (step.method === 'upload' && resolved[(step.body as UploadBody).blobId]) continue
    const opts = {
      idempotencyKey: i === 0 ? id : `${id}:${i}`,
      handled,
      quietKinds: ['network', 'timeout', 'invalid'] as ApiError['kind'][],
    }
    try {
      const data = await sendRequest(withResolved(step, resolved), opts)
      if (step.method === 'upload') {
        const fileId = (data as { fileId?: unknown } | null)?.fileId
        if (typeof fileId === 'string') resolved[(step.body as UploadBody).blobId] = fileId
      }
      if (i === recordStep) first = data
      setOnline(true)
    } catch (e) {
      const err = e as ApiError
      if (TRANSPORT.has(err.kind)) {
        setOnline(false)
        return queue(i, resolved)
      }
      throw new StepError(e, i)
    }
  }
  if (Object.keys(resolved).length) await outboxStore.deleteBlobs(Object.keys(resolved))
  if (input.replaces) await outbox.discard(input.replaces)
  for (const queryKey of decl.invalidates) invalidateQueries(queryKey)
  return { queued: false, data: first }
}

// ---- storage --------------------------------------------------------------------------------

/** Usage and quota of this origin (IndexedDB, caches…) for the sync centre (persistence is asked after sign-in by ./read). */
export async function refreshStorage(): Promise<StorageInfo | null> {
  const usage = await estimateUsage()
  if (!usage) return null
  const info: StorageInfo = { usage: usage.usage, quota: usage.quota, persisted: usage.persisted }
  syncStore.set((st) => ({ ...st, storage: info }))
  return info
}

// ---- the outbox file ----------------------------------------------------------------------

/** The account's outbox as JSON (secrets such as initial passwords replaced by "***"). */
export function outboxExport(entries: OutboxEntry[]): string {
  const redact = (e: OutboxEntry) => {
    const secret = entityOf(e.entity)?.secret ?? []
    const scrub = (o: unknown): unknown =>
      Array.isArray(o)
        ? o.map(scrub)
        : o && typeof o === 'object'
          ? Object.fromEntries(Object.entries(o).map(([k, v]) => [k, secret.includes(k) ? '***' : scrub(v)]))
          : o
    return { ...e, payload: scrub(e.payload) }
  }
  return JSON.stringify(
    {
      format: 'trestle-outbox',
      version: 1,
      exportedAt: new Date().toISOString(),
      accountId: currentAccount(),
      entries: entries.map(redact),
    },
    null,
    2,
  )
}

// ---- sign-in, sign-out --------------------------------------------------------------------

/** Logout: everything of the account in the outbox goes (entries, local copies, facts). */
export async function clearOutboxOf(accountId: string | null = currentAccount()): Promise<void> {
  if (!accountId) return
  await outboxStore.clearAccount(accountId)
  syncStore.set((s) => ({ ...initial, online: s.online }))
}

let started = false
let lastAccount: string | null = null
let lastToken: string | null = null

/** Wires the triggers once (main.tsx via @/features/sync); safe to call again. */
export function startOutbox(): void {
  if (started || typeof window === 'undefined' || typeof indexedDB === 'undefined') return
  started = true
  // TanStack Query is online when the gateway can be reached, not when navigator.onLine says so:
  // queries pause their retries while it is known unreachable and go on when a probe reaches it
  onlineManager.setEventListener((setOnline) => syncStore.subscribe(() => setOnline(syncStore.get().online !== false)))
  // every call tells whether it reached the gateway (the badge shows offline at once; a probe
  // then watches for its return); an answer from the service worker's cache may only mean a slow
  // gateway: a probe decides
  onReachability((reach) => (reach === 'cached' ? void probe() : setOnline(reach === 'reached')))
  const onAccount = () => {
    const accountId = currentAccount()
    const token = getSession().token
    if (accountId === lastAccount) {
      // signed in again (after 20114 / a new session): what waited goes now
      if (token && token !== lastToken) {
        lastToken = token
        void syncNow()
      }
      lastToken = token
      return
    }
    lastAccount = accountId
    lastToken = token
    void refresh()
    if (accountId) void syncNow()
  }
  sessionStore.subscribe(onAccount)
  onAccount()
  // known unreachable before the outbox started (src/app/startOutbox.ts): watch for its return
  if (isKnownOffline()) scheduleProbe()
  window.addEventListener('online', () => void syncNow())
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void syncNow()
  })
  // another tab changed the outbox (or replayed): show it
  window.addEventListener('focus', () => void refresh())
  // a slow heartbeat for entries waiting on time, in case a timer was throttled in the background
  setInterval(() => {
    if (syncStore.get().entries.some((e) => e.status === 'pending' || e.status === 'sending')) void syncNow()
  }, 60_000)
}
