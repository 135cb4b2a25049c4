/**
 * One transaction for a whole request. While `withRequestTransaction` runs a handler, the gateway's
 * `ctx.db` (a `scopedDb`) is that transaction — and its `transaction()` a savepoint inside it — so
 * everything the modules write and what the request stores besides (its Idempotency-Key's answer,
 * plugins/idempotency.ts) commit together or not at all. Other requests, and work the handler starts
 * without waiting for it once the transaction has ended, use the database as before.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Db } from './client'

interface Scope {
  tx: Db
  open: boolean
}

const scope = new AsyncLocalStorage<Scope>()

/** `base`, or inside `withRequestTransaction` the request's transaction. */
export function scopedDb(base: Db): Db {
  return new Proxy(base, {
    get(target, prop) {
      const s = scope.getStore()
      const db = s?.open ? s.tx : target
      const value: unknown = Reflect.get(db, prop, db)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(db) : value
    },
  })
}

/** Runs `fn` in one transaction of `db`, which `scopedDb` stands for meanwhile; rolled back when `fn` throws. */
export function withRequestTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (raw) => {
    const s: Scope = { tx: raw as unknown as Db, open: true }
    try {
      return await scope.run(s, () => fn(s.tx))
    } finally {
      s.open = false
    }
  })
}
