/**
 * The two file stores (server/modules/files/storage.ts) on both databases: bytes written to either come
 * back the same at every size around the piece boundary, the database store keeps them in pieces, and
 * the move from the disk into the database (`npm run files:to-database`) copies each file once, flips
 * its row and leaves nothing behind on the disk — again and again without harm.
 */
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { loadConfig } from '../../server/config'
import { openDatabase, type Database } from '../../server/db/client'
import { fileChunk, userCommonFile } from '../../server/db/schema'
import { CHUNK_BYTES, moveAllToDatabase, storageOf, type FileRow, type StorageEnv } from '../../server/modules/files/storage'
import { storedRow } from './files-fixtures'

const pgUrl = inject('pgUrl')
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
})
