/**
 * The file service's storage and URLs. Other modules use:
 *
 *   import { fileUrls, storeFile, visibleFiles } from '../files/store'
 *   const urls = await fileUrls(ctx, [row.frontScanId, row.backScanId], req.auth!)   // Map fileId → FileInfo (visible ones only)
 *   record.frontScanUrl = urls.get(row.frontScanId)?.url ?? null
 *   const file = await storeFile(ctx, { bytes, purpose: 'report', originalName: 'x.xlsx', owner: req.auth! })
 *
 * Bytes live in the store TRESTLE_FILE_STORE names (./storage.ts: the disk, or pieces in the database
 * shared by every gateway); metadata in `user_common_file`. A file belongs to the uploader's organisation: an account sees
 * the files it uploaded and those of the organisations in its widest data scope.
 * URLs are signed (HMAC-SHA256 of `<fileId>.<exp>`, secret in `app_setting`, so every gateway
 * process agrees) and expire after `TRESTLE_FILE_URL_TTL` seconds.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { eq, inArray } from 'drizzle-orm'
import { DATA_SCOPES, type DataScope } from '../../../src/contract/enums'
import { newId } from '../../../src/contract/ids'
import { FILE_KINDS, FILE_PATHS, type FileInfo, type FileKind, type FilePurpose } from '../../../src/contract/schemas/files'
import type { Ctx } from '../../context'
import { appSetting, userCommonFile } from '../../db/schema'
import { sha256Hex } from '../../lib/crypto'
import { activeRoleIds, scopeOrgIds } from '../../lib/permissions'
import type { AuthContext } from '../../types'
import { storageOf, sweepLeftovers, type FileRow, type StorageEnv } from './storage'

export type { FileRow }

/** Who owns a stored file: the signed-in account (its organisation is the file's scope). */
export interface FileOwner {
  account: { accountId: string; organizationId: string | null }
}

const SECRET_KEY = 'file_url_secret'
let secretCache: { db: unknown; secret: Buffer } | null = null

/** The URL signing secret: created once in the database (first process wins), then cached. */
async function urlSecret(ctx: Ctx): Promise<Buffer> {
  if (secretCache && secretCache.db === ctx.db) return secretCache.secret
  await ctx.db
    .insert(appSetting)
    .values({ key: SECRET_KEY, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing()
  const [row] = await ctx.db.select({ value: appSetting.value }).from(appSetting).where(eq(appSetting.key, SECRET_KEY))
  const secret = Buffer.from(row!.value, 'base64')
  secretCache = { db: ctx.db, secret }
  return secret
}

const mac = (secret: Buffer, fileId: string, exp: number) => createHmac('sha256', secret).update(`${fileId}.${exp}`).digest()

/** `/files/<fileId>?exp=<unix>&sig=<hex>`, valid for `TRESTLE_FILE_URL_TTL` seconds. */
export async function signedUrl(ctx: Ctx, fileId: string, now = Date.now()): Promise<string> {
  const exp = Math.floor(now / 1000) + ctx.config.fileUrlTtl
  const sig = mac(await urlSecret(ctx), fileId, exp).toString('hex')
  return `${FILE_PATHS.download}/${encodeURIComponent(fileId)}?exp=${exp}&sig=${sig}`
}

/** 'ok', 'expired' or 'bad'; `remaining` seconds when ok. */
export async function checkSignedUrl(
  ctx: Ctx,
  fileId: string,
  exp: string,
  sig: string,
): Promise<{ state: 'ok' | 'expired' | 'bad'; remaining: number }> {
  const expNum = Number(exp)
  if (!/^\d{1,12}$/.test(exp) || !/^[0-9a-f]{64}$/.test(sig)) return { state: 'bad', remaining: 0 }
  const expected = mac(await urlSecret(ctx), fileId, expNum)
  if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return { state: 'bad', remaining: 0 }
  const remaining = expNum - Math.floor(Date.now() / 1000)
  return remaining > 0 ? { state: 'ok', remaining } : { state: 'expired', remaining: 0 }
}

/**
 * A file name safe to show and to send in Content-Disposition: no path, no control characters,
 * ≤ 120 characters, and the extension of the file's kind (the bytes decide: `x.html` holding a PNG
 * is `x.png`; `photo.JPEG` stays as it is).
 */
export function sanitiseName(name: string | undefined, kind: FileKind | null): string {
  let base = (name ?? '').split(/[\\/]/).pop() ?? ''
  base = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/^\.+/, '')
    .trim()
  base = withKindExtension(base || 'file', kind)
  if (base.length > 120) {
    const dot = base.lastIndexOf('.')
    const ext = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : ''
    base = base.slice(0, 120 - ext.length) + ext
  }
  return base
}

function withKindExtension(name: string, kind: FileKind | null): string {
  if (!kind) return name
  const extensions: readonly string[] = FILE_KINDS[kind].ext
  const dot = name.lastIndexOf('.')
  if (dot > 0 && extensions.includes(name.slice(dot).toLowerCase())) return name
  const stem = dot > 0 && name.length - dot <= 10 ? name.slice(0, dot) : name
  return stem + extensions[0]
}

/** The kind of a stored file, from the type it was stored with. */
export const kindOfMime = (mime: string): FileKind | null =>
  (Object.keys(FILE_KINDS) as FileKind[]).find((k) => FILE_KINDS[k].mime === mime) ?? null

export interface StoreInput {
  bytes: Buffer
  purpose: FilePurpose
  kind: FileKind
  originalName: string
  owner: FileOwner
}

const storageEnv = (ctx: Ctx): StorageEnv => ({ db: ctx.db, dataDir: ctx.config.dataDir, s3: ctx.config.s3, log: ctx.log })

/** A new row for the configured store (size and SHA-256 as given). */
function newRow(ctx: Ctx, input: Omit<StoreInput, 'bytes'>, size: number, sha256: string): FileRow {
  const fileId = newId()
  const now = new Date()
  return {
    fileId,
    purpose: input.purpose,
    originalName: sanitiseName(input.originalName, input.kind),
    mime: FILE_KINDS[input.kind].mime,
    size,
    sha256,
    storagePath: path.posix.join(String(now.getUTCFullYear()), String(now.getUTCMonth() + 1).padStart(2, '0'), fileId),
    store: ctx.config.fileStore,
    organizationId: input.owner.account.organizationId,
    createBy: input.owner.account.accountId,
    createTime: now,
  }
}

/** Writes the bytes into the configured store and the metadata row. */
export async function storeFile(ctx: Ctx, input: StoreInput): Promise<FileRow> {
  const row = newRow(ctx, input, input.bytes.length, sha256Hex(input.bytes))
  await storageOf(row).write(storageEnv(ctx), row, input.bytes)
  return row
}

/**
 * A streamed file, part one: its bytes into the configured store as they arrive (never whole in
 * memory), measured on the way; nothing is left when `source` fails (e.g. cut off at the size
 * limit). Until `recordStreamedFile` writes its row the file does not exist for anyone.
 */
export async function streamFile(ctx: Ctx, input: Omit<StoreInput, 'bytes'>, source: AsyncIterable<Buffer>): Promise<FileRow> {
  const row = newRow(ctx, input, 0, '')
  const measured = await storageOf(row).writeStream(storageEnv(ctx), row, source)
  return { ...row, ...measured }
}

/** Part two: the row (inside the caller's transaction, if any), which makes the streamed bytes a file. */
export async function recordStreamedFile(ctx: Ctx, row: FileRow): Promise<void> {
  await ctx.db.insert(userCommonFile).values(row)
}

/** Takes back a streamed file's bytes whose row was never written (best effort: a leftover is only space). */
export async function discardStreamedFile(ctx: Ctx, row: FileRow): Promise<void> {
  await storageOf(row)
    .remove(storageEnv(ctx), row)
    .catch(() => undefined)
}

/** Takes away the bytes no row will ever claim (storage.ts sweepLeftovers). */
export const sweepStoredLeftovers = (ctx: Ctx) => sweepLeftovers(storageEnv(ctx))

/** The stored bytes as a stream, from whichever store holds them; null when they are gone. */
export const openStoredFile = (ctx: Ctx, row: FileRow): Promise<Readable | null> => storageOf(row).open(storageEnv(ctx), row)

export async function fileRow(ctx: Ctx, fileId: string): Promise<FileRow | null> {
  const [row] = await ctx.db.select().from(userCommonFile).where(eq(userCommonFile.fileId, fileId))
  return row ?? null
}

/** The widest data scope of the account's active roles (files are not tied to one menu). */
async function widestScope(ctx: Ctx, accountId: string): Promise<DataScope> {
  const roles = await activeRoleIds(ctx, accountId)
  let best = -1
  for (const r of roles) best = Math.max(best, DATA_SCOPES.indexOf(r.dataScope as DataScope))
  return DATA_SCOPES[Math.max(0, best)] ?? 'own'
}

/** The rows of `fileIds` the account may see (own uploads, or of an organisation in its scope). */
export async function visibleFiles(ctx: Ctx, fileIds: string[], auth: Pick<AuthContext, 'account' | 'grant'>): Promise<FileRow[]> {
  const ids = [...new Set(fileIds.filter((id): id is string => typeof id === 'string' && id.length > 0))]
  if (ids.length === 0) return []
  const rows = await ctx.db.select().from(userCommonFile).where(inArray(userCommonFile.fileId, ids))
  if (rows.length === 0) return []
  const scope = auth.grant?.scope ?? (await widestScope(ctx, auth.account.accountId))
  const orgs = await scopeOrgIds(ctx, auth.account, scope)
  const allowed = orgs === null ? null : new Set(orgs)
  return rows.filter(
    (r) => r.createBy === auth.account.accountId || allowed === null || (r.organizationId !== null && allowed.has(r.organizationId)),
  )
}

export async function fileInfo(ctx: Ctx, row: FileRow): Promise<FileInfo> {
  return {
    fileId: row.fileId,
    purpose: row.purpose as FilePurpose,
    originalName: row.originalName,
    mime: row.mime,
    size: row.size,
    sha256: row.sha256,
    url: await signedUrl(ctx, row.fileId),
    createTime: row.createTime.toISOString(),
  }
}

/**
 * For other modules: the visible files among `fileIds` (nulls and duplicates ignored) with fresh
 * signed URLs, keyed by fileId. Call it outside transactions (it reads with ctx.db).
 */
export async function fileUrls(
  ctx: Ctx,
  fileIds: (string | null | undefined)[],
  auth: Pick<AuthContext, 'account' | 'grant'>,
): Promise<Map<string, FileInfo>> {
  const rows = await visibleFiles(
    ctx,
    fileIds.filter((x): x is string => !!x),
    auth,
  )
  const out = new Map<string, FileInfo>()
  for (const r of rows) out.set(r.fileId, await fileInfo(ctx, r))
  return out
}
