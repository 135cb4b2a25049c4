/**
 * The S3 file store (issue 31; server/modules/files/storage.ts) against a real S3-compatible server,
 * s3rver, run in this process: a gateway with TRESTLE_FILE_STORE=s3 stores an upload as one object keyed
 * by the row's storagePath, serves it back through the signed download URL, answers 404 once the object
 * is gone, takes the object back when its row cannot be written, and answers an upload the bucket
 * refuses (a revoked access key) with a clear refusal — never a fault.
 * s3rver checks the access key id but not the SigV4 signature itself (its V4 support is partial).
 */
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { S3Config } from '../../server/config'
import type { Db } from '../../server/db/client'
import { loadConfig } from '../../server/config'
import { openDatabase, type Database } from '../../server/db/client'
import { fileChunk, userCommonFile } from '../../server/db/schema'
import { CHUNK_BYTES, moveAll, storageOf, type FileRow, type StorageEnv } from '../../server/modules/files/storage'
import { startGateway, type Gateway } from '../support/gateway'
import { noisyPng, packageBytes, storedRow, upload } from './files-fixtures'
import { signedIn, sleep } from './helpers'

// s3rver ships no types: the little used here
interface S3rverServer {
  run(): Promise<{ port: number }>
  close(): Promise<void>
}
type S3rverCtor = new (options: {
  address: string
  port: number
  silent: boolean
  directory: string
  configureBuckets: { name: string }[]
}) => S3rverServer
interface AwsAccount {
  createKeyPair(accessKeyId: string, secretAccessKey: string): void
  revokeAccessKey(accessKeyId: string): void
}
const require = createRequire(import.meta.url)
const S3rver = require('s3rver') as S3rverCtor
const AWSAccount = require('s3rver/lib/models/account') as new (id: number, name: string) => AwsAccount

const BUCKET = 'trestle-files'
const KEY_ID = `TRESTLE${randomBytes(4).toString('hex').toUpperCase()}`
const SECRET = randomBytes(20).toString('base64')

/** Every object file under s3rver's directory (`<bucket>/<key>._S3rver_object`), as `<bucket>/<key>`. */
function objects(dir: string): string[] {
  const found: string[] = []
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const next = rel ? `${rel}/${entry.name}` : entry.name
      if (entry.isDirectory()) walk(next)
      else if (next.endsWith('._S3rver_object')) found.push(next.slice(0, -'._S3rver_object'.length))
    }
  }
  walk('')
  return found
}

describe('the S3 file store', () => {
  let server: S3rverServer
  let dir: string
  let s3: S3Config
  let gw: Gateway
  /** The gateway's data directory (where a streamed upload is spooled before its PUT). */
  let gwDir: string
  const account = new AWSAccount(210987654321, 'trestle-test')

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'trestle-s3rver-'))
    account.createKeyPair(KEY_ID, SECRET)
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] })
    const { port } = await server.run()
    s3 = {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: BUCKET,
      region: 'us-east-1',
      accessKeyId: KEY_ID,
      secretAccessKey: SECRET,
      forcePathStyle: true,
    }
    gwDir = mkdtempSync(path.join(tmpdir(), 'trestle-s3-gateway-'))
    gw = await startGateway(
      's3',
      {
        TRESTLE_FILE_STORE: 's3',
        TRESTLE_S3_ENDPOINT: s3.endpoint,
        TRESTLE_S3_BUCKET: BUCKET,
        TRESTLE_S3_ACCESS_KEY_ID: KEY_ID,
        TRESTLE_S3_SECRET_ACCESS_KEY: SECRET,
      },
      gwDir,
    )
  })
  afterAll(async () => {
    await gw?.stop()
    if (gwDir) rmSync(gwDir, { recursive: true, force: true })
    await server?.close().catch(() => undefined)
    account.revokeAccessKey(KEY_ID)
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  /** Only remove() and open() of the s3 store run here: they touch the bucket, not the database. */
  const bucketOnly = (): StorageEnv => ({ db: null as unknown as Db, dataDir: dir, s3 })
  const rowOf = (fileId: string, size: number) => storedRow('s3', size, fileId)

  it('stores an upload as one object and serves it back through the signed URL; gone from the bucket, it is a 404', async () => {
    const admin = await signedIn(gw)
    const bytes = noisyPng(600, 400) // ~720 KB
    const up = await upload(admin, 'photo', '工点.png', 'image/png', bytes)
    expect(up.body.code, up.text).toBe(10000)
    const file = up.body.data!
    expect(file.size).toBe(bytes.length)

    // one object, keyed `<yyyy>/<mm>/<fileId>` like the disk store's path; nothing on the gateway's disk
    const keys = objects(dir).filter((k) => k.includes(file.fileId))
    expect(keys).toHaveLength(1)
    expect(keys[0]).toMatch(new RegExp(`^${BUCKET}/\\d{4}/\\d{2}/${file.fileId}$`))

    const got = await fetch(new URL(file.url, gw.url))
    expect(got.status).toBe(200)
    expect(got.headers.get('content-type')).toBe('image/png')
    expect(got.headers.get('content-length')).toBe(String(bytes.length))
    // read as a stream, piece by piece
    const parts: Buffer[] = []
    const reader = got.body!.getReader()
    for (let part = await reader.read(); !part.done; part = await reader.read()) parts.push(Buffer.from(part.value))
    expect(parts.length).toBeGreaterThan(1)
    expect(Buffer.concat(parts).equals(bytes)).toBe(true)

    const row = rowOf(file.fileId, bytes.length)
    row.storagePath = keys[0]!.slice(BUCKET.length + 1)
    await storageOf(row).remove(bucketOnly(), row)
    expect(objects(dir).filter((k) => k.includes(file.fileId))).toEqual([])
    expect(await storageOf(row).open(bucketOnly(), row)).toBeNull()
    const gone = await fetch(new URL(file.url, gw.url))
    expect(gone.status).toBe(404)
    expect((await gone.json()).code).toBe(20002)
  })

  it('streams a package into one object (spooled, then PUT with its length and SHA-256), the spool gone after', async () => {
    const admin = await signedIn(gw)
    const bytes = packageBytes(CHUNK_BYTES * 3 + 99)
    const up = await upload(admin, 'package', 'client.ipa', 'application/octet-stream', bytes)
    expect(up.body.code, up.text).toBe(10000)
    const sha = createHash('sha256').update(bytes).digest('hex')
    expect(up.body.data).toMatchObject({ mime: 'application/x-ios-app', size: bytes.length, sha256: sha })
    expect(objects(dir).filter((k) => k.includes(up.body.data.fileId))).toHaveLength(1)
    const got = await fetch(new URL(up.body.data.url, gw.url))
    expect(got.headers.get('x-checksum-sha256')).toBe(sha)
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true)
    expect(readdirSync(path.join(gwDir, 'spool'))).toEqual([])
  })

  it('takes the object back when the metadata row cannot be written', async () => {
    const failing = {
      insert: () => ({
        values: () => Promise.reject(new Error('insert failed')),
      }),
    } as unknown as Db
    const row = rowOf(`t${randomBytes(8).toString('hex')}`, 1000)
    await expect(storageOf(row).write({ db: failing, dataDir: dir, s3 }, row, randomBytes(1000))).rejects.toThrow('insert failed')
    expect(objects(dir).filter((k) => k.includes(row.fileId))).toEqual([])
  })

  it('moves the files of the disk and of the database into the bucket (`files:to-database -- --to s3`) and back, once each', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'trestle-s3-move-'))
    let database: Database | undefined
    try {
      database = await openDatabase(loadConfig({ TRESTLE_DATA_DIR: dataDir }))
      await database.withStartupLock(() => database!.migrate())
      const env: StorageEnv = { db: database.db, dataDir, s3 }
      const files = [
        { store: 'disk', size: 5 },
        { store: 'disk', size: 2 * CHUNK_BYTES + 3 },
        { store: 'database', size: 0 },
        { store: 'database', size: CHUNK_BYTES + 1 },
      ].map(({ store, size }) => {
        const bytes = randomBytes(size)
        const row = {
          ...rowOf(`t${randomBytes(8).toString('hex')}`, size),
          store,
          sha256: createHash('sha256').update(bytes).digest('hex'),
        }
        return { row, bytes }
      })
      for (const f of files) await storageOf(f.row).write(env, f.row, f.bytes)
      const ids = files.map((f) => f.row.fileId)
      const rows = () =>
        database!.db.select().from(userCommonFile).where(inArray(userCommonFile.fileId, ids)).orderBy(userCommonFile.fileId)
      const read = async (row: FileRow) => {
        const parts: Buffer[] = []
        for await (const part of (await storageOf(row).open(env, row))!) parts.push(part as Buffer)
        return Buffer.concat(parts)
      }
      const pieces = async () =>
        (
          await database!.db
            .select({ n: sql<number>`count(*)::int` })
            .from(fileChunk)
            .where(inArray(fileChunk.fileId, ids))
        )[0]!.n
      const check = async () => {
        for (const row of await rows()) expect((await read(row)).equals(files.find((f) => f.row.fileId === row.fileId)!.bytes)).toBe(true)
      }

      expect(await moveAll(env, 's3')).toEqual({ moved: 4, missing: [] })
      expect((await rows()).map((r) => r.store)).toEqual(['s3', 's3', 's3', 's3'])
      await check()
      expect(objects(dir).filter((k) => ids.some((id) => k.endsWith(id)))).toHaveLength(4)
      for (const f of files) expect(existsSync(path.join(dataDir, 'files', f.row.storagePath))).toBe(false)
      expect(await pieces()).toBe(0)
      expect(await moveAll(env, 's3')).toEqual({ moved: 0, missing: [] })

      expect(await moveAll(env, 'database')).toEqual({ moved: 4, missing: [] })
      expect((await rows()).map((r) => r.store)).toEqual(['database', 'database', 'database', 'database'])
      await check()
      expect(objects(dir).filter((k) => ids.some((id) => k.endsWith(id)))).toEqual([])
      expect(await pieces()).toBe(files.reduce((n, f) => n + Math.ceil(f.row.size / CHUNK_BYTES), 0))
    } finally {
      await database?.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('answers an upload the bucket refuses (a revoked key) with a clear refusal, and logs why', async () => {
    const admin = await signedIn(gw)
    account.revokeAccessKey(KEY_ID)
    try {
      const up = await upload(admin, 'photo', 'refused.png', 'image/png', noisyPng(20, 20))
      expect(up.status).toBe(200)
      expect(up.body.code, up.text).toBe(20021)
      expect(up.body.message).toMatch(/文件存储服务暂不可用/)
      expect(up.text).not.toMatch(/InvalidAccessKeyId|stack|at .*\.ts/)
      // the reason is in the gateway's log (written a moment later)
      const logged = /S3 store: PUT \S+ answered 403 InvalidAccessKeyId/
      for (let i = 0; i < 50 && !logged.test(readFileSync(gw.log, 'utf8')); i++) await sleep(100)
      expect(readFileSync(gw.log, 'utf8')).toMatch(logged)
    } finally {
      account.createKeyPair(KEY_ID, SECRET)
    }
  })
})
