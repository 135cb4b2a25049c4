/**
 * Where a stored file's bytes live — one interface, three stores (TRESTLE_FILE_STORE, server/config.ts):
 *  - 'disk': `<TRESTLE_DATA_DIR>/files/<yyyy>/<mm>/<fileId>`, one machine's (the embedded default);
 *  - 'database': 256 KiB pieces in `file_chunk`, written in the transaction of the metadata row, so
 *    every gateway on one PostgreSQL serves every file (the default with DATABASE_URL);
 *  - 's3': one object per file in an S3-compatible bucket (`TRESTLE_S3_*`), its key the row's
 *    storagePath (`<yyyy>/<mm>/<fileId>`), signed with SigV4 (aws4fetch) and its SHA-256 sent along.
 * A row says which store holds its bytes (`user_common_file.store`), so files written before a switch
 * stay readable; `npm run files:to-database [-- --to s3]` moves the other stores' files into the
 * database (or the bucket).
 * Reading streams piece by piece: a download never holds the whole file in memory. So does a streamed
 * upload (`writeStream`, the installer packages): to the disk through a `.part` file, to the database
 * a statement of pieces at a time, to S3 through a spool file on the disk (the PUT needs its length
 * and SHA-256 first) — its length and SHA-256 counted on the way.
 */
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { AwsClient } from 'aws4fetch'
import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import type { FileStore, S3Config } from '../../config'
import type { Db } from '../../db/client'
import { fileChunk, userCommonFile } from '../../db/schema'
import { ApiError } from '../../lib/http'
import texts from './texts.json'

export type FileRow = typeof userCommonFile.$inferSelect

/** 256 KiB: large enough that a 20 MB file is 80 rows, small enough to keep each statement light. */
export const CHUNK_BYTES = 256 * 1024
/** Pieces written by one INSERT. */
const PIECES_PER_STATEMENT = 8
/** Pieces one SELECT of a download reads: 1 MiB, so that little of a large file is in flight at once (its text form included). */
const PIECES_PER_READ = 4

export interface StorageEnv {
  db: Db
  dataDir: string
  /** The bucket of the 's3' store (config.s3); needed only for the rows it holds. */
  s3?: S3Config | null
  /** Where a store's failures are told in full (the caller gets a short refusal). */
  log?: { error(obj: object, msg: string): void }
}

/** What a streamed write measured on the way. */
export interface Measured {
  size: number
  sha256: string
}

interface FileStorage {
  /** Writes the bytes and the metadata row `row` (whose `store` names this store). */
  write(env: StorageEnv, row: FileRow, bytes: Buffer): Promise<void>
  /**
   * Writes the bytes as they arrive, without the row (its size and SHA-256 are what this answers);
   * whatever it wrote is gone again when it fails. `remove` takes back a completed one.
   */
  writeStream(env: StorageEnv, row: FileRow, source: AsyncIterable<Buffer>): Promise<Measured>
  /** The bytes, streamed; null when the store holds none for the row. */
  open(env: StorageEnv, row: FileRow): Promise<Readable | null>
  /** Forgets the bytes (after they were copied to another store). */
  remove(env: StorageEnv, row: FileRow): Promise<void>
}

const filesDir = (env: StorageEnv) => path.join(env.dataDir, 'files')

/** `source` again, its length and SHA-256 counted into `m` as it passes. */
async function* measuring(source: AsyncIterable<Buffer>, m: { size: number; hash: ReturnType<typeof createHash> }) {
  for await (const part of source) {
    m.size += part.length
    m.hash.update(part)
    yield part
  }
}

/** Streams `source` into the file `target` through `<target>.part`; measured; nothing left on failure. */
async function streamToFile(target: string, source: AsyncIterable<Buffer>): Promise<Measured> {
  await mkdir(path.dirname(target), { recursive: true })
  const tmp = `${target}.part`
  const m = { size: 0, hash: createHash('sha256') }
  try {
    await pipeline(Readable.from(measuring(source, m)), createWriteStream(tmp, { mode: 0o600 }))
    await rename(tmp, target)
  } catch (err) {
    await unlink(tmp).catch(() => undefined)
    throw err
  }
  return { size: m.size, sha256: m.hash.digest('hex') }
}

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
  writeStream: (env, row, source) => streamToFile(diskPath(env, row), source),
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
  async writeStream(env, row, source) {
    // No transaction is held while the bytes arrive (a slow upload would hold a connection — PGlite's
    // only one): each statement's pieces commit on their own; the row, written later, makes them a file.
    const m = { size: 0, hash: createHash('sha256') }
    try {
      let seq = 0
      let batch: { fileId: string; seq: number; bytes: Buffer }[] = []
      for await (const bytes of rechunk(measuring(source, m))) {
        batch.push({ fileId: row.fileId, seq: seq++, bytes })
        if (batch.length === PIECES_PER_STATEMENT) {
          await env.db.insert(fileChunk).values(batch)
          batch = []
        }
      }
      if (batch.length) await env.db.insert(fileChunk).values(batch)
    } catch (err) {
      await database.remove(env, row).catch(() => undefined)
      throw err
    }
    return { size: m.size, sha256: m.hash.digest('hex') }
  },
  async open(env, row) {
    const count = Math.ceil(row.size / CHUNK_BYTES)
    const read = (from: number) =>
      env.db
        .select({ seq: fileChunk.seq, bytes: fileChunk.bytes })
        .from(fileChunk)
        .where(and(eq(fileChunk.fileId, row.fileId), gte(fileChunk.seq, from), lt(fileChunk.seq, from + PIECES_PER_READ)))
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
          // a view of the driver's bytes, not a copy
          yield Buffer.from(r.bytes.buffer, r.bytes.byteOffset, r.bytes.byteLength)
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

/** How long one request to the bucket may take to answer (a download's body then streams as long as it needs). */
const S3_TIMEOUT_MS = 30_000
const s3Clients = new WeakMap<S3Config, AwsClient>()

function s3Client(env: StorageEnv): { config: S3Config; client: AwsClient } {
  const config = env.s3
  if (!config) throw new Error('this file is in the S3 store, but TRESTLE_S3_* is not set')
  let client = s3Clients.get(config)
  if (!client) {
    // a 5xx or 429 is tried again twice, after a short random pause
    client = new AwsClient({ ...config, service: 's3', retries: 2, initRetryMs: 100 })
    s3Clients.set(config, client)
  }
  return { config, client }
}

/** The object's URL: `<endpoint>/<bucket>/<key>`, or `<bucket>.<host>/<key>` without path style. */
function objectUrl(config: S3Config, key: string): string {
  const encoded = key.split('/').map(encodeURIComponent).join('/')
  if (config.forcePathStyle) return `${config.endpoint}/${config.bucket}/${encoded}`
  const url = new URL(config.endpoint)
  url.hostname = `${config.bucket}.${url.hostname}`
  return `${url.href.replace(/\/+$/, '')}/${encoded}`
}

/** One signed request; the timeout covers the wait for the answer's head, not the streaming of its body. */
async function s3Request(env: StorageEnv, method: string, row: FileRow, init: { headers?: Record<string, string>; body?: BodyInit } = {}) {
  const { config, client } = s3Client(env)
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(new Error(`no answer from the S3 store in ${S3_TIMEOUT_MS / 1000} s`)), S3_TIMEOUT_MS)
  try {
    return await client.fetch(objectUrl(config, row.storagePath), { method, ...init, signal: abort.signal })
  } finally {
    clearTimeout(timer)
  }
}

/** The bucket's refusal, in full for the log: status, S3's error code and message (never the credentials). */
async function s3Failure(res: Response, what: string): Promise<Error> {
  const text = await res.text().catch(() => '')
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1]
  const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1]
  return new Error(`S3 store: ${what} answered ${res.status}${code ? ` ${code}` : ''}${message ? `: ${message}` : ''}`)
}

const s3: FileStorage = {
  async write(env, row, bytes) {
    try {
      const res = await s3Request(env, 'PUT', row, {
        headers: {
          'Content-Type': row.mime,
          'Content-Length': String(bytes.length),
          // the payload's hash is signed: the store refuses bytes damaged on the way
          'X-Amz-Content-Sha256': createHash('sha256').update(bytes).digest('hex'),
        },
        body: bytes as Uint8Array<ArrayBuffer>,
      })
      if (!res.ok) throw await s3Failure(res, `PUT ${row.storagePath}`)
      await res.body?.cancel()
    } catch (err) {
      env.log?.error({ err, fileId: row.fileId }, 'file not stored: the S3 store refused it or did not answer')
      throw new ApiError(Code.REFUSED, null, texts.storage.s3Unavailable)
    }
    try {
      await env.db.insert(userCommonFile).values(row)
    } catch (err) {
      // no row, so nothing would ever name the object: take it back (best effort)
      await s3.remove(env, row).catch(() => undefined)
      throw err
    }
  },
  async writeStream(env, row, source) {
    // the PUT is signed with the payload's length and SHA-256: spool the upload to the disk first
    const spool = path.join(env.dataDir, 'spool', `${row.fileId}.upload`)
    const measured = await streamToFile(spool, source)
    try {
      const put = { ...row, size: measured.size, sha256: measured.sha256 }
      await s3PutStream(env, put, createReadStream(spool))
    } catch (err) {
      env.log?.error({ err, fileId: row.fileId }, 'file not stored: the S3 store refused it or did not answer')
      throw new ApiError(Code.REFUSED, null, texts.storage.s3Unavailable)
    } finally {
      await unlink(spool).catch(() => undefined)
    }
    return measured
  },
  async open(env, row) {
    const res = await s3Request(env, 'GET', row)
    if (res.status === 404) {
      await res.body?.cancel()
      return null
    }
    if (!res.ok || !res.body) throw await s3Failure(res, `GET ${row.storagePath}`)
    return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>)
  },
  async remove(env, row) {
    const res = await s3Request(env, 'DELETE', row)
    if (!res.ok && res.status !== 404) throw await s3Failure(res, `DELETE ${row.storagePath}`)
    await res.body?.cancel()
  },
}

const STORES: Record<FileStore, FileStorage> = { disk, database, s3 }

/** The store that holds (or will hold) a row's bytes. */
export const storageOf = (row: Pick<FileRow, 'store'>): FileStorage => STORES[row.store as FileStore] ?? disk

/** The stream again, in pieces of exactly CHUNK_BYTES (the last one shorter); each byte copied once. */
async function* rechunk(stream: AsyncIterable<Buffer | Uint8Array>): AsyncGenerator<Buffer> {
  let held: Buffer[] = []
  let size = 0
  for await (const part of stream) {
    held.push(Buffer.isBuffer(part) ? part : Buffer.from(part))
    size += part.length
    if (size < CHUNK_BYTES) continue
    let all = Buffer.concat(held, size)
    while (all.length >= CHUNK_BYTES) {
      yield all.subarray(0, CHUNK_BYTES)
      all = all.subarray(CHUNK_BYTES)
    }
    // the rest is copied out: the piece yielded above does not keep the whole buffer alive with it
    held = all.length ? [Buffer.from(all)] : []
    size = all.length
  }
  if (size) yield Buffer.concat(held, size)
}

/** One PUT of a stream whose length and SHA-256 are the row's (no retries: the stream is read once). */
async function s3PutStream(env: StorageEnv, row: FileRow, stream: Readable): Promise<void> {
  const { config, client } = s3Client(env)
  const request = await client.sign(objectUrl(config, row.storagePath), {
    method: 'PUT',
    headers: { 'Content-Type': row.mime, 'Content-Length': String(row.size), 'X-Amz-Content-Sha256': row.sha256 },
    body: Readable.toWeb(stream) as ReadableStream<Uint8Array>,
    // a streamed body goes out as the fetch reads it
    ...({ duplex: 'half' } as object),
  })
  const res = await fetch(request)
  if (!res.ok) throw await s3Failure(res, `PUT ${row.storagePath}`)
  await res.body?.cancel()
}

/** The stores a file can be moved into (`npm run files:to-database [-- --to s3]`). */
export const MOVE_TARGETS = ['database', 's3'] as const
export type MoveTarget = (typeof MOVE_TARGETS)[number]

/**
 * Copies one file's bytes from the store holding them into `to`, and flips its row; the old copy goes
 * after that. Into the database: piece by piece in one transaction with the flip. Into S3: one PUT
 * streamed from the old store (its length and SHA-256 are the row's), without retries — a failed file
 * stays where it was and the next run tries it again. Run again, it skips the files already moved.
 */
export async function moveFile(env: StorageEnv, row: FileRow, to: MoveTarget): Promise<'moved' | 'missing'> {
  const from = storageOf(row)
  if (row.store === to) return 'moved'
  const stream = await from.open(env, row)
  if (!stream) return 'missing'
  if (to === 'database') {
    await env.db.transaction(async (tx) => {
      await tx.delete(fileChunk).where(eq(fileChunk.fileId, row.fileId))
      let seq = 0
      for await (const bytes of rechunk(stream)) await tx.insert(fileChunk).values({ fileId: row.fileId, seq: seq++, bytes })
      await tx.update(userCommonFile).set({ store: to }).where(stillIn(row))
    })
  } else {
    await s3PutStream(env, row, stream)
    await env.db.update(userCommonFile).set({ store: to }).where(stillIn(row))
  }
  // the row names the new copy now: the old one goes, best effort (a leftover is only space)
  await from.remove(env, row).catch(() => undefined)
  return 'moved'
}

/** The row, while it still names the store it was read with (two runs at once move a file once). */
const stillIn = (row: FileRow) => and(eq(userCommonFile.fileId, row.fileId), eq(userCommonFile.store, row.store))

/** Moves every file held elsewhere into `to`, a file at a time. */
export async function moveAll(env: StorageEnv, to: MoveTarget): Promise<{ moved: number; missing: string[] }> {
  const result = { moved: 0, missing: [] as string[] }
  const rows = await env.db.select().from(userCommonFile).where(ne(userCommonFile.store, to)).orderBy(userCommonFile.fileId)
  for (const row of rows) {
    if ((await moveFile(env, row, to)) === 'moved') result.moved++
    else result.missing.push(row.fileId)
  }
  return result
}

/** Moves every file of the disk (and of S3) into the database (`npm run files:to-database`). */
export const moveAllToDatabase = (env: StorageEnv) => moveAll(env, 'database')

// ---- leftovers ---------------------------------------------------------------------------------

/**
 * How old a file id must be before bytes without a row count as left over: a streamed upload writes
 * its bytes first and its row last, and a large package on a site's network may take hours.
 */
export const LEFTOVER_AGE_MS = 24 * 3600_000

/** The smallest UUIDv7 (src/contract/ids.ts) made at `ms`: every id made before sorts below it. */
export function idFloor(ms: number): string {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Removes the file (last written before `olderThan`, when given); whether it did. */
async function removed(abs: string, olderThan?: number): Promise<boolean> {
  if (olderThan !== undefined) {
    const s = await stat(abs).catch(() => null)
    if (!s?.isFile() || s.mtimeMs >= olderThan) return false
  }
  return unlink(abs).then(
    () => true,
    () => false,
  )
}

/** Of `ids`, those with a row. */
async function withRows(env: StorageEnv, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>()
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await env.db
      .select({ fileId: userCommonFile.fileId })
      .from(userCommonFile)
      .where(inArray(userCommonFile.fileId, ids.slice(i, i + 500)))
    for (const r of rows) found.add(r.fileId)
  }
  return found
}

/**
 * Takes away the bytes no row will ever claim — a gateway that died mid-upload, or between the bytes
 * and the row: the database store's pieces, and on this gateway's disk the finished files, the
 * `.part` files and the bucket's spool (by their id's time, or their own for a `.part` and the spool).
 * Only what is older than `ageMs`;
 * a file with a row is never touched. (A bucket's objects are not listed: its own lifecycle rules
 * do that.) Runs hourly as the job `files.sweep` on any gateway; what it took away, counted.
 */
export async function sweepLeftovers(
  env: StorageEnv,
  now = Date.now(),
  ageMs = LEFTOVER_AGE_MS,
): Promise<{ pieces: number; diskFiles: number }> {
  const before = idFloor(now - ageMs)
  const gone = await env.db
    .delete(fileChunk)
    .where(
      and(
        // byte order, whatever the database's collation: a UUIDv7's text sorts by its time
        sql`${fileChunk.fileId} collate "C" < ${before}`,
        sql`not exists (select 1 from ${userCommonFile} where ${userCommonFile.fileId} = ${fileChunk.fileId})`,
      ),
    )
    .returning({ fileId: fileChunk.fileId })
  let diskFiles = 0
  const root = filesDir(env)
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  const candidates = new Map<string, string>()
  for (const e of entries) {
    if (!e.isFile()) continue
    const abs = path.join(e.parentPath, e.name)
    if (e.name.endsWith('.part')) {
      if (await removed(abs, now - ageMs)) diskFiles++
    } else if (UUID.test(e.name) && e.name < before) candidates.set(e.name, abs)
  }
  const kept = await withRows(env, [...candidates.keys()])
  for (const [id, abs] of candidates) if (!kept.has(id) && (await removed(abs))) diskFiles++
  // the bucket's spool: an upload on its way to S3 (a finished one is removed at once)
  const spool = path.join(env.dataDir, 'spool')
  for (const name of await readdir(spool).catch(() => [])) if (await removed(path.join(spool, name), now - ageMs)) diskFiles++
  return { pieces: gone.length, diskFiles }
}
