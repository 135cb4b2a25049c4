/** The import dialog and its steps (template, upload with progress, processing, summary, failure report): loaded when it first opens (./index). */
import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { AlertCircle, CheckCircle2, Download, FileSpreadsheet, Info, RotateCcw, Upload } from 'lucide-react'
import { Code } from '@/contract/codes'
import { acceptOf, FILE_PATHS, FILE_RULES, formatBytes, type FileInfo, type ImportStatus } from '@/contract/files'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Progress } from '@/components/ui/progress'
import { invalidateResource } from '@/lib/crud'
import { precheckFile } from '@/lib/files/api'
import { useDownload } from '@/lib/files/download'
import { saveBlob } from '@/lib/files/save'
import { http, isApiError } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { excelPaths, type ImportDialogProps } from './paths'

type Phase =
  { step: 'pick' } | { step: 'upload'; percent: number } | { step: 'run'; status: ImportStatus } | { step: 'done'; status: ImportStatus }

const POLL_MS = 700

/** The dialog: its steps are there while it is open, afresh each time. */
export function ImportDialogOpen({
  open,
  onOpenChange,
  ...props
}: ImportDialogProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="gap-0 p-0 sm:max-w-xl" onInteractOutside={(e) => e.preventDefault()}>
        {open && <ImportBody {...props} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function ImportBody({ resource, paths: given, name, onImported, target, onClose }: ImportDialogProps & { onClose: () => void }) {
  const { t } = useT()
  const qc = useQueryClient()
  const paths = given ?? excelPaths(resource)
  const [phase, setPhase] = useState<Phase>({ step: 'pick' })
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [drag, setDrag] = useState(false)
  const template = useDownload()
  const alive = useRef(true)
  useEffect(
    () => () => {
      alive.current = false
    },
    [],
  )
  const entity = name ?? (resource.entity ? t(resource.entity) : '')

  const choose = async (f: File | undefined) => {
    setError(null)
    if (!f) return
    const why = await precheckFile(f, 'import')
    if (why) {
      setFile(null)
      setError(why)
      return
    }
    setFile(f)
  }

  const finish = (status: ImportStatus) => {
    setPhase({ step: 'done', status })
    if (status.succeeded > 0) {
      void invalidateResource(qc, resource)
      onImported?.(status)
    }
  }

  const poll = async (status: ImportStatus) => {
    let s = status
    while (!s.done && alive.current) {
      setPhase({ step: 'run', status: s })
      await new Promise((r) => setTimeout(r, POLL_MS))
      try {
        s = await http.get<ImportStatus>(paths.importStatus, { jobId: s.jobId }, { silent: true })
      } catch {
        /* keep polling: a transient failure must not lose the job */
      }
    }
    if (alive.current) finish(s)
  }

  const start = async () => {
    if (!file) return
    setError(null)
    setPhase({ step: 'upload', percent: 0 })
    const form = new FormData()
    form.append('file', file, file.name)
    try {
      const status = await http.upload<ImportStatus>(paths.import, form, {
        params: target?.params,
        handled: [Code.INVALID],
        timeoutMs: 300_000,
        onProgress: (loaded, total) =>
          alive.current && setPhase({ step: 'upload', percent: total ? Math.round((loaded / total) * 100) : 0 }),
      })
      if (status.done) finish(status)
      else await poll(status)
    } catch (e) {
      setPhase({ step: 'pick' })
      if (isApiError(e) && e.kind === 'code' && e.code === Code.INVALID) setError(e.message)
    }
  }

  const report = async (fileId: string) => {
    try {
      const [info] = await http.get<FileInfo[]>(FILE_PATHS.listByIds, { fileIds: [fileId] })
      if (!info) return
      const res = await fetch(info.url)
      if (res.ok) saveBlob(await res.blob(), info.originalName)
    } catch {
      /* shown by the client */
    }
  }

  const again = () => {
    setFile(null)
    setError(null)
    setPhase({ step: 'pick' })
  }

  const busy = phase.step === 'upload' || phase.step === 'run'
  return (
    <div className="flex max-h-[90vh] flex-col">
      <DialogHeader className="border-b px-6 py-4">
        <DialogTitle>{t('files.import.title', { name: entity })}</DialogTitle>
      </DialogHeader>
      <div className="flex-1 space-y-5 overflow-y-auto px-6 py-5">
        {phase.step === 'done' ? (
          <Summary status={phase.status} onReport={report} />
        ) : (
          <>
            {target?.note && (
              <p className="flex items-start gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm" data-testid="import-target">
                <Info className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
                {target.note}
              </p>
            )}
            <section className="flex items-start gap-3">
              <StepNo n={1} />
              <div className="min-w-0 flex-1 space-y-2">
                <p className="text-sm font-medium">{t('files.import.step1')}</p>
                {/* the dialog's description: read once with the title, not again here */}
                <DialogDescription className="text-xs">{t('files.import.step1Hint')}</DialogDescription>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="h-9"
                  onClick={() => void template.download(paths.importTemplate, 'template.xlsx')}
                  icon={FileSpreadsheet}
                  pending={template.busy}
                >
                  {t('files.import.template')}
                </Button>
              </div>
            </section>
            <section className="flex items-start gap-3">
              <StepNo n={2} />
              <div className="min-w-0 flex-1 space-y-2">
                <p className="text-sm font-medium">{t('files.import.step2')}</p>
                <label
                  htmlFor="import-file"
                  onDragOver={(e) => {
                    e.preventDefault()
                    if (!busy) setDrag(true)
                  }}
                  onDragLeave={() => setDrag(false)}
                  onDrop={(e) => {
                    e.preventDefault()
                    setDrag(false)
                    if (!busy) void choose(e.dataTransfer.files[0])
                  }}
                  className={cn(
                    'flex cursor-pointer flex-col items-center gap-1 rounded-md border border-dashed px-4 py-6 text-center transition-colors',
                    drag ? 'border-primary bg-primary/5' : 'border-input hover:border-primary/60 hover:bg-muted/40',
                    error && 'border-destructive',
                    busy && 'pointer-events-none opacity-60',
                  )}
                >
                  {file ? (
                    <>
                      <FileSpreadsheet className="size-6 text-emerald-600" aria-hidden />
                      <span className="max-w-full truncate text-sm font-medium">{file.name}</span>
                      <span className="text-xs text-muted-foreground">
                        {formatBytes(file.size)} · {t('files.upload.replace')}
                      </span>
                    </>
                  ) : (
                    <>
                      <Upload className="size-5 text-muted-foreground" aria-hidden />
                      <span className="text-sm">
                        {t('files.upload.drop')} <span className="font-medium text-primary">{t('files.upload.pick')}</span>
                      </span>
                      <span className="text-xs text-muted-foreground">
                        {t('files.import.step2Hint', { size: formatBytes(FILE_RULES.import.maxBytes) })}
                      </span>
                    </>
                  )}
                </label>
                <input
                  id="import-file"
                  type="file"
                  className="sr-only"
                  accept={acceptOf('import')}
                  disabled={busy}
                  onChange={(e) => {
                    void choose(e.target.files?.[0])
                    e.target.value = ''
                  }}
                />
                {error && (
                  <p role="alert" className="flex items-start gap-1.5 text-sm text-destructive">
                    <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
                    {error}
                  </p>
                )}
                {phase.step === 'upload' && (
                  <div className="space-y-1" aria-live="polite">
                    <p className="text-xs text-muted-foreground">{t('files.import.uploading')}</p>
                    <Progress value={phase.percent} aria-label={t('files.import.uploading')} />
                  </div>
                )}
                {phase.step === 'run' && (
                  <div className="space-y-1" aria-live="polite">
                    <p className="text-xs text-muted-foreground">
                      {t('files.import.processing', { processed: phase.status.processed, total: phase.status.total })}
                    </p>
                    <Progress
                      value={phase.status.total ? (phase.status.processed / phase.status.total) * 100 : 0}
                      aria-label={t('files.import.processing', { processed: phase.status.processed, total: phase.status.total })}
                    />
                  </div>
                )}
              </div>
            </section>
          </>
        )}
      </div>
      <DialogFooter className="border-t px-6 py-3">
        {phase.step === 'done' ? (
          <>
            <Button type="button" variant="outline" onClick={again} icon={RotateCcw}>
              {t('files.import.again')}
            </Button>
            <Button type="button" onClick={onClose}>
              {t('files.import.close')}
            </Button>
          </>
        ) : (
          <>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="button" onClick={() => void start()} disabled={!file} pending={busy} className="min-w-28">
              {t('files.import.start')}
            </Button>
          </>
        )}
      </DialogFooter>
    </div>
  )
}

function StepNo({ n }: { n: number }) {
  return (
    <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary">
      {n}
    </span>
  )
}

function Summary({ status, onReport }: { status: ImportStatus; onReport: (fileId: string) => void }) {
  const { t } = useT()
  const ok = status.failed === 0 && !status.error
  return (
    <div className="space-y-4" aria-live="polite">
      <div className="flex items-center gap-3">
        {ok ? (
          <CheckCircle2 className="size-8 text-emerald-600" aria-hidden />
        ) : (
          <AlertCircle className="size-8 text-amber-600" aria-hidden />
        )}
        <div>
          <p className="font-medium">{t('files.import.done')}</p>
          <p className="text-sm text-muted-foreground">
            {ok
              ? t('files.import.allOk', { total: status.total })
              : t('files.import.summary', { total: status.total, succeeded: status.succeeded, failed: status.failed })}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {(
          [
            ['total', status.total, ''],
            ['succeeded', status.succeeded, 'text-emerald-700 dark:text-emerald-400'],
            ['failed', status.failed, status.failed ? 'text-destructive' : ''],
          ] as const
        ).map(([k, v, cls]) => (
          <div key={k} className="rounded-md border bg-muted/30 px-2 py-3">
            <dd className={cn('text-2xl font-semibold tabular-nums', cls)}>{v}</dd>
            <dt className="text-xs text-muted-foreground">{t(`files.import.count.${k}`)}</dt>
          </div>
        ))}
      </dl>
      {status.error && (
        <p className="text-sm text-destructive">{t('files.import.interrupted', { processed: status.processed, total: status.total })}</p>
      )}
      {status.failed > 0 && status.reportFileId && (
        <div className="rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
          <p>{t('files.import.someFailed', { failed: status.failed })}</p>
          <Button type="button" className="mt-3" onClick={() => onReport(status.reportFileId!)} icon={Download}>
            {t('files.import.report')}
          </Button>
        </div>
      )}
    </div>
  )
}
