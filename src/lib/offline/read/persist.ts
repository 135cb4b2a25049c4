/**
 * The TanStack Query cache persisted to IndexedDB (DESIGN §4), so lists the user opened read
 * offline — after a reload, or after closing the app.
 *
 * - One entry per account in the `trestle-query` database (`clients` store, key
 *   `trestle-query:<accountId>`), written by @tanstack/query-async-storage-persister; another
 *   account never restores it.
 * - The account's tabs share the entry: a tab's save keeps what the others saved (`mergeWithDisk`).
 * - Saved after a change, never inside it (`saveWhenQuiet`): the whole cache is dehydrated and
 *   serialised (a 2,000-row staff list is 1 MB of JSON), so it waits until the cache has been quiet
 *   for SAVE_DELAY_MS (no change, no query fetching; at most SAVE_MAX_WAIT_MS), then for the main
 *   thread to be idle — not while the click that changed the cache renders its answer, and once
 *   for a page's load rather than once per answer; at once when the page is hidden or left.
 * - Restored when an account is signed in (at start, or after login); while restoring, queries wait
 *   (`useIsRestoring`, see QueryRestoreGate) instead of hitting the network first. Restored
 *   queries are marked stale, so each is refetched when used.
 * - Loaded (with idb and the persister) only then, by ./index.ts: /login does not carry it.
 * - Not persisted: failed or pending queries, revealed ID numbers and cellphones (getIdCard /
 *   getCellphone, or a key part containing `reveal`), and any query with `meta: { persist: false }`.
 * - Entries older than PERSIST_MAX_AGE_MS are dropped on restore; a full disk drops the oldest
 *   queries until the rest fits.
 * - On logout (session cleared) persisting stops and every entry is deleted, then the database.
 */
import type { Query, QueryClient } from '@tanstack/react-query'
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  removeOldestQuery,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client'
import { openDB, type IDBPDatabase } from 'idb'
import { whenIdle } from '@/lib/idle'
import { PERSIST_MAX_AGE_MS, restoringStore } from './restoring'

export const QUERY_DB = 'trestle-query'
const STORE = 'clients'
/** Bumped when what we persist changes shape: older entries are then discarded. */
export const PERSIST_BUSTER = 'v1'
const KEY_PREFIX = 'trestle-query:'
export const persistKeyFor = (accountId: string) => KEY_PREFIX + accountId

/** Key parts that mark a query whose answer must never be written to disk. */
const SENSITIVE_KEY_PARTS = ['getidcard', 'getcellphone', 'reveal']

/** Whether a query may be written to IndexedDB. */
export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'meta' | 'state'>): boolean {
  if (query.state.status !== 'success') return false
  if ((query.meta as { persist?: unknown } | undefined)?.persist === false) return false
  if (typeof Blob !== 'undefined' && query.state.data instanceof Blob) return false
  const parts = query.queryKey.filter((p): p is string => typeof p === 'string').map((p) => p.toLowerCase())
  return !parts.some((p) => SENSITIVE_KEY_PARTS.some((s) => p.includes(s)))
}

// ---- the IndexedDB storage ----------------------------------------------------------------

let dbPromise: Promise<IDBPDatabase> | null = null
/**
 * The open database, opened once — but a failed open, or a connection the browser closed
 * (`terminated`), is not kept: the next call opens it again, so a save never waits on a dead handle.
 */
function db(): Promise<IDBPDatabase> {
  if (dbPromise) return dbPromise
  const opening = openDB(QUERY_DB, 1, {
    upgrade(d) {
      if (!d.objectStoreNames.contains(STORE)) d.createObjectStore(STORE)
    },
    blocking() {
      // another tab deletes the database (logout there): let it
      void closeDb()
    },
    terminated() {
      if (dbPromise === opening) dbPromise = null
    },
  })
  dbPromise = opening
  opening.catch(() => {
    if (dbPromise === opening) dbPromise = null
  })
  return opening
}

async function closeDb(): Promise<void> {
  const p = dbPromise
  dbPromise = null
  if (p) (await p.catch(() => null))?.close()
}

/** A storage for the persister; once `dispose()`d it writes nothing (a throttled save after logout is dropped). */
function idbStorage() {
  let disposed = false
  return {
    dispose: () => void (disposed = true),
    storage: {
      getItem: async (key: string) => ((await (await db()).get(STORE, key)) as string | undefined) ?? null,
      setItem: async (key: string, value: string) => {
        if (disposed) return
        await (await db()).put(STORE, value, key)
      },
      removeItem: async (key: string) => {
        await (await db()).delete(STORE, key)
      },
    },
  }
}

// ---- when to save ------------------------------------------------------------------------

/** How long a save waits after the last change of the cache (and again while a query is fetching). */
export const SAVE_DELAY_MS = 600
/** How long a change waits for its save at most while changes or fetches go on (then it is saved when idle). */
export const SAVE_MAX_WAIT_MS = 5000
/** How long the save then waits for an idle main thread, at most. */
const SAVE_IDLE_TIMEOUT_MS = 400

/**
 * Runs `save` once after changes (`changed()`): when the cache has been quiet for SAVE_DELAY_MS —
 * no change, and nothing `busy()` (a query fetching: its answer is a change about to come) — then
 * when the main thread is idle (at most SAVE_IDLE_TIMEOUT_MS later); but no later than
 * SAVE_MAX_WAIT_MS after the first change not yet saved, however busy. A page's load — the restore,
 * then each query's fetch and answer — is one save after it, not one per answer. `flush()` saves
 * what changed at once.
 */
export function saveWhenQuiet(save: () => void, busy: () => boolean = () => false) {
  let dirtySince: number | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let idle: (() => void) | undefined
  const cancel = () => {
    clearTimeout(timer)
    timer = undefined
    idle?.()
    idle = undefined
  }
  const flush = () => {
    cancel()
    if (dirtySince === null) return
    dirtySince = null
    save()
  }
  // One timer at a time: a change while it runs only notes its time (a page's load changes the
  // cache hundreds of times; clearing and setting a timer on each was a part of React's commits).
  let lastChange = 0
  const arm = (delay: number) => {
    timer = setTimeout(
      () => {
        timer = undefined
        const now = Date.now()
        const quietLeft = lastChange + SAVE_DELAY_MS - now
        const maxLeft = (dirtySince ?? now) + SAVE_MAX_WAIT_MS - now
        if (maxLeft > 0 && (quietLeft > 0 || busy())) arm(Math.min(quietLeft > 0 ? quietLeft : SAVE_DELAY_MS, maxLeft))
        else idle = whenIdle(flush, SAVE_IDLE_TIMEOUT_MS)
      },
      Math.max(0, delay),
    )
  }
  return {
    changed() {
      lastChange = Date.now()
      dirtySince ??= lastChange
      // already waiting (for quiet, or for an idle moment: this change joins that save)
      if (!idle && timer === undefined) arm(SAVE_DELAY_MS)
    },
    flush,
    stop: cancel,
  }
}

// ---- several tabs, one entry ----------------------------------------------------------------

/**
 * What a tab saves, merged with what is on disk: the account's tabs share its entry, and each saves
 * its whole cache — so a tab's save replaced what the others had saved (a list read in a tab since
 * closed was gone from disk at the sign-in tab's next save, and offline that list had nothing to
 * show). Kept from disk: the queries this tab does not hold, unless it removed them, and of a query
 * in both the later answer; dropped: those older than PERSIST_MAX_AGE_MS (a merge carries nothing
 * forever).
 */
export function mergeWithDisk(
  mine: PersistedClient,
  disk: PersistedClient | undefined,
  removedHere: ReadonlySet<string>,
  now = Date.now(),
): PersistedClient {
  if (!disk || disk.buster !== mine.buster) return mine
  const queries = new Map(mine.clientState.queries.map((q) => [q.queryHash, q]))
  for (const q of disk.clientState.queries) {
    if (removedHere.has(q.queryHash) || now - q.state.dataUpdatedAt > PERSIST_MAX_AGE_MS) continue
    const here = queries.get(q.queryHash)
    if (!here || q.state.dataUpdatedAt > here.state.dataUpdatedAt) queries.set(q.queryHash, q)
  }
  return { ...mine, clientState: { ...mine.clientState, queries: [...queries.values()] } }
}

/** `persister`, each save merged with what is on disk (mergeWithDisk). */
function mergingPersister(persister: Persister, removedHere: ReadonlySet<string>): Persister {
  return {
    ...persister,
    persistClient: async (client) => {
      const disk = await Promise.resolve(persister.restoreClient()).catch(() => undefined)
      return persister.persistClient(mergeWithDisk(client, disk, removedHere))
    },
  }
}

/** Saves `queryClient` through `persister` after each change of its queries (see saveWhenQuiet). */
function subscribeSaving(queryClient: QueryClient, persister: Persister): () => void {
  // the queries this tab removed (a logout's clear, a record deleted): a save does not bring them back from disk
  const removed = new Set<string>()
  const merging = mergingPersister(persister, removed)
  const saver = saveWhenQuiet(
    () => void persistQueryClientSave(options(queryClient, merging)),
    () => queryClient.isFetching() > 0,
  )
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'removed') removed.add(event.query.queryHash)
    else if (event.type === 'added') removed.delete(event.query.queryHash)
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') saver.changed()
  })
  const onHidden = () => {
    if (document.visibilityState === 'hidden') saver.flush()
  }
  document.addEventListener('visibilitychange', onHidden)
  window.addEventListener('pagehide', saver.flush)
  return () => {
    unsubscribe()
    saver.stop()
    document.removeEventListener('visibilitychange', onHidden)
    window.removeEventListener('pagehide', saver.flush)
  }
}

// ---- the controller --------------------------------------------------------------------

interface Active {
  accountId: string
  persister: Persister
  dispose: () => void
  unsubscribe: (() => void) | null
}
let active: Active | null = null

function options(queryClient: QueryClient, persister: Persister) {
  return {
    queryClient,
    persister,
    maxAge: PERSIST_MAX_AGE_MS,
    buster: PERSIST_BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: () => false },
  }
}

/**
 * Restores `accountId`'s persisted queries into `queryClient` and keeps persisting them.
 * Does nothing when that account is already active.
 */
export async function startPersistence(queryClient: QueryClient, accountId: string): Promise<void> {
  if (active?.accountId === accountId) return
  if (active) {
    stopPersistence()
    queryClient.clear()
  }
  const { storage, dispose } = idbStorage()
  // saves are spaced by subscribeSaving, not by the persister's throttle (which saves on the first change at once)
  const persister = createAsyncStoragePersister({ storage, key: persistKeyFor(accountId), throttleTime: 0, retry: removeOldestQuery })
  const me: Active = { accountId, persister, dispose, unsubscribe: null }
  active = me
  restoringStore.set(true)
  try {
    await persistQueryClientRestore(options(queryClient, persister))
    // What comes from disk is shown at once but always revalidated when used: online it is
    // replaced, offline it stays with the time it was fetched ("data from HH:mm").
    await queryClient.invalidateQueries({ refetchType: 'none' })
  } catch {
    /* unreadable: discarded by the restore; start empty */
  } finally {
    if (active === me) {
      me.unsubscribe = subscribeSaving(queryClient, persister)
      restoringStore.set(false)
    } else if (!active) {
      // signed out while restoring: what was hydrated belongs to nobody now
      queryClient.clear()
    }
  }
}

/** Stops persisting (nothing more is written); what is on disk stays. */
export function stopPersistence(): void {
  if (!active) return
  active.unsubscribe?.()
  active.dispose()
  active = null
  restoringStore.set(false)
}

/** Deletes every persisted query cache (all accounts) and the database itself. */
export async function wipePersistedQueries(): Promise<void> {
  stopPersistence()
  try {
    await (await db()).clear(STORE)
  } catch {
    /* no database */
  }
  await closeDb()
  await new Promise<void>((resolve) => {
    try {
      const req = indexedDB.deleteDatabase(QUERY_DB)
      req.onsuccess = req.onerror = () => resolve()
      // another tab holds it open: the store is empty already; don't wait for that tab
      req.onblocked = () => resolve()
    } catch {
      resolve()
    }
  })
}

/** Deletes the persisted caches of every account but `keep` (after another account signed in here). */
export async function removeOtherAccounts(keep: string): Promise<void> {
  try {
    const d = await db()
    const keys = (await d.getAllKeys(STORE)).map(String)
    await Promise.all(keys.filter((k) => k !== persistKeyFor(keep)).map((k) => d.delete(STORE, k)))
  } catch {
    /* nothing to remove */
  }
}
