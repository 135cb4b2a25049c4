/**
 * The two file stores (server/modules/files/storage.ts) on both databases: bytes written to either come
 * back the same at every size around the piece boundary, the database store keeps them in pieces, and
 * the move from the disk into the database (`npm run files:to-database`) copies each file once, flips
 * its row and leaves nothing behind on the disk — again and again without harm.
 */
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { loadConfig } from '../../server/config'
import { openDatabase, type Database } from '../../server/db/client'
import { fileChunk, userCommonFile } from '../../server/db/schema'
import { v7 } from 'uuid'
import {
  CHUNK_BYTES,
  LEFTOVER_AGE_MS,
  moveAllToDatabase,
  storageOf,
  sweepLeftovers,
  type FileRow,
  type StorageEnv,
} from '../../server/modules/files/storage'
import { storedRow } from './files-fixtures'

const pgUrl = provided('pgUrl')
const drivers = [
  { name: 'PGlite', env: (dir: string) => ({ TRESTLE_DATA_DIR: dir }) },
  ...(pgUrl
    ? [{ name: 'PostgreSQL', env: (dir: string) => ({ TRESTLE_DATA_DIR: dir, DATABASE_URL: pgUrl, TRESTLE_ADMIN_PASSWORD: 'x' }) }]
    : []),
]

const SIZES = [0, 1, CHUNK_BYTES - 1, CHUNK_BYTES, CHUNK_BYTES + 1, 3 * CHUNK_BYTES + 17]

describe.each(drivers)('file stores on $name', ({ env }) => {
  let database: Database
  let dir: string
  let storage: StorageEnv
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'trestle-files-'))
    database = await openDatabase(loadConfig(env(dir)))
    await database.withStartupLock(() => database.migrate())
    storage = { db: database.db, dataDir: dir }
  })
  afterAll(async () => {
    await database?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const rowOf = (store: 'disk' | 'database', size: number) => storedRow(store, size)
  const read = async (row: FileRow) => {
    const stream = await storageOf(row).open(storage, row)
    if (!stream) return null
    const parts: Buffer[] = []
    for await (const part of stream) parts.push(part as Buffer)
    return Buffer.concat(parts)
  }
  const pieces = async (fileId: string) =>
    (
      await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(fileChunk)
        .where(eq(fileChunk.fileId, fileId))
    )[0]!.n

  it.each(['disk', 'database'] as const)('gives back what was written to the %s, at every size around a piece', async (store) => {
    for (const size of SIZES) {
      const bytes = randomBytes(size)
      const row = rowOf(store, size)
      await storageOf(row).write(storage, row, bytes)
      expect((await read(row))?.equals(bytes), `${store} ${size} bytes`).toBe(true)
      expect(await pieces(row.fileId)).toBe(store === 'database' ? Math.ceil(size / CHUNK_BYTES) : 0)
    }
  })

  /** `bytes` in parts of `part` bytes, failing after `failAfter` bytes when given (an upload cut off). */
  async function* arriving(bytes: Buffer, part: number, failAfter = Infinity): AsyncGenerator<Buffer> {
    for (let at = 0; at < bytes.length; at += part) {
      if (at >= failAfter) throw new Error('cut off')
      yield bytes.subarray(at, at + part)
    }
  }

  it.each(['disk', 'database'] as const)(
    'streams into the %s as the bytes arrive, measuring them; a cut-off stream leaves nothing',
    async (store) => {
      const bytes = randomBytes(9 * CHUNK_BYTES + 1234)
      const row = rowOf(store, 0)
      const measured = await storageOf(row).writeStream(storage, row, arriving(bytes, 65_536 + 7))
      expect(measured).toEqual({ size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') })
      expect((await read({ ...row, ...measured }))?.equals(bytes)).toBe(true)
      expect(await pieces(row.fileId)).toBe(store === 'database' ? 10 : 0)

      const cut = rowOf(store, 0)
      await expect(storageOf(cut).writeStream(storage, cut, arriving(bytes, 65_536, 4 * CHUNK_BYTES))).rejects.toThrow('cut off')
      expect(await pieces(cut.fileId)).toBe(0)
      expect(existsSync(path.join(dir, 'files', cut.storagePath))).toBe(false)
      expect(existsSync(path.join(dir, 'files', `${cut.storagePath}.part`))).toBe(false)
    },
  )

  it('says "none" for a file whose bytes are gone, in either store', async () => {
    for (const store of ['disk', 'database'] as const) {
      const row = rowOf(store, 10)
      await storageOf(row).write(storage, row, randomBytes(10))
      await storageOf(row).remove(storage, row)
      expect(await read(row)).toBeNull()
    }
  })

  it('moves the disk files into the database once, and a second run finds nothing to move', async () => {
    const files = [rowOf('disk', 5), rowOf('disk', 2 * CHUNK_BYTES + 3)].map((row) => ({ row, bytes: randomBytes(row.size) }))
    for (const f of files) await storageOf(f.row).write(storage, f.row, f.bytes)
    const first = await moveAllToDatabase(storage)
    expect(first.moved).toBeGreaterThanOrEqual(2)
    const rows = await database.db
      .select()
      .from(userCommonFile)
      .where(
        inArray(
          userCommonFile.fileId,
          files.map((f) => f.row.fileId),
        ),
      )
    expect(rows.map((r) => r.store)).toEqual(['database', 'database'])
    for (const f of files) {
      const moved = rows.find((r) => r.fileId === f.row.fileId)!
      expect((await read(moved))?.equals(f.bytes)).toBe(true)
      expect(existsSync(path.join(dir, 'files', f.row.storagePath))).toBe(false)
    }
    // the files whose bytes were removed above stay where they are, reported each time
    expect(await moveAllToDatabase(storage)).toEqual({ moved: 0, missing: first.missing })
  })
  it('sweeps the bytes no row will claim once they are a day old — never a file with a row, nor an upload under way', async () => {
    const now = Date.now()
    const old = now - LEFTOVER_AGE_MS - 3600_000
    const idAt = (ms: number) => v7({ msecs: ms })
    // the database store: pieces of a dead upload (old, no row), of one under way (new, no row), of a file
    const dead = idAt(old)
    const underWay = idAt(now - 60_000)
    const kept = storedRow('database', CHUNK_BYTES + 1, idAt(old))
    await storageOf(kept).write(storage, kept, randomBytes(kept.size))
    for (const fileId of [dead, underWay])
      await database.db.insert(fileChunk).values([0, 1].map((seq) => ({ fileId, seq, bytes: randomBytes(8) })))
    // the disk: a finished file without its row, a file with one, a `.part` left by a crash, a new `.part`, a spool
    const month = path.join(dir, 'files', '2026', '11')
    mkdirSync(month, { recursive: true })
    const deadFile = path.join(month, idAt(old))
    writeFileSync(deadFile, 'x')
    const keptFile = storedRow('disk', 1, idAt(old))
    await storageOf(keptFile).write(storage, keptFile, Buffer.from('y'))
    const deadPart = path.join(month, `${idAt(old)}.part`)
    const newPart = path.join(month, `${idAt(now)}.part`)
    mkdirSync(path.join(dir, 'spool'), { recursive: true })
    const deadSpool = path.join(dir, 'spool', `${idAt(old)}.upload`)
    for (const f of [deadPart, newPart, deadSpool]) writeFileSync(f, 'z')
    for (const f of [deadPart, deadSpool]) utimesSync(f, old / 1000, old / 1000)

    expect(await sweepLeftovers(storage, now)).toEqual({ pieces: 2, diskFiles: 3 })
    expect(await pieces(dead)).toBe(0)
    expect(await pieces(underWay)).toBe(2)
    expect((await read(kept))?.length).toBe(kept.size)
    expect(existsSync(deadFile)).toBe(false)
    expect((await read(keptFile))?.toString()).toBe('y')
    expect([existsSync(deadPart), existsSync(newPart), existsSync(deadSpool)]).toEqual([false, true, false])
    // nothing more the next hour
    expect(await sweepLeftovers(storage, now)).toEqual({ pieces: 0, diskFiles: 0 })
  })
})
