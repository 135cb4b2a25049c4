/**
 * `<FileFacts file={info} />` — a stored file as a reader checks it: its name (the download link),
 * its size and, for what is verified after downloading (installer packages), its SHA-256 checksum.
 */
import { formatBytes, type FileInfo } from '@/contract/files'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'

export function FileFacts({ file, checksum = true, className }: { file: FileInfo; checksum?: boolean; className?: string }) {
  const { t } = useT()
  return (
    <div className={cn('min-w-0 space-y-0.5', className)}>
      <p className="flex min-w-0 items-baseline gap-2 text-sm">
        <a
          href={file.url}
          download={file.originalName}
          className="truncate text-primary underline-offset-4 hover:underline"
          title={t('files.downloadName', { name: file.originalName })}
        >
          {file.originalName}
        </a>
        <span className="shrink-0 text-xs tabular-nums text-muted-foreground">{formatBytes(file.size)}</span>
      </p>
      {checksum && file.sha256 && (
        <p className="whitespace-normal text-xs text-muted-foreground">
          <span>{t('files.checksum')}</span>{' '}
          <code className="break-all font-mono" title={file.sha256}>
            {file.sha256}
          </code>
        </p>
      )}
    </div>
  )
}
