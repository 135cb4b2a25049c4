/**
 * File references in records (staff avatars and photos, qualification scans…): a file id must be
 * a file the caller may see, uploaded for an accepted purpose (the avatar: purpose `avatar`, which
 * the file service only accepts as a JPG of at most 2 MB; photos: `photo` or `scan`; scans: `scan`).
 * Answers get signed URLs (and, when asked, the files' types) through the file service.
 */
import type { FastifyRequest } from 'fastify'
import { Code } from '../../../src/contract/codes'
import { V } from '../../../src/contract/rules'
import { FILE_RULES, fileRefusalText, type FilePurpose } from '../../../src/contract/schemas/files'
import type { Ctx } from '../../context'
import { ApiError, requestLang } from '../../lib/http'
import type { AuthContext } from '../../types'
import { fileUrls, visibleFiles } from './store'

type Row = Record<string, unknown>

export interface FileRef {
  /** Field (dotted path, e.g. `items.0.frontPhotoFileId`). */
  field: string
  fileId: string | null | undefined
  purposes: readonly FilePurpose[]
}

/** 20001 on every reference that is not a visible file of an accepted purpose. Outside transactions. */
export async function requireFiles(ctx: Ctx, req: FastifyRequest, auth: AuthContext, refs: FileRef[]): Promise<void> {
  const wanted = refs.filter((r) => !!r.fileId)
  if (wanted.length === 0) return
  const rows = new Map(
    (
      await visibleFiles(
        ctx,
        wanted.map((r) => r.fileId!),
        auth,
      )
    ).map((f) => [f.fileId, f]),
  )
  const lang = requestLang(req)
  const errors = wanted
    .filter((r) => !r.purposes.includes(rows.get(r.fileId!)?.purpose as FilePurpose))
    .map((r) => {
      const kinds = [...new Set(r.purposes.flatMap((p) => FILE_RULES[p].kinds))]
      const size = Math.max(...r.purposes.map((p) => FILE_RULES[p].maxBytes))
      const type = fileRefusalText({ reason: 'type', allowed: kinds })
      const max = fileRefusalText({ reason: 'size', maxBytes: size })
      const text = rows.has(r.fileId!)
        ? { zh: `${type.zh}，${max.zh}`, en: `${type.en}; ${max.en.charAt(0).toLowerCase()}${max.en.slice(1)}` }
        : { zh: '文件不存在或无权使用', en: 'The file does not exist or is not yours to use' }
      return { field: r.field, key: V.invalid, message: text[lang] }
    })
  if (errors.length) throw new ApiError(Code.INVALID, errors)
}

/**
 * Adds `<name>Url` for every `<name>FileId` field of the rows (visible files only, else null) —
 * and `<name>Mime` with `{ mime: true }` (a scan may be an image or a PDF), `<name>File` (the whole
 * FileInfo: name, size, SHA-256) with `{ info: true }`. Outside transactions.
 */
export async function withFileUrls(
  ctx: Ctx,
  auth: AuthContext,
  rows: Row[],
  fields: readonly string[],
  opts: { mime?: boolean; info?: boolean } = {},
): Promise<Row[]> {
  if (fields.length === 0 || rows.length === 0) return rows
  const urls = await fileUrls(
    ctx,
    rows.flatMap((r) => fields.map((f) => r[f] as string | null)),
    auth,
  )
  return rows.map((r) => {
    const out: Row = { ...r }
    for (const f of fields) {
      const file = r[f] ? urls.get(r[f] as string) : undefined
      out[f.replace(/FileId$/, 'Url')] = file?.url ?? null
      if (opts.mime) out[f.replace(/FileId$/, 'Mime')] = file?.mime ?? null
      if (opts.info) out[f.replace(/FileId$/, 'File')] = file ?? null
    }
    return out
  })
}

export const AVATAR: readonly FilePurpose[] = ['avatar']
export const PHOTO: readonly FilePurpose[] = ['photo', 'scan']
export const SCAN: readonly FilePurpose[] = ['scan']
/** An installer package (an application version's attachment). */
export const PACKAGE: readonly FilePurpose[] = ['package']
