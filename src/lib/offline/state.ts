/**
 * The outbox's state as screens read it (`useSyncState`), apart from its runtime: a screen that
 * only shows it (the update prompt's count) does not load the outbox — which starts with the first
 * signed-in account (src/app/startOutbox.ts) and fills this store.
 */
import { createStore } from '@/lib/store'
import type { EntryStatus, LocalRecord, OutboxEntry } from './types'

export interface StorageInfo {
  usage: number | null
  quota: number | null
  persisted: boolean | null
}

export interface SyncState {
  accountId: string | null
  /** The account's entries, in order. */
  entries: OutboxEntry[]
  /** Local copies per entity. */
  records: Record<string, LocalRecord[]>
  /** Worst status per entity and record id (conflicted > failed > pending). */
  marks: Record<string, Record<string, EntryStatus>>
  /** The gateway answered the last request (true), could not be reached (false), not known yet (null). */
  online: boolean | null
  syncing: boolean
  lastSyncedAt: number | null
  /** An edit could only be kept in this tab's memory: the disk is full. */
  quotaExceeded: boolean
  storage: StorageInfo | null
}

export const initial: SyncState = {
  accountId: null,
  entries: [],
  records: {},
  marks: {},
  online: null,
  syncing: false,
  lastSyncedAt: null,
  quotaExceeded: false,
  storage: null,
}
export const syncStore = createStore<SyncState>(initial)
export const useSyncState = syncStore.use
