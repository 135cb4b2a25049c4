/**
 * `<FileUpload purpose="scan" value={ids} onChange={setIds} multiple max={2} />` — drag & drop or
 * click, the contract's limits checked before sending (type by content, size), upload progress,
 * thumbnails for images, remove. `value` is a fileId (single) or fileIds (multiple); onChange gets
 * the same shape (null / [] when empty). In a crud form: `<FormField kind="file" purpose="scan" />`.
 *
 * `<ImageThumb fileId={person.avatarId} className="size-10 rounded-full" />` shows a stored image.
 */
import { useId, useRef, useState, type DragEvent } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { FileSpreadsheet, FileText, ImageOff, Loader2, RotateCcw, Upload, X } from 'lucide-react'
import { acceptOf, FILE_RULES, formatBytes, type FileInfo, type UploadPurpose } from '@/contract/files'
import { Button, IconButton } from '@/components/ui/button'
import { Progress } from '@/components/ui/progress'
import { isApiError } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { fileLimitsQueryOptions, FileRefusedError, limitsText, maxBytesOf, primeFile, uploadFile, useFileUrls } from './api'
import { FileFacts } from './FileFacts'

export interface FileUploadProps {
  purpose: UploadPurpose
  value?: string | readonly string[] | null
  onChange?: (value: string | string[] | null) => void
  multiple?: boolean
  /** Most files when `multiple` (default 9). */
  max?: number
  /** A smaller size limit than the purpose's. */
  maxSize?: number
  /** Narrower `accept` for the file picker (default: the purpose's kinds). */
  accept?: string
  disabled?: boolean
  /** Show the files only: no upload zone (a reader's view); nothing attached reads --. */
  readOnly?: boolean
  id?: string
  invalid?: boolean
  /** Called with an upload's FileInfo (e.g. to keep the original name). */
  onUploaded?: (info: FileInfo) => void
  className?: string
  'aria-describedby'?: string
}

interface Pending {
  key: string
  file: File
  preview: string | null
  percent: number
  error: string | null
}

const asList = (v: FileUploadProps['value']): string[] =>
  v === null || v === undefined || v === '' ? [] : typeof v === 'string' ? [v] : [...v]
const isImage = (mime: string) => mime.startsWith('image/')

function KindIcon({ mime, className }: { mime: string; className?: string }) {
  if (mime.includes('spreadsheet')) return <FileSpreadsheet className={className} aria-hidden />
  return <FileText className={className} aria-hidden />
}

export function FileUpload(props: FileUploadProps) {
  const { purpose, multiple = false, max = multiple ? 9 : 1, disabled } = props
  const { t } = useT()
  const qc = useQueryClient()
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [pending, setPending] = useState<Pending[]>([])
  const [drag, setDrag] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  const ids = asList(props.value)
  const { files } = useFileUrls(ids)
  const checksum = FILE_RULES[purpose].streamed === true
  const limits = useQuery(fileLimitsQueryOptions()).data
  // The latest value while uploads finish one after another.
  const current = useRef(ids)
  current.current = ids

  const emit = (next: string[]) => props.onChange?.(multiple ? next : (next[0] ?? null))
  const room = max - ids.length - pending.filter((p) => !p.error).length

  const start = (p: Pending) => {
    setPending((list) => list.map((x) => (x.key === p.key ? { ...x, percent: 0, error: null } : x)))
    uploadFile(p.file, purpose, {
      maxBytes: props.maxSize,
      onProgress: (percent) => setPending((list) => list.map((x) => (x.key === p.key ? { ...x, percent } : x))),
    })
      .then((info) => {
        primeFile(qc, info)
        props.onUploaded?.(info)
        setPending((list) => list.filter((x) => x.key !== p.key))
        if (p.preview) URL.revokeObjectURL(p.preview)
        emit(multiple ? [...current.current, info.fileId] : [info.fileId])
      })
      .catch((e: unknown) => {
        const message =
          e instanceof FileRefusedError || (isApiError(e) && e.kind === 'code')
            ? (e as Error).message
            : isApiError(e)
              ? e.message
              : t('files.upload.failed')
        setPending((list) => list.map((x) => (x.key === p.key ? { ...x, error: message || t('files.upload.failed') } : x)))
      })
  }

  const add = (list: FileList | File[]) => {
    setNotice(null)
    let chosen = [...list]
    if (!multiple) {
      chosen = chosen.slice(0, 1)
      setPending((ps) => ps.filter((p) => !p.error))
    } else if (chosen.length > room) {
      setNotice(t('files.upload.tooMany', { n: max }))
      chosen = chosen.slice(0, Math.max(0, room))
    }
    const created = chosen.map((file) => ({
      key: `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`,
      file,
      preview: file.type.startsWith('image/') ? URL.createObjectURL(file) : null,
      percent: 0,
      error: null,
    }))
    setPending((ps) => [...ps, ...created])
    created.forEach(start)
  }

  const dropPending = (key: string) =>
    setPending((list) => {
      const p = list.find((x) => x.key === key)
      if (p?.preview) URL.revokeObjectURL(p.preview)
      return list.filter((x) => x.key !== key)
    })

  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setDrag(false)
    if (!disabled && e.dataTransfer.files.length) add(e.dataTransfer.files)
  }

  const showZone = multiple ? room > 0 || pending.some((p) => p.error) : ids.length === 0 && pending.length === 0
  return (
    <div className={cn('flex flex-col gap-2', props.className)}>
      {(ids.length > 0 || pending.length > 0) && (
        <ul className="flex flex-col gap-2">
          {ids.map((fileId) => {
            const f = files.get(fileId)
            return (
              <li key={fileId} className="flex items-center gap-3 rounded-md border bg-card p-2">
                <a
                  href={f?.url}
                  target="_blank"
                  rel="noreferrer"
                  className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded bg-muted"
                  aria-label={t('files.upload.preview')}
                >
                  {f && isImage(f.mime) ? (
                    <img src={f.url} alt={f.originalName} className="size-full object-cover" />
                  ) : f ? (
                    <KindIcon mime={f.mime} className="size-6 text-muted-foreground" />
                  ) : (
                    <Loader2 className="size-4 animate-spin text-muted-foreground" aria-hidden />
                  )}
                </a>
                {f && checksum ? (
                  // an installer package: its name, size and the SHA-256 a downloader checks it against
                  <FileFacts file={f} className="flex-1" />
                ) : (
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm" title={f?.originalName}>
                      {f?.originalName ?? '…'}
                    </p>
                    {f && <p className="text-xs text-muted-foreground">{formatBytes(f.size)}</p>}
                  </div>
                )}
                {!disabled && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={`${t('files.upload.remove')} ${f?.originalName ?? ''}`}
                    onClick={() => emit(ids.filter((x) => x !== fileId))}
                  >
                    <X className="size-4" aria-hidden />
                  </Button>
                )}
              </li>
            )
          })}
          {pending.map((p) => (
            <li
              key={p.key}
              className={cn('flex items-center gap-3 rounded-md border p-2', p.error && 'border-destructive/50 bg-destructive/5')}
            >
              <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded bg-muted">
                {p.preview ? (
                  <img src={p.preview} alt="" className="size-full object-cover" />
                ) : (
                  <KindIcon mime={p.file.type} className="size-6 text-muted-foreground" />
                )}
              </div>
              <div className="min-w-0 flex-1 space-y-1">
                <p className="truncate text-sm">{p.file.name}</p>
                {p.error ? (
                  <p role="alert" className="text-xs text-destructive">
                    {p.error}
                  </p>
                ) : (
                  <div className="flex items-center gap-2">
                    <Progress value={p.percent} className="h-1.5" aria-label={t('files.upload.uploading', { percent: p.percent })} />
                    <span className="w-10 shrink-0 text-right text-xs tabular-nums text-muted-foreground">{p.percent}%</span>
                  </div>
                )}
              </div>
              {p.error && (
                <>
                  <IconButton className="size-8" icon={RotateCcw} label={t('files.upload.retry')} onClick={() => start(p)} />
                  <IconButton className="size-8" icon={X} label={t('files.upload.remove')} onClick={() => dropPending(p.key)} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {props.readOnly && ids.length === 0 && <p className="text-sm text-muted-foreground">{t('common.none')}</p>}
      {showZone && !props.readOnly && (
        <label
          htmlFor={props.id ?? inputId}
          onDragOver={(e) => {
            e.preventDefault()
            if (!disabled) setDrag(true)
          }}
          onDragLeave={() => setDrag(false)}
          onDrop={onDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-md border border-dashed px-4 py-5 text-center transition-colors',
            drag ? 'border-primary bg-primary/5' : 'border-input hover:border-primary/60 hover:bg-muted/40',
            props.invalid && 'border-destructive',
            disabled && 'cursor-not-allowed opacity-60',
          )}
        >
          <Upload className="size-5 text-muted-foreground" aria-hidden />
          <span className="text-sm">
            {t(multiple ? 'files.upload.dropMultiple' : 'files.upload.drop')}{' '}
            <span className="font-medium text-primary">{t('files.upload.pick')}</span>
          </span>
          <span className="text-xs text-muted-foreground">{limitsText(purpose, maxBytesOf(purpose, props.maxSize, limits))}</span>
        </label>
      )}
      <input
        ref={input}
        id={props.id ?? inputId}
        type="file"
        className="sr-only"
        accept={props.accept ?? acceptOf(purpose)}
        multiple={multiple}
        disabled={disabled}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props['aria-describedby']}
        onChange={(e) => {
          if (e.target.files?.length) add(e.target.files)
          e.target.value = ''
        }}
      />
      {notice && <p className="text-xs text-destructive">{notice}</p>}
    </div>
  )
}

/** A stored image by id (signed URL resolved and refreshed); a placeholder when missing. */
export function ImageThumb({ fileId, className, alt }: { fileId: string | null | undefined; className?: string; alt?: string }) {
  const { t } = useT()
  const { files, refetch } = useFileUrls([fileId])
  const f = fileId ? files.get(fileId) : undefined
  const [failed, setFailed] = useState(false)
  if (!f || failed || !isImage(f.mime))
    return (
      <span
        className={cn('inline-flex items-center justify-center bg-muted text-muted-foreground', className)}
        title={fileId ? t('files.unavailable') : undefined}
      >
        <ImageOff className="size-1/2 max-h-5 max-w-5" aria-hidden />
      </span>
    )
  return (
    <img
      src={f.url}
      alt={alt ?? f.originalName ?? t('files.imageAlt')}
      className={cn('object-cover', className)}
      onError={() => {
        // Probably an expired URL: ask for fresh ones once.
        setFailed(true)
        void refetch().then(() => setFailed(false))
      }}
    />
  )
}
