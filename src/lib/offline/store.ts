/**
 * The outbox's storage: entries and the local copies, written together (one IndexedDB
 * transaction for an edit and its optimistic copy, so the list never shows an edit that is not
 * queued, nor queues one it does not show).
 *
 * A full disk (QuotaExceededError) never loses an edit silently: the entry is kept in memory for
 * this tab (`memoryOnly()` lists them; the sync centre says so and offers the export) and is
 * replayed like any other while the tab lives.
 */
import type { IDBPDatabase } from 'idb'
import type { MetaRow, OutboxDB } from './db'
import type { BlobRow, LocalRecord, OutboxEntry } from './types'

type Key = [string, string, string]
const recordKey = (e: { accountId: string; entity: string; entityId: string }): Key => [e.accountId, e.entity, e.entityId]
const bySeq = (a: OutboxEntry, b: OutboxEntry) => a.seq - b.seq

/** True for a write refused because the disk (the origin's quota) is full. */
export function isQuotaError(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false
  const name = (e as { name?: unknown }).name
  return name === 'QuotaExceededError' || (name === 'AbortError' && /quota/i.test(String((e as { message?: unknown }).message ?? '')))
}

export class OutboxStore {
  private readonly memory = new Map<string, OutboxEntry>()
  private readonly memoryRecords = new Map<string, LocalRecord>()
  /** Set once a write hit the quota (cleared when a later write succeeds). */
  quotaExceeded = false

  constructor(private readonly open: () => Promise<IDBPDatabase<OutboxDB>>) {}

  private db(): Promise<IDBPDatabase<OutboxDB>> {
    return this.open()
  }

  /** Entries kept only in this tab's memory (the disk was full). */
  memoryOnly(): OutboxEntry[] {
    return [...this.memory.values()]
  }

  /** Writes an entry and the record's local copy (or its removal) in one transaction. */
  async write(entry: OutboxEntry, local: LocalRecord | null | 'keep', removeLocalOf?: Key): Promise<void> {
    try {
      const db = await this.db()
      const tx = db.transaction(['outbox', 'records'], 'readwrite')
      const ops: Promise<unknown>[] = [tx.objectStore('outbox').put(entry)]
      if (local && local !== 'keep') ops.push(tx.objectStore('records').put(local))
      else if (local === null) ops.push(tx.objectStore('records').delete(removeLocalOf ?? recordKey(entry)))
      ops.push(tx.done)
      await Promise.all(ops)
      this.memory.delete(entry.id)
      this.quotaExceeded = false
    } catch (e) {
      if (!isQuotaError(e)) throw e
      this.quotaExceeded = true
      this.memory.set(entry.id, entry)
      if (local && local !== 'keep') this.memoryRecords.set(recordKey(local).join('\u0000'), local)
    }
  }

  /** Updates an entry (status, attempts, progress…). */
  async put(entry: OutboxEntry): Promise<void> {
    if (this.memory.has(entry.id)) {
      this.memory.set(entry.id, entry)
      return
    }
    await this.write(entry, 'keep')
  }

  async get(id: string): Promise<OutboxEntry | undefined> {
    return this.memory.get(id) ?? (await (await this.db()).get('outbox', id))
  }

  /** An account's entries, in order. */
  async list(accountId: string): Promise<OutboxEntry[]> {
    const disk = await (await this.db()).getAllFromIndex('outbox', 'byAccount', accountId)
    return [...disk, ...[...this.memory.values()].filter((e) => e.accountId === accountId)].sort(bySeq)
  }

  /** The entries of one record, in order. */
  async listRecord(accountId: string, entity: string, entityId: string): Promise<OutboxEntry[]> {
    const disk = await (await this.db()).getAllFromIndex('outbox', 'byRecord', [accountId, entity, entityId])
    const mem = [...this.memory.values()].filter((e) => e.accountId === accountId && e.entity === entity && e.entityId === entityId)
    return [...disk, ...mem].sort(bySeq)
  }

  /** Removes an entry and sets the record's local copy (null: removes it; 'keep': leaves it) in one transaction. */
  async remove(entry: OutboxEntry, local: LocalRecord | null | 'keep'): Promise<void> {
    this.memory.delete(entry.id)
    const db = await this.db()
    const tx = db.transaction(['outbox', 'records'], 'readwrite')
    const ops: Promise<unknown>[] = [tx.objectStore('outbox').delete(entry.id)]
    if (local === null) {
      ops.push(tx.objectStore('records').delete(recordKey(entry)))
      this.memoryRecords.delete(recordKey(entry).join('\u0000'))
    } else if (local !== 'keep') ops.push(tx.objectStore('records').put(local))
    ops.push(tx.done)
    await Promise.all(ops)
  }

  /** Sets (or with null removes) a record's local copy. */
  async setRecord(of: { accountId: string; entity: string; entityId: string }, local: LocalRecord | null): Promise<void> {
    const k = recordKey(of)
    this.memoryRecords.delete(k.join('\u0000'))
    const db = await this.db()
    if (local) await db.put('records', local)
    else await db.delete('records', k)
  }

  async record(accountId: string, entity: string, entityId: string): Promise<LocalRecord | undefined> {
    const k: Key = [accountId, entity, entityId]
    return this.memoryRecords.get(k.join('\u0000')) ?? (await (await this.db()).get('records', k))
  }

  /** An account's local copies. */
  async records(accountId: string): Promise<LocalRecord[]> {
    const disk = await (await this.db()).getAllFromIndex('records', 'byAccount', accountId)
    const seen = new Set(disk.map((r) => recordKey(r).join('\u0000')))
    return [...disk, ...[...this.memoryRecords.values()].filter((r) => r.accountId === accountId && !seen.has(recordKey(r).join('\u0000')))]
  }

  async getMeta(accountId: string, name: string): Promise<unknown> {
    return (await (await this.db()).get('meta', `${accountId}:${name}`))?.value
  }

  async setMeta(accountId: string, name: string, value: unknown): Promise<void> {
    const row: MetaRow = { key: `${accountId}:${name}`, value }
    try {
      await (await this.db()).put('meta', row)
    } catch (e) {
      if (!isQuotaError(e)) throw e
    }
  }

  /** Keeps a file taken offline (a full disk rejects with the quota error: the caller says so). */
  async putBlob(row: BlobRow): Promise<void> {
    await (await this.db()).put('blobs', row)
  }

  async getBlob(id: string): Promise<BlobRow | undefined> {
    return (await this.db()).get('blobs', id)
  }

  /** Drops kept files whose uploads went through (unknown ids are ignored). */
  async deleteBlobs(ids: string[]): Promise<void> {
    if (ids.length === 0) return
    const db = await this.db()
    const tx = db.transaction('blobs', 'readwrite')
    await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done])
  }

  /** Everything of one account: entries, local copies, facts, kept files. */
  async clearAccount(accountId: string): Promise<void> {
    for (const [id, e] of this.memory) if (e.accountId === accountId) this.memory.delete(id)
    for (const [k, r] of this.memoryRecords) if (r.accountId === accountId) this.memoryRecords.delete(k)
    const db = await this.db()
    const tx = db.transaction(['outbox', 'records', 'meta', 'blobs'], 'readwrite')
    const ops: Promise<unknown>[] = []
    for (const key of await tx.objectStore('blobs').index('byAccount').getAllKeys(accountId)) ops.push(tx.objectStore('blobs').delete(key))
    for (const key of await tx.objectStore('outbox').index('byAccount').getAllKeys(accountId))
      ops.push(tx.objectStore('outbox').delete(key))
    for (const key of await tx.objectStore('records').index('byAccount').getAllKeys(accountId))
      ops.push(tx.objectStore('records').delete(key))
    let cursor = await tx.objectStore('meta').openCursor()
    while (cursor) {
      if (cursor.key.startsWith(`${accountId}:`)) ops.push(cursor.delete())
      cursor = await cursor.continue()
    }
    ops.push(tx.done)
    await Promise.all(ops)
  }
}
