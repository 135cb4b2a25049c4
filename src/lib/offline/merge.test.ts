/** Local copies over list rows, and a full disk never losing an edit. */
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import type { IDBPDatabase } from 'idb'
import type { OutboxDB } from './db'
import { openOutboxDb } from './db'
import { mergeLocal } from './merge'
import { OutboxStore } from './store'
import type { LocalRecord, OutboxEntry } from './types'

const local = (entityId: string, data: Record<string, unknown> | null, added = false): LocalRecord => ({
  accountId: 'a',
  entity: 'user',
  entityId,
  data,
  added,
  updatedAt: 0,
})

describe('mergeLocal', () => {
  const rows = [
    { id: '1', name: 'one' },
    { id: '2', name: 'two' },
    { id: '3', name: 'three' },
  ]
  it('shows local copies over rows, drops rows deleted here, puts records added here first when they belong', () => {
    const m = mergeLocal(
      rows,
      [
        local('2', { id: '2', name: 'two*' }),
        local('3', null),
        local('9', { id: '9', name: 'new', org: 'x' }, true),
        local('8', { id: '8', org: 'y' }, true),
      ],
      (r) => r.id,
      (d) => d.org === 'x',
    )
    expect(m.rows.map((r) => r.name)).toEqual(['new', 'one', 'two*'])
    expect(m).toMatchObject({ added: 1, removed: 1 })
  })
  it('leaves the rows alone without local copies', () => {
    const m = mergeLocal(rows, [], (r) => r.id)
    expect(m.rows).toBe(rows)
  })
})

describe('a full disk', () => {
  const entry: OutboxEntry = {
    id: 'e1',
    accountId: 'a',
    entity: 'user',
    entityId: 'r1',
    op: 'update',
    payload: { values: { name: 'x' } },
    baseVersion: 1,
    createdAt: 0,
    seq: 1,
    attempts: 0,
    status: 'pending',
    lastError: null,
    nextAttemptAt: 0,
    progress: 0,
    title: 'x',
  }
  it('keeps the edit in memory, listed and updatable, and says so', async () => {
    const real = await openOutboxDb('quota')
    // a database whose writes are refused for want of space (reads work)
    const full = new Proxy(real, {
      get(target, prop, receiver) {
        if (prop === 'transaction')
          return (stores: never, mode?: IDBTransactionMode) => {
            if (mode === 'readwrite') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
            return target.transaction(stores, mode as 'readonly')
          }
        return Reflect.get(target, prop, receiver) as unknown
      },
    }) as IDBPDatabase<OutboxDB>
    const store = new OutboxStore(async () => full)
    await store.write(entry, local('r1', { name: 'x' }))
    expect(store.quotaExceeded).toBe(true)
    expect(store.memoryOnly()).toEqual([entry])
    expect(await store.list('a')).toEqual([entry])
    expect((await store.record('a', 'user', 'r1'))?.data).toEqual({ name: 'x' })
    await store.put({ ...entry, attempts: 2 })
    expect((await store.list('a'))[0]!.attempts).toBe(2)
    expect(await store.list('b')).toEqual([])
  })
})
