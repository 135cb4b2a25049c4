/**
 * The file service from the console (contract: @/contract/files).
 *
 *   const info = await uploadFile(file, 'avatar', { onProgress: (pct) => setPct(pct) })   // FileInfo; rejects FileRefusedError / ApiError
 *   const { files } = useFileUrls([record.frontScanId, record.backScanId])                // Map fileId → FileInfo (signed, short-lived URLs)
 *   const why = await precheckFile(file, 'scan')                                         // the same limits as the gateway, or null
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { Code } from '@/contract/codes'
import {
  checkFile,
  FILE_PATHS,
  FILE_RULES,
  fileRules,
  formatBytes,
  sniffKind,
  type FileInfo,
  type FileLimits,
  type FilePurpose,
  type FileRefusal,
  type UploadPurpose,
} from '@/contract/files'
import { http, type UploadOptions } from '@/lib/http'
import { t } from '@/lib/i18n'
import { queryClient } from '@/lib/query'
import { createStore } from '@/lib/store'

/** A file the console refused before sending it (same rules as the gateway). */
export class FileRefusedError extends Error {
  constructor(
    message: string,
    public readonly refusal: FileRefusal,
  ) {
    super(message)
    this.name = 'FileRefusedError'
  }
}

const kindList = (purpose: FilePurpose) => FILE_RULES[purpose].kinds.map((k) => k.toUpperCase()).join(' / ')

/** The refusal in the current language. */
export function refusalText(r: FileRefusal, purpose: FilePurpose): string {
  switch (r.reason) {
    case 'empty':
      return t('files.refused.empty')
    case 'type':
      return t('files.refused.type', { types: kindList(purpose) })
    case 'size':
      return t('files.refused.size', { size: formatBytes(r.maxBytes) })
  }
}

/** Each purpose's largest file on the gateway (the installer package's is configured there), asked once a session. */
export const fileLimitsQueryOptions = () =>
  queryOptions({
    queryKey: ['files', 'limits'] as const,
    queryFn: ({ signal }) => http.get<FileLimits>(FILE_PATHS.limits, undefined, { signal, silent: true }),
    staleTime: 60 * 60_000,
  })

/** The largest file of a purpose: the gateway's once known, else the contract's default; a smaller `maxBytes` wins. */
export function maxBytesOf(
  purpose: FilePurpose,
  maxBytes?: number,
  limits = queryClient.getQueryData(fileLimitsQueryOptions().queryKey),
): number {
  return Math.min(maxBytes ?? Infinity, limits?.[purpose] ?? FILE_RULES[purpose].maxBytes)
}

/** The limits line of an upload box: `支持 JPG / PNG / PDF，单个文件不超过 10 MB`. */
export const limitsText = (purpose: FilePurpose, maxBytes: number) =>
  t('files.upload.limits', { types: kindList(purpose), size: formatBytes(maxBytes) })

/** Checks a file by its first bytes and size, as the gateway will; the refusal or null. */
export async function precheck(file: Blob, purpose: FilePurpose, maxBytes?: number): Promise<FileRefusal | null> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer())
  const limit = maxBytesOf(purpose, maxBytes)
  // a streamed purpose (installer packages) tells the ZIP-based kinds apart by the name, as the gateway does
  const name = FILE_RULES[purpose].streamed && file instanceof File ? file.name : undefined
  const rules = fileRules(maxBytesOf('package'))
  return (
    checkFile(purpose, sniffKind(head, true, name), file.size, rules) ?? (file.size > limit ? { reason: 'size', maxBytes: limit } : null)
  )
}

/** `precheck` as a message in the current language, or null. */
export async function precheckFile(file: Blob, purpose: FilePurpose, maxBytes?: number): Promise<string | null> {
  const refusal = await precheck(file, purpose, maxBytes)
  return refusal ? refusalText(refusal, purpose) : null
}

export interface UploadFileOptions extends Pick<UploadOptions, 'signal' | 'silent'> {
  /** 0–100. */
  onProgress?: (percent: number) => void
  /** A smaller limit than the purpose's (never a larger one). */
  maxBytes?: number
}

/**
 * Uploads one file (multipart, signed with UNSIGNED-PAYLOAD, progress through XHR). Pre-checks
 * type and size first (FileRefusedError); the gateway's 20001 (same rules) rejects as ApiError
 * without an error box — the caller shows the message where the file is.
 */
/** How many uploads are under way: forms don't save while one is, or its file id would be lost. */
export const uploadsInFlight = createStore(0)
export const useUploading = (): boolean => uploadsInFlight.use((n) => n > 0)

export async function uploadFile(file: File, purpose: UploadPurpose, opts: UploadFileOptions = {}): Promise<FileInfo> {
  uploadsInFlight.set((n) => n + 1)
  try {
    return await send(file, purpose, opts)
  } finally {
    uploadsInFlight.set((n) => n - 1)
  }
}

async function send(file: File, purpose: UploadPurpose, opts: UploadFileOptions): Promise<FileInfo> {
  const refusal = await precheck(file, purpose, opts.maxBytes)
  if (refusal) throw new FileRefusedError(refusalText(refusal, purpose), refusal)
  const form = new FormData()
  form.append('file', file, file.name)
  return http.upload<FileInfo>(FILE_PATHS.upload, form, {
    params: { purpose },
    signal: opts.signal,
    silent: opts.silent,
    handled: [Code.INVALID],
    // a package of hundreds of MB takes its time on a slow line (it streams: the gateway holds no more of it)
    timeoutMs: FILE_RULES[purpose].streamed ? 60 * 60_000 : 120_000,
    onProgress: opts.onProgress ? (loaded, total) => opts.onProgress!(total ? Math.round((loaded / total) * 100) : 0) : undefined,
  })
}

const ids = (list: readonly (string | null | undefined)[]) => [...new Set(list.filter((x): x is string => !!x))].sort()

export const fileQueryKey = (fileIds: readonly (string | null | undefined)[]) => ['files', ids(fileIds)] as const

/** Signed URLs live TRESTLE_FILE_URL_TTL (10 min by default): refetch well before. */
const URL_STALE_MS = 4 * 60_000

/** FileInfo of the visible files among `fileIds` (nulls ignored; invisible ones are simply absent). */
export function useFileUrls(fileIds: readonly (string | null | undefined)[]) {
  const wanted = ids(fileIds)
  const q = useQuery({
    queryKey: fileQueryKey(wanted),
    queryFn: ({ signal }) => http.get<FileInfo[]>(FILE_PATHS.listByIds, { fileIds: wanted }, { signal, silent: true }),
    enabled: wanted.length > 0,
    staleTime: URL_STALE_MS,
    gcTime: URL_STALE_MS,
    refetchInterval: URL_STALE_MS,
  })
  const files = new Map((q.data ?? []).map((f) => [f.fileId, f]))
  return { files, isLoading: q.isLoading && wanted.length > 0, refetch: q.refetch }
}

/** After an upload: the new file's info is known, no need to ask for it. */
export function primeFile(qc: QueryClient, info: FileInfo) {
  qc.setQueryData(fileQueryKey([info.fileId]), [info])
}
