/**
 * Where a stored file's bytes live — one interface, two stores (TRESTLE_FILE_STORE, server/config.ts):
 *  - 'disk': `<TRESTLE_DATA_DIR>/files/<yyyy>/<mm>/<fileId>`, one machine's (the embedded default);
 *  - 'database': 256 KiB pieces in `file_chunk`, written in the transaction of the metadata row, so
 *    every gateway on one PostgreSQL serves every file (the default with DATABASE_URL).
 * A row says which store holds its bytes (`user_common_file.store`), so files written before a switch
 * stay readable; `npm run files:to-database` moves the disk's files into the database.
 * Reading streams piece by piece: a download never holds the whole file in memory.
 */
import { createReadStream } from 'node:fs'
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { and, eq, gte, lt } from 'drizzle-orm'
import type { FileStore } from '../../config'
import type { Db } from '../../db/client'
import { fileChunk, userCommonFile } from '../../db/schema'

export type FileRow = typeof userCommonFile.$inferSelect

/** 256 KiB: large enough that a 20 MB file is 80 rows, small enough to keep each statement light. */
export const CHUNK_BYTES = 256 * 1024
/** Pieces written by one INSERT and read by one SELECT. */
const PIECES_PER_STATEMENT = 8

export interface StorageEnv {
  db: Db
  dataDir: string
}

interface FileStorage {
  /** Writes the bytes and the metadata row `row` (whose `store` names this store). */
  write(env: StorageEnv, row: FileRow, bytes: Buffer): Promise<void>
  /** The bytes, streamed; null when the store holds none for the row. */
  open(env: StorageEnv, row: FileRow): Promise<Readable | null>
  /** Forgets the bytes (after they were copied to another store). */
  remove(env: StorageEnv, row: FileRow): Promise<void>
}

const filesDir = (env: StorageEnv) => path.join(env.dataDir, 'files')

/** storagePath is written by storeFile only; resolve and stay inside the files directory anyway. */
function diskPath(env: StorageEnv, row: FileRow): string {
  const root = filesDir(env)
  const abs = path.resolve(root, row.storagePath)
  if (!abs.startsWith(root + path.sep)) throw new Error('file path outside the files directory')
  return abs
}

const disk: FileStorage = {
  async write(env, row, bytes) {
    const abs = diskPath(env, row)
    await mkdir(path.dirname(abs), { recursive: true })
    const tmp = `${abs}.part`
    await writeFile(tmp, bytes, { mode: 0o600 })
    await rename(tmp, abs)
    await env.db.insert(userCommonFile).values(row)
  },
  async open(env, row) {
    const abs = diskPath(env, row)
    const found = await stat(abs).catch(() => null)
    return found?.isFile() ? createReadStream(abs) : null
  },
  async remove(env, row) {
    await unlink(diskPath(env, row)).catch(() => undefined)
  },
}

/** The pieces of `bytes`, each at most CHUNK_BYTES (an empty file is no piece). */
function* pieces(bytes: Buffer): Generator<{ seq: number; bytes: Buffer }> {
  for (let seq = 0; seq * CHUNK_BYTES < bytes.length; seq++) {
    yield { seq, bytes: bytes.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES) }
  }
}

const database: FileStorage = {
  async write(env, row, bytes) {
    await env.db.transaction(async (tx) => {
      await tx.insert(userCommonFile).values(row)
      let batch: { fileId: string; seq: number; bytes: Buffer }[] = []
      for (const piece of pieces(bytes)) {
        batch.push({ fileId: row.fileId, ...piece })
        if (batch.length === PIECES_PER_STATEMENT) {
          await tx.insert(fileChunk).values(batch)
          batch = []
        }
      }
      if (batch.length) await tx.insert(fileChunk).values(batch)
    })
  },
  async open(env, row) {
    const count = Math.ceil(row.size / CHUNK_BYTES)
    const read = (from: number) =>
      env.db
        .select({ seq: fileChunk.seq, bytes: fileChunk.bytes })
        .from(fileChunk)
        .where(and(eq(fileChunk.fileId, row.fileId), gte(fileChunk.seq, from), lt(fileChunk.seq, from + PIECES_PER_STATEMENT)))
        .orderBy(fileChunk.seq)
    const first = count === 0 ? [] : await read(0)
    if (count > 0 && first[0]?.seq !== 0) return null
    async function* stream(): AsyncGenerator<Buffer> {
      let next = 0
      let rows = first
      while (next < count) {
        if (rows.length === 0) throw new Error(`file ${row.fileId}: piece ${next} of ${count} is missing`)
        for (const r of rows) {
          if (r.seq !== next) throw new Error(`file ${row.fileId}: piece ${next} of ${count} is missing`)
          yield Buffer.from(r.bytes)
          next++
        }
        if (next < count) rows = await read(next)
      }
    }
    return Readable.from(stream(), { objectMode: false })
  },
  async remove(env, row) {
    await env.db.delete(fileChunk).where(eq(fileChunk.fileId, row.fileId))
  },
}

const STORES: Record<FileStore, FileStorage> = { disk, database }

/** The store that holds (or will hold) a row's bytes. */
export const storageOf = (row: Pick<FileRow, 'store'>): FileStorage => STORES[row.store as FileStore] ?? disk

/** The stream again, in pieces of exactly CHUNK_BYTES (the last one shorter). */
async function* rechunk(stream: Readable): AsyncGenerator<Buffer> {
  let held = Buffer.alloc(0)
  for await (const part of stream) {
    held = Buffer.concat([held, Buffer.isBuffer(part) ? part : Buffer.from(part as Uint8Array)])
    while (held.length >= CHUNK_BYTES) {
      yield held.subarray(0, CHUNK_BYTES)
      held = held.subarray(CHUNK_BYTES)
    }
  }
  if (held.length) yield held
}

/**
 * Copies one file's bytes from the disk into the database, piece by piece, and flips its row, in one
 * transaction; the disk copy goes after the commit. Run again, it skips the files already moved.
 */
export async function moveToDatabase(env: StorageEnv, row: FileRow): Promise<'moved' | 'missing'> {
  const stream = await disk.open(env, row)
  if (!stream) return 'missing'
  await env.db.transaction(async (tx) => {
    await tx.delete(fileChunk).where(eq(fileChunk.fileId, row.fileId))
    let seq = 0
    for await (const bytes of rechunk(stream)) await tx.insert(fileChunk).values({ fileId: row.fileId, seq: seq++, bytes })
    await tx.update(userCommonFile).set({ store: 'database' }).where(eq(userCommonFile.fileId, row.fileId))
  })
  await disk.remove(env, row)
  return 'moved'
}

/** Moves every file of the disk into the database, a file at a time (`npm run files:to-database`). */
export async function moveAllToDatabase(env: StorageEnv): Promise<{ moved: number; missing: string[] }> {
  const result = { moved: 0, missing: [] as string[] }
  const rows = await env.db.select().from(userCommonFile).where(eq(userCommonFile.store, 'disk')).orderBy(userCommonFile.fileId)
  for (const row of rows) {
    if ((await moveToDatabase(env, row)) === 'moved') result.moved++
    else result.missing.push(row.fileId)
  }
  return result
}
