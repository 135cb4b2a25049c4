/**
 * The file service (SPEC §7 `userCommonFile`) and the Excel import/export calls, shared by the
 * console and the gateway. No zod here (a list screen showing photos starts without it): the
 * call's query schemas are in ./schemas/files, which re-exports this module.
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
// the paths are in ./endpoints (no zod: the outbox's upload step imports them without the schemas)
export { FILE_PATHS } from './endpoints'

/** What an upload is for. `report` is written by the gateway only (import failure reports). */
export const FILE_PURPOSES = ['avatar', 'scan', 'photo', 'import', 'report', 'signature', 'package'] as const
export type FilePurpose = (typeof FILE_PURPOSES)[number]
export const UPLOAD_PURPOSES = ['avatar', 'scan', 'photo', 'import', 'signature', 'package'] as const
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number]

/** File kinds recognised by their content. */
export const FILE_KINDS = {
  jpg: { mime: 'image/jpeg', ext: ['.jpg', '.jpeg'] },
  png: { mime: 'image/png', ext: ['.png'] },
  pdf: { mime: 'application/pdf', ext: ['.pdf'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: ['.xlsx'] },
  // installer packages (purpose `package`): ZIP-based ones are told apart by the name's extension
  apk: { mime: 'application/vnd.android.package-archive', ext: ['.apk'] },
  aab: { mime: 'application/x-android-app-bundle', ext: ['.aab'] },
  hap: { mime: 'application/x-harmonyos-hap', ext: ['.hap'] },
  ipa: { mime: 'application/x-ios-app', ext: ['.ipa'] },
  zip: { mime: 'application/zip', ext: ['.zip'] },
  exe: { mime: 'application/vnd.microsoft.portable-executable', ext: ['.exe'] },
  msi: { mime: 'application/x-msi', ext: ['.msi'] },
  deb: { mime: 'application/vnd.debian.binary-package', ext: ['.deb'] },
  rpm: { mime: 'application/x-rpm', ext: ['.rpm'] },
} as const
export type FileKind = keyof typeof FILE_KINDS

const MB = 1024 * 1024

/** The kinds a ZIP can be, by the name's extension (the bytes say only "ZIP"). */
const ZIP_PACKAGE_KINDS = ['apk', 'aab', 'hap', 'ipa', 'zip'] as const satisfies readonly FileKind[]

/** The default largest installer package (the gateway's is `TRESTLE_PACKAGE_MAX_MB`). */
export const PACKAGE_MAX_MB = 512

/**
 * Accepted kinds and the largest size per purpose (SPEC §5: avatar JPG ≤ 2 MB). A `streamed` purpose
 * goes to the store in pieces while it arrives (never whole in memory), its kind decided by its
 * first bytes (and, among the ZIP-based kinds, the name's extension).
 */
export const FILE_RULES: Record<FilePurpose, { kinds: readonly FileKind[]; maxBytes: number; streamed?: true }> = {
  avatar: { kinds: ['jpg'], maxBytes: 2 * MB },
  scan: { kinds: ['jpg', 'png', 'pdf'], maxBytes: 10 * MB },
  photo: { kinds: ['jpg', 'png'], maxBytes: 10 * MB },
  import: { kinds: ['xlsx'], maxBytes: 10 * MB },
  report: { kinds: ['xlsx'], maxBytes: 20 * MB },
  /** A handwritten signature drawn in the personal centre (a PNG from a canvas). */
  signature: { kinds: ['png'], maxBytes: 1 * MB },
  /** An application version's installer package (SPEC §5 "Application version": the attachment). */
  package: { kinds: [...ZIP_PACKAGE_KINDS, 'exe', 'msi', 'deb', 'rpm'], maxBytes: PACKAGE_MAX_MB * MB, streamed: true },
}

/** The rules with the gateway's configured package size (`TRESTLE_PACKAGE_MAX_MB`). */
export function fileRules(packageMaxBytes = FILE_RULES.package.maxBytes): Record<FilePurpose, (typeof FILE_RULES)[FilePurpose]> {
  return { ...FILE_RULES, package: { ...FILE_RULES.package, maxBytes: packageMaxBytes } }
}

/** GET userCommonFile/limits: the largest file of each purpose on this gateway (packages as configured). */
export type FileLimits = Record<FilePurpose, number>

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

/** `.apk` of `Demo.APK` (lower case), or '' without one. */
const extensionOf = (name: string | undefined) => {
  const base = (name ?? '').split(/[\\/]/).pop() ?? ''
  const dot = base.lastIndexOf('.')
  return dot > 0 ? base.slice(dot).toLowerCase() : ''
}

/** How many first bytes `sniffKind` needs to decide from the head alone. */
export const SNIFF_HEAD_BYTES = 16

/**
 * The kind of a file from its bytes (magic numbers). For xlsx (a ZIP) the whole file is needed
 * to find `xl/workbook.xml` in its directory; with `headOnly` (the console's pre-check and the
 * streamed purposes read the first bytes) any ZIP counts as a candidate. Given the `name` (the
 * streamed purposes: installer packages), a ZIP is told apart by the name's extension — .apk, .ipa,
 * .zip… is that package, .xlsx a workbook, anything else a plain zip. `MZ` is a Windows executable, the OLE compound-file signature an MSI,
 * `!<arch>\ndebian` a Debian package, `ED AB EE DB` an RPM.
 */
export function sniffKind(bytes: Uint8Array, headOnly = false, name?: string): FileKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf' // %PDF-
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    if (name === undefined) return headOnly || includesAscii(bytes, 'xl/workbook.xml') ? 'xlsx' : null
    const ext = extensionOf(name)
    return ZIP_PACKAGE_KINDS.find((k) => (FILE_KINDS[k].ext as readonly string[]).includes(ext)) ?? (ext === '.xlsx' ? 'xlsx' : 'zip')
  }
  if (startsWith(bytes, [0x4d, 0x5a])) return 'exe' // MZ
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'msi' // OLE compound file
  if (
    startsWith(
      bytes,
      [...'!<arch>\ndebian'].map((c) => c.charCodeAt(0)),
    )
  )
    return 'deb'
  if (startsWith(bytes, [0xed, 0xab, 0xee, 0xdb])) return 'rpm'
  return null
}

/** Why a file is refused for a purpose, or null. Texts: `files.refused.<reason>` (console) / `fileRefusal` (gateway). */
export type FileRefusal = { reason: 'empty' } | { reason: 'type'; allowed: readonly FileKind[] } | { reason: 'size'; maxBytes: number }

export function checkFile(purpose: FilePurpose, kind: FileKind | null, size: number, rules = FILE_RULES): FileRefusal | null {
  const rule = rules[purpose]
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

/** A stored file as answered by upload and listByIds. */
export interface FileInfo {
  fileId: string
  purpose: FilePurpose
  originalName: string
  mime: string
  size: number
  /** SHA-256 of the bytes (hex), computed by the gateway as they arrived. */
  sha256: string
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
