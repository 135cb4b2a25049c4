/**
 * The file service (SPEC §7 `userCommonFile`) and the Excel import/export calls, shared by the
 * console and the gateway.
 *
 * Uploads: `POST /api/portal/v1/userCommonFile/upload`, multipart with one `file` part; the
 * purpose goes in the query (`?purpose=avatar`, signed with the path) or as a field before the
 * file. Signed with the body hash `UNSIGNED-PAYLOAD`. The type is decided by the bytes
 * (`sniffKind`), never by the name or the client's MIME; `FILE_RULES` says what each purpose
 * accepts and how large it may be — the console's pre-checks use the same table.
 *
 * `GET /api/portal/v1/userCommonFile/listByIds?fileIds=a,b` answers `FileInfo[]` of the files the
 * caller may see, in the order asked; ids not visible (or unknown) are simply left out.
 * `FileInfo.url` is a short-lived signed URL `/files/<fileId>?exp=<unix>&sig=<hmac>` that an
 * `<img>` or a download link can use without our signature headers.
 */
import { z } from 'zod'
import { V } from '../rules'
import { idList } from './common'

// the paths are in ../endpoints (no zod: the outbox's upload step imports them without the schemas)
export { FILE_PATHS } from '../endpoints'

/** What an upload is for. `report` is written by the gateway only (import failure reports). */
export const FILE_PURPOSES = ['avatar', 'scan', 'photo', 'import', 'report', 'signature'] as const
export type FilePurpose = (typeof FILE_PURPOSES)[number]
export const UPLOAD_PURPOSES = ['avatar', 'scan', 'photo', 'import', 'signature'] as const
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number]

/** File kinds recognised by their content. */
export const FILE_KINDS = {
  jpg: { mime: 'image/jpeg', ext: ['.jpg', '.jpeg'] },
  png: { mime: 'image/png', ext: ['.png'] },
  pdf: { mime: 'application/pdf', ext: ['.pdf'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: ['.xlsx'] },
} as const
export type FileKind = keyof typeof FILE_KINDS

const MB = 1024 * 1024

/** Accepted kinds and the largest size per purpose (SPEC §5: avatar JPG ≤ 2 MB). */
export const FILE_RULES: Record<FilePurpose, { kinds: readonly FileKind[]; maxBytes: number }> = {
  avatar: { kinds: ['jpg'], maxBytes: 2 * MB },
  scan: { kinds: ['jpg', 'png', 'pdf'], maxBytes: 10 * MB },
  photo: { kinds: ['jpg', 'png'], maxBytes: 10 * MB },
  import: { kinds: ['xlsx'], maxBytes: 10 * MB },
  report: { kinds: ['xlsx'], maxBytes: 20 * MB },
  /** A handwritten signature drawn in the personal centre (a PNG from a canvas). */
  signature: { kinds: ['png'], maxBytes: 1 * MB },
}

/** The largest upload of any purpose (the multipart limit). */
export const MAX_UPLOAD_BYTES = Math.max(...UPLOAD_PURPOSES.map((p) => FILE_RULES[p].maxBytes))

/** `accept` attribute of a file input for a purpose: `.jpg,.jpeg,image/jpeg`. */
export function acceptOf(purpose: FilePurpose): string {
  return FILE_RULES[purpose].kinds.flatMap((k) => [...FILE_KINDS[k].ext, FILE_KINDS[k].mime]).join(',')
}

/** `2 MB`, `512 KB`. */
export function formatBytes(n: number): string {
  if (n >= MB) return `${Math.round((n / MB) * 10) / 10} MB`
  if (n >= 1024) return `${Math.round(n / 1024)} KB`
  return `${n} B`
}

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => sig.every((x, i) => b[at + i] === x)

function includesAscii(b: Uint8Array, text: string): boolean {
  const codes = [...text].map((c) => c.charCodeAt(0))
  const first = codes[0]!
  outer: for (let i = b.indexOf(first); i >= 0 && i <= b.length - codes.length; i = b.indexOf(first, i + 1)) {
    for (let j = 1; j < codes.length; j++) if (b[i + j] !== codes[j]) continue outer
    return true
  }
  return false
}

/**
 * The kind of a file from its bytes (magic numbers). For xlsx (a ZIP) the whole file is needed
 * to find `xl/workbook.xml` in its directory; with `headOnly` (the console's pre-check reads the
 * first bytes) any ZIP counts as a candidate.
 */
export function sniffKind(bytes: Uint8Array, headOnly = false): FileKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf' // %PDF-
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) && (headOnly || includesAscii(bytes, 'xl/workbook.xml'))) return 'xlsx'
  return null
}

/** Why a file is refused for a purpose, or null. Texts: `files.refused.<reason>` (console) / `fileRefusal` (gateway). */
export type FileRefusal = { reason: 'empty' } | { reason: 'type'; allowed: readonly FileKind[] } | { reason: 'size'; maxBytes: number }

export function checkFile(purpose: FilePurpose, kind: FileKind | null, size: number): FileRefusal | null {
  const rule = FILE_RULES[purpose]
  if (size === 0) return { reason: 'empty' }
  if (!kind || !rule.kinds.includes(kind)) return { reason: 'type', allowed: rule.kinds }
  if (size > rule.maxBytes) return { reason: 'size', maxBytes: rule.maxBytes }
  return null
}

const kindNames = (kinds: readonly FileKind[]) => kinds.map((k) => k.toUpperCase()).join(' / ')

/** The refusal as text, in both languages (the gateway's 20001 message; the console uses the same wording). */
export function fileRefusalText(r: FileRefusal): { zh: string; en: string } {
  switch (r.reason) {
    case 'empty':
      return { zh: '文件为空', en: 'The file is empty' }
    case 'type':
      return { zh: `仅支持 ${kindNames(r.allowed)} 格式的文件`, en: `Only ${kindNames(r.allowed)} files are accepted` }
    case 'size':
      return { zh: `文件大小不能超过 ${formatBytes(r.maxBytes)}`, en: `The file may be at most ${formatBytes(r.maxBytes)}` }
  }
}

export const uploadQuery = z.object({
  purpose: z.enum(UPLOAD_PURPOSES, { error: V.invalid }).default('photo'),
})

/** `fileIds=a,b` (comma-joined, form encoded), at most 200. */
export const listByIdsQuery = z.object({
  fileIds: idList(200),
})

/** A stored file as answered by upload and listByIds. */
export interface FileInfo {
  fileId: string
  purpose: FilePurpose
  originalName: string
  mime: string
  size: number
  /** Signed, short-lived: `/files/<fileId>?exp=<unix seconds>&sig=<hex>`. */
  url: string
  createTime: string
}

// ---- Excel import / export ---------------------------------------------------

/**
 * The import/export calls of a resource (server: `registerImportExport`):
 *   GET  <base>/<name>/importTemplate   the xlsx template
 *   POST <base>/<name>/import           multipart xlsx (`file`) → ImportStatus
 *   GET  <base>/<name>/importStatus?jobId=… → ImportStatus
 *   GET  <base>/<name>/export?<the list filters>   the xlsx of the filtered list (≤ 50,000 rows)
 */
export const importExportPaths = (resource: string, base = '/api/admin/v1') => ({
  importTemplate: `${base}/${resource}/importTemplate`,
  import: `${base}/${resource}/import`,
  importStatus: `${base}/${resource}/importStatus`,
  export: `${base}/${resource}/export`,
})
export type ImportExportPaths = ReturnType<typeof importExportPaths>

/** Largest export; a larger filtered list is refused with 20021 (narrow the filters). */
export const EXPORT_MAX_ROWS = 50_000
/** Largest import (rows of data). */
export const IMPORT_MAX_ROWS = 50_000

export const importStatusQuery = z.object({ jobId: z.uuid({ error: V.invalid }) })

/** An import job: the POST answers it (done when small enough to finish at once), importStatus polls it. */
export interface ImportStatus {
  jobId: string
  total: number
  processed: number
  succeeded: number
  failed: number
  done: boolean
  /** The failure report (xlsx: the failed rows, an Error column, bad cells marked), when failed > 0 and done. */
  reportFileId: string | null
  /** Set when the whole job failed (e.g. interrupted); rows are then not all processed. */
  error: string | null
}
