/**
 * The outbox database (IndexedDB through `idb`). One database per origin, `trestle-outbox`; every
 * row carries its `accountId`, and everything of an account goes on logout.
 *
 * Schema versions migrate step by step (`MIGRATIONS[n]` takes version n to n + 1), inside the
 * upgrade transaction, so a tablet that skipped releases still gets every step in order.
 *   1: `outbox` (key id; indexes byAccount, byRecord) and `records` (the local copies, key
 *      [accountId, entity, entityId]; index byAccount)
 *   2: `meta` (per-account facts: last synced time); entries get `progress` and `title`
 *   3: `blobs` (files taken offline, e.g. work-site photos, until their upload step went through; index byAccount)
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb'
import type { BlobRow, LocalRecord, OutboxEntry } from './types'

export const DB_NAME = 'trestle-outbox'

export interface MetaRow {
  /** `<accountId>:<name>`, e.g. `…:lastSyncedAt`. */
  key: string
  value: unknown
}

export interface OutboxDB extends DBSchema {
  outbox: {
    key: string
    value: OutboxEntry
    indexes: { byAccount: string; byRecord: [string, string, string] }
  }
  records: {
    key: [string, string, string]
    value: LocalRecord
    indexes: { byAccount: string }
  }
  meta: {
    key: string
    value: MetaRow
  }
  blobs: {
    key: string
    value: BlobRow
    indexes: { byAccount: string }
  }
}

type Upgrade = IDBPTransaction<OutboxDB, StoreNames<OutboxDB>[], 'versionchange'>

/** Each step takes the database from its index's version to the next. */
export const MIGRATIONS: ((db: IDBPDatabase<OutboxDB>, tx: Upgrade) => void | Promise<void>)[] = [
  // 0 → 1
  (db) => {
    const outbox = db.createObjectStore('outbox', { keyPath: 'id' })
    outbox.createIndex('byAccount', 'accountId')
    outbox.createIndex('byRecord', ['accountId', 'entity', 'entityId'])
    const records = db.createObjectStore('records', { keyPath: ['accountId', 'entity', 'entityId'] })
    records.createIndex('byAccount', 'accountId')
  },
  // 1 → 2
  async (db, tx) => {
    db.createObjectStore('meta', { keyPath: 'key' })
    let cursor = await tx.objectStore('outbox').openCursor()
    while (cursor) {
      const e = cursor.value as Partial<OutboxEntry> & OutboxEntry
      if (typeof e.progress !== 'number' || typeof e.title !== 'string')
        await cursor.update({ ...e, progress: e.progress ?? 0, title: e.title ?? '' })
      cursor = await cursor.continue()
    }
  },
  // 2 → 3
  (db) => {
    db.createObjectStore('blobs', { keyPath: 'id' }).createIndex('byAccount', 'accountId')
  },
]

export const DB_VERSION = MIGRATIONS.length

/** Opens (and migrates) the database; `version` lower than current only in tests of the migrations. */
export function openOutboxDb(name = DB_NAME, version = DB_VERSION): Promise<IDBPDatabase<OutboxDB>> {
  return openDB<OutboxDB>(name, version, {
    upgrade(db, oldVersion, newVersion, tx) {
      // Steps run one after another in the upgrade transaction: a synchronous step at once, the
      // steps after an asynchronous one when it is done (its requests keep the transaction alive).
      let pending: Promise<void> | null = null
      for (let v = oldVersion; v < (newVersion ?? version); v++) {
        const step = MIGRATIONS[v]!
        pending = pending ? pending.then(() => step(db, tx)) : (step(db, tx) ?? null)
      }
      void pending
    },
    blocking() {
      // a newer version wants to open in another tab: let it
    },
  })
}
