/**
 * The file service (SPEC §7 `userCommonFile`):
 *   POST /api/portal/v1/userCommonFile/upload?purpose=…   multipart, one `file` part, body hash UNSIGNED-PAYLOAD → FileInfo
 *   GET  /api/portal/v1/userCommonFile/listByIds?fileIds=a,b                     → FileInfo[] (visible ones, in the order asked)
 *   GET  /files/<fileId>?exp=…&sig=…   the bytes (no headers needed: <img src>, links); bad or expired → 403 envelope
 *
 * An upload is checked by its whole content (./inspect.ts): a PNG or JPEG must parse to its end, a PDF
 * may not carry scripts. Only those images are served inline (as image/png, image/jpeg); every other
 * file is an attachment. Always `nosniff`, the type the gateway detected (never the client's), a name
 * with that type's extension, and a sandboxing CSP in case a browser renders the bytes anyway.
 *
 * `receiveUpload(req, purposeOf)` is exported for other multipart endpoints (e.g. Excel imports).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Code } from '../../../src/contract/codes'
import {
  checkFile,
  FILE_PATHS,
  FILE_RULES,
  fileRefusalText,
  fileRules,
  listByIdsQuery,
  SNIFF_HEAD_BYTES,
  sniffKind,
  UPLOAD_PURPOSES,
  uploadQuery,
  type FileKind,
  type FileLimits,
  type FilePurpose,
} from '../../../src/contract/schemas/files'
import { V } from '../../../src/contract/rules'
import type { Ctx } from '../../context'
import { ApiError, ok, parse, requestLang, type Text } from '../../lib/http'
import { answerInTransaction } from '../../plugins/idempotency'
import { CSP } from '../../plugins/security-headers'
import { IMAGE_KINDS, inspectFile } from './inspect'
import {
  checkSignedUrl,
  discardStreamedFile,
  fileInfo,
  fileRow,
  kindOfMime,
  openStoredFile,
  recordStreamedFile,
  sanitiseName,
  storeFile,
  streamFile,
  sweepStoredLeftovers,
  visibleFiles,
} from './store'
import texts from './texts.json'

export interface ReceivedFile {
  bytes: Buffer
  kind: FileKind
  filename: string
  fields: Record<string, string>
}

/** A file of a streamed purpose, as the sink got it: its bytes arrive through `source`. */
export interface IncomingFile {
  purpose: FilePurpose
  kind: FileKind
  filename: string
  /** The bytes, cut off (failing with the size refusal) past the purpose's limit. */
  source: AsyncIterable<Buffer>
}

type Rules = ReturnType<typeof fileRules>

const invalidFile = (req: FastifyRequest, text: Text, field = 'file') =>
  new ApiError(Code.INVALID, [{ field, key: V.invalid, message: text[requestLang(req)] }], text)

/** Reads the rest of the request's body into nothing (no longer into the multipart parser). */
async function drainRequest(req: FastifyRequest): Promise<void> {
  const raw = req.raw
  if (raw.readableEnded || raw.destroyed) return
  raw.unpipe()
  await new Promise<void>((resolve) => {
    raw.once('end', resolve)
    raw.once('close', resolve)
    raw.once('error', () => resolve())
    raw.resume()
  })
}

/** The first `want` bytes of `it` (fewer at its end), and the parts read past them. */
async function readHead(it: AsyncIterator<Buffer>, want: number): Promise<Buffer> {
  const parts: Buffer[] = []
  let size = 0
  while (size < want) {
    const next = await it.next()
    if (next.done) break
    parts.push(next.value)
    size += next.value.length
  }
  return Buffer.concat(parts)
}

/**
 * Reads the one `file` part of a multipart request (fields before it are collected) and checks it
 * by content against the purpose's rules (`purposeOf(fields)`): 20001 with a clear message otherwise.
 * A streamed purpose (FILE_RULES: the installer packages) is handed to `sink` while it arrives, its
 * kind decided by its first bytes (and the name's extension among the ZIP-based kinds); the sink's
 * answer is `streamed`. Other purposes are read whole (they are small) into `file`.
 */
export async function receiveUpload(
  req: FastifyRequest,
  purposeOf: (fields: Record<string, string>) => FilePurpose,
): Promise<ReceivedFile> {
  const got = await readUpload<never>(req, purposeOf, FILE_RULES)
  return got.file!
}

async function readUpload<T>(
  req: FastifyRequest,
  purposeOf: (fields: Record<string, string>) => FilePurpose,
  rules: Rules,
  sink?: (file: IncomingFile) => Promise<T>,
): Promise<{ file?: ReceivedFile; streamed?: T; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw invalidFile(req, texts.routes.notMultipart)
  const fields: Record<string, string> = {}
  const sizeRefusal = (purpose: FilePurpose) => invalidFile(req, fileRefusalText({ reason: 'size', maxBytes: rules[purpose].maxBytes }))
  const largest = Math.max(...UPLOAD_PURPOSES.filter((p) => sink || !rules[p].streamed).map((p) => rules[p].maxBytes))
  let got: { chunks: Buffer[]; size: number; filename: string; purpose: FilePurpose } | null = null
  let streamed: { answer: T } | null = null
  try {
    for await (const part of req.parts({ limits: { fileSize: largest + 1, files: 1, fields: 10, fieldSize: 1000, parts: 12 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value)
        continue
      }
      if (part.fieldname !== 'file' || got || streamed) {
        part.file.resume()
        continue
      }
      const purpose = purposeOf(fields)
      const limit = rules[purpose].maxBytes
      if (rules[purpose].streamed && sink) {
        const it = (part.file as AsyncIterable<Buffer>)[Symbol.asyncIterator]()
        const head = await readHead(it, SNIFF_HEAD_BYTES)
        const kind = sniffKind(head, true, part.filename)
        const refusal = checkFile(purpose, kind, head.length)
        if (refusal) throw invalidFile(req, fileRefusalText(refusal))
        async function* source(): AsyncGenerator<Buffer> {
          let size = head.length
          if (size > limit) throw sizeRefusal(purpose)
          yield head
          for (let next = await it.next(); !next.done; next = await it.next()) {
            size += next.value.length
            // cut off here: nothing past the limit is stored (the sink takes back what it wrote)
            if (size > limit) throw sizeRefusal(purpose)
            yield next.value
          }
        }
        streamed = { answer: await sink({ purpose, kind: kind!, filename: part.filename, source: source() }) }
        continue
      }
      const entry = { chunks: [] as Buffer[], size: 0, filename: part.filename, purpose }
      got = entry
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        entry.size += chunk.length
        // Keep the head (for the type) and everything up to the limit; past it only count.
        if (entry.size <= limit + 1 || entry.chunks.length === 0) entry.chunks.push(chunk)
      }
    }
  } catch (err) {
    // a file refused while it arrives (its kind, past its size): the rest is read and dropped, so the
    // client, still sending, gets the answer rather than a connection that stalls
    await drainRequest(req)
    // A refusal of the fields read so far (an unknown purpose…) is the answer as it stands.
    if (err instanceof ApiError) throw err
    const code = String((err as { code?: unknown }).code ?? '')
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw sizeRefusal(got?.purpose ?? purposeOf(fields))
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw invalidFile(req, texts.routes.notMultipart)
    // Nothing here but reading the request: whatever else fails is the request's own (a body cut
    // short, a boundary that is missing or does not match, too many parts) — 20001, never a fault.
    req.log.debug({ code, msg: (err as Error).message }, 'malformed multipart')
    throw invalidFile(req, code.startsWith('FST_') ? texts.routes.notMultipart : texts.routes.brokenMultipart)
  }
  if (streamed) return { streamed: streamed.answer, fields }
  if (!got)
    throw new ApiError(
      Code.INVALID,
      [{ field: 'file', key: V.required, message: texts.routes.noFile[requestLang(req)] }],
      texts.routes.noFile,
    )
  const bytes = Buffer.concat(got.chunks)
  const oversize = got.size > rules[got.purpose].maxBytes
  const kind = sniffKind(bytes, oversize)
  const refusal = checkFile(got.purpose, kind, got.size, rules)
  if (refusal) throw invalidFile(req, fileRefusalText(refusal))
  if (rules[got.purpose].streamed) throw invalidFile(req, fileRefusalText({ reason: 'type', allowed: [] }))
  const damaged = await inspectFile(kind!, bytes)
  if (damaged) throw invalidFile(req, damaged)
  return { file: { bytes, kind: kind!, filename: got.filename, fields }, fields }
}

/** `inline; filename="ascii"; filename*=UTF-8''…` (RFC 6266 / 5987: the name in any language, an ASCII fallback). */
export function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/** The hourly sweep of bytes no row will claim (./storage.ts sweepLeftovers), on any gateway with a runner. */
const SWEEP_JOB = 'files.sweep'

export function registerFileRoutes(app: FastifyInstance, ctx: Ctx): void {
  ctx.jobs.every(SWEEP_JOB, 3600, async () => {
    const swept = await sweepStoredLeftovers(ctx)
    if (swept.pieces + swept.diskFiles > 0) ctx.log.info(swept, 'files: leftovers swept')
  })
  // No transaction is held while the upload streams in; once the bytes are here, storing them and
  // the Idempotency-Key's answer are one (a replay after a crash gets the first file, never a second).
  app.post(FILE_PATHS.upload, { config: { auth: 'signed', ownTransactions: true } }, async (req, reply) => {
    const auth = req.auth!
    if (auth.account.level === 'tourist') throw new ApiError(Code.FORBIDDEN)
    const query = parse(uploadQuery, req.query, req)
    const purposeOf = (fields: Record<string, string>) =>
      fields.purpose ? parse(uploadQuery, { purpose: fields.purpose }, req).purpose : query.purpose
    // a streamed purpose (an installer package): its bytes are in the store once this returns, its row not yet
    const got = await readUpload(req, purposeOf, fileRules(ctx.config.packageMaxBytes), (file) =>
      streamFile(ctx, { purpose: file.purpose, kind: file.kind, originalName: file.filename, owner: auth }, file.source),
    )
    if (got.streamed) {
      const row = got.streamed
      let recorded = false
      try {
        return await answerInTransaction(ctx, req, reply, async () => {
          await recordStreamedFile(ctx, row)
          recorded = true
          return ok(req, await fileInfo(ctx, row))
        })
      } finally {
        // refused or rolled back: no row names the bytes, so they go
        if (!recorded || !(await fileRow(ctx, row.fileId))) await discardStreamedFile(ctx, row)
      }
    }
    const file = got.file!
    const purpose = purposeOf(file.fields)
    return answerInTransaction(ctx, req, reply, async () => {
      const row = await storeFile(ctx, { bytes: file.bytes, purpose, kind: file.kind, originalName: file.filename, owner: auth })
      return ok(req, await fileInfo(ctx, row))
    })
  })

  // what an upload box says and checks before sending: the configured package size, not the default
  app.get(FILE_PATHS.limits, { config: { auth: 'signed' } }, async (req) => {
    const rules = fileRules(ctx.config.packageMaxBytes)
    return ok<FileLimits>(req, Object.fromEntries(Object.entries(rules).map(([purpose, r]) => [purpose, r.maxBytes])) as FileLimits)
  })

  app.get(FILE_PATHS.listByIds, { config: { auth: 'signed' } }, async (req) => {
    const { fileIds } = parse(listByIdsQuery, req.query, req)
    const rows = await visibleFiles(ctx, fileIds, req.auth!)
    const byId = new Map(rows.map((r) => [r.fileId, r]))
    const ordered = [...new Set(fileIds)].map((id) => byId.get(id)).filter((r) => r !== undefined)
    return ok(req, await Promise.all(ordered.map((r) => fileInfo(ctx, r))))
  })

  app.get<{ Params: { fileId: string }; Querystring: { exp?: string; sig?: string } }>(
    `${FILE_PATHS.download}/:fileId`,
    {
      // after the global security headers: nothing in a stored file runs with the console's origin
      onSend: async (_req, reply, payload) => {
        reply.header('Content-Security-Policy', `${CSP}; sandbox`)
        return payload
      },
    },
    async (req, reply) => {
      const { fileId } = req.params
      const check = await checkSignedUrl(ctx, fileId, String(req.query.exp ?? ''), String(req.query.sig ?? ''))
      if (check.state !== 'ok')
        throw new ApiError(Code.FORBIDDEN, null, check.state === 'expired' ? texts.routes.expired : texts.routes.notSigned, 403)
      const row = await fileRow(ctx, fileId)
      if (!row) throw new ApiError(Code.NOT_FOUND, null, undefined, 404)
      const bytes = await openStoredFile(ctx, row)
      if (!bytes) throw new ApiError(Code.NOT_FOUND, null, undefined, 404)
      const kind = kindOfMime(row.mime)
      const inline = kind !== null && IMAGE_KINDS.includes(kind)
      return (
        reply
          .header('Content-Type', kind ? row.mime : 'application/octet-stream')
          .header('Content-Length', String(row.size))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Disposition', disposition(inline ? 'inline' : 'attachment', sanitiseName(row.originalName, kind)))
          .header('Cache-Control', `private, max-age=${check.remaining}`)
          .header('ETag', `"${row.sha256}"`)
          // the checksum a client compares what it saved with (hex; RFC 9530's Repr-Digest in base64)
          .header('X-Checksum-Sha256', row.sha256)
          .header('Repr-Digest', `sha-256=:${Buffer.from(row.sha256, 'hex').toString('base64')}:`)
          .send(bytes)
      )
    },
  )
}
