/**
 * The initialisation wizards (/admin/project-initialization, /admin/project-initial,
 * /admin/work-site-initialization, /admin/industrial-initial): one screen, a preset each
 * (src/contract/schemas/projectInit.ts). Without `runId` in the URL: the caller's unfinished runs
 * (resume / discard) and 新建; with it, the run's steps: 1 source (template project or workbook
 * upload; the target project for presets on an existing one) → 2 basic data (a new project) → 3
 * validation report per sheet and row (upload again) → 4 create with progress → 5 done, with a
 * link to the project. The run lives in the gateway: a reload or another device resumes it.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { Link } from '@/components/link'
import { FormProvider } from 'react-hook-form'
import { toast } from '@/lib/toast'
import { AlertCircle, Check, CheckCircle2, FileSpreadsheet, FolderTree, Loader2, Play, Plus, RotateCcw, Trash2, Upload } from 'lucide-react'
import { Code } from '@/contract/codes'
import { acceptOf } from '@/contract/files'
import {
  INIT_PRESET_DEFS,
  INIT_PRESET_MENU,
  initBasic,
  initPaths,
  type InitPreset,
  type InitRun,
  type InitSource,
} from '@/contract/schemas/projectInit'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Stepper } from '@/components/ui/stepper'
import { Card } from '@/components/ui/card'
import { Progress } from '@/components/ui/progress'
import { Skeleton } from '@/components/ui/skeleton'
import { ProjectFormFields, projectDefaults } from '@/features/projects'
import { confirm, formatDateTime } from '@/lib/crud'
import { FormErrors, useActionForm } from '@/lib/crud/forms'
import { precheckFile, useDownload } from '@/lib/files'
import { http, isApiError } from '@/lib/http'
import { ScreenHeader } from '@/lib/pages'
import { useT } from '@/lib/i18n'
import { useCan } from '@/lib/permissions'
import { ProjectPicker } from '@/lib/project'
import { cn } from '@/lib/utils'
import { initKeys, initRunQueryOptions, initRunsQueryOptions } from './queries'

const POLL_MS = 700
/** Errors shown per sheet (the rest is counted). */
const SHOWN_ERRORS = 200

export function InitWizardPage({ preset }: { preset: InitPreset }) {
  const { t } = useT()
  const search = useSearch({ strict: false }) as { runId?: string }
  const navigate = useNavigate()
  const open = (runId?: string) => void navigate({ to: '.', search: (runId ? { runId } : {}) as never })
  const another = useStartRun(preset, open)
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <ScreenHeader description={t(`projectInit.preset.${preset}.description`)} />
      {search.runId ? (
        <Wizard key={search.runId} preset={preset} runId={search.runId} onLeave={() => open()} onAnother={() => void another.start()} />
      ) : (
        <RunList preset={preset} onOpen={open} />
      )}
    </div>
  )
}

// ---- the unfinished runs -------------------------------------------------------------------------

/** Starts a new run of the wizard and opens it (新建 on the run list, 再建一个 when a run is done). */
function useStartRun(preset: InitPreset, onOpen: (runId: string) => void) {
  const [starting, setStarting] = useState(false)
  const start = async () => {
    setStarting(true)
    try {
      const run = await http.post<InitRun>(initPaths(preset).start, {})
      onOpen(run.runId)
    } catch {
      /* shown by the client */
    } finally {
      setStarting(false)
    }
  }
  return { start, starting }
}

function RunList({ preset, onOpen }: { preset: InitPreset; onOpen: (runId: string) => void }) {
  const { t } = useT()
  const qc = useQueryClient()
  const runs = useQuery(initRunsQueryOptions(preset))
  const canInit = useCan(INIT_PRESET_MENU[preset], 'init')
  const { start, starting } = useStartRun(preset, onOpen)
  const discard = async (run: InitRun) => {
    if (!(await confirm({ title: t('projectInit.runs.discard'), description: t('projectInit.runs.discardConfirm'), destructive: true })))
      return
    try {
      await http.post(initPaths(preset).discard, { runId: run.runId })
      toast.success(t('projectInit.runs.discarded'))
      await qc.invalidateQueries({ queryKey: initKeys.runs(preset) })
    } catch {
      /* shown by the client */
    }
  }
  return (
    <Card className="p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-medium">{t('projectInit.runs.title')}</h2>
        {canInit && (
          <Button onClick={() => void start()} icon={Plus} pending={starting} data-testid="init-new">
            {t('projectInit.runs.new')}
          </Button>
        )}
      </div>
      {runs.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : !runs.data?.length ? (
        <p className="py-8 text-center text-sm text-muted-foreground">{t('projectInit.runs.empty')}</p>
      ) : (
        <ul className="divide-y rounded-md border" data-testid="init-runs">
          {runs.data.map((run) => (
            <li key={run.runId} className="flex flex-wrap items-center gap-3 px-3 py-2.5">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{runTitle(run) || t(`projectInit.preset.${preset}.title`)}</p>
                <p className="text-xs text-muted-foreground">
                  {t('projectInit.runs.step', { n: shownStep(run) })} · {run.source ? t(`projectInit.source.${run.source}`) : '--'} ·{' '}
                  {t('projectInit.runs.updated', { time: formatDateTime(run.updateTime) })}
                </p>
              </div>
              <StatusBadge status={run.status} />
              <Button size="sm" variant="outline" className="h-9" onClick={() => onOpen(run.runId)}>
                <Play aria-hidden />
                {t('projectInit.runs.resume')}
              </Button>
              {canInit && run.status !== 'running' && (
                <Button size="sm" variant="ghost" className="h-9 text-destructive" onClick={() => void discard(run)}>
                  <Trash2 aria-hidden />
                  {t('projectInit.runs.discard')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

const runTitle = (run: InitRun) => (typeof run.basic.projectName === 'string' && run.basic.projectName) || run.projectName || ''

function StatusBadge({ status }: { status: InitRun['status'] }) {
  const { t } = useT()
  const tone = {
    draft: 'bg-muted text-muted-foreground',
    validated: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
    running: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
    done: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
    failed: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  }[status]
  return (
    <Badge variant="outline" className={cn('border-transparent', tone)}>
      {t(`projectInit.status.${status}`)}
    </Badge>
  )
}

/** The step a run stands at, from what the gateway says. */
const shownStep = (run: InitRun) => (run.status === 'done' ? 5 : run.status === 'running' || run.status === 'failed' ? 4 : run.step)

// ---- the wizard --------------------------------------------------------------------------------

function Wizard({
  preset,
  runId,
  onLeave,
  onAnother,
}: {
  preset: InitPreset
  runId: string
  onLeave: () => void
  /** 再建一个: a new run of the same wizard, at its first step. */
  onAnother: () => void
}) {
  const { t } = useT()
  const qc = useQueryClient()
  const def = INIT_PRESET_DEFS[preset]
  const paths = initPaths(preset)
  const query = useQuery({
    ...initRunQueryOptions(preset, runId),
    refetchInterval: (q) => (q.state.data?.status === 'running' ? POLL_MS : false),
  })
  /** A step the user went back to (null: where the run stands). */
  const [view, setView] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const run = query.data
  const created = run?.status === 'done'
  useEffect(() => {
    // the new project and its records: every project list and picker forgets what it had (a
    // picker given a project it does not know would replace it with its first)
    if (created) void qc.resetQueries({ queryKey: initKeys.projects })
  }, [created, qc])
  if (query.isError)
    return (
      <Card className="p-6 text-sm">
        <Button variant="outline" onClick={onLeave}>
          {t('projectInit.action.back')}
        </Button>
      </Card>
    )
  if (!run) return <Skeleton className="h-64 w-full" />

  const steps = (def.newProject ? [1, 2, 3, 4, 5] : [1, 3, 4, 5]) as number[]
  const current = view ?? (shownStep(run) === 2 && !def.newProject ? 1 : shownStep(run))
  const set = (next: InitRun) => qc.setQueryData(initKeys.run(preset, runId), next)
  const refresh = () => qc.invalidateQueries({ queryKey: initKeys.all })

  /** A call that answers the run. */
  const act = async (call: () => Promise<InitRun>, then?: (r: InitRun) => void) => {
    setBusy(true)
    try {
      const next = await call()
      set(next)
      then?.(next)
      void refresh()
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false)
    }
  }
  const save = (body: Record<string, unknown>, then?: (r: InitRun) => void) =>
    act(() => http.post<InitRun>(paths.save, { runId, ...body }), then)
  const validate = () =>
    act(
      () => http.post<InitRun>(paths.validate, { runId }),
      () => setView(null),
    )
  const create = () =>
    act(
      () => http.post<InitRun>(paths.create, { runId }),
      () => setView(null),
    )

  return (
    <div className="flex flex-col gap-4">
      <Stepper
        aria-label={t('projectInit.steps.source')}
        data-testid="init-steps"
        labels={steps.map((s) => t(`projectInit.steps.${STEP_NAMES[s as keyof typeof STEP_NAMES]}`))}
        current={steps.indexOf(current)}
      />
      {current === 1 && (
        <SourceStep
          preset={preset}
          run={run}
          busy={busy}
          save={save}
          onUploaded={(r) => {
            // the upload validated the file too: its report is shown after the next steps
            set(r)
            setView(1)
          }}
          onLeave={onLeave}
          onNext={() => (def.newProject ? void save({ step: 2 }, () => setView(2)) : void validate())}
        />
      )}
      {current === 2 && <BasicStep run={run} busy={busy} save={save} onBack={() => setView(1)} onValidated={() => void validate()} />}
      {current === 3 && (
        <ReportStep
          preset={preset}
          run={run}
          busy={busy}
          onUploaded={(r) => {
            set(r)
            void refresh()
          }}
          onBack={() => setView(def.newProject ? 2 : 1)}
          onCreate={() => void create()}
        />
      )}
      {current === 4 && <CreateStep run={run} busy={busy} onRetry={() => void validate()} />}
      {current === 5 && <DoneStep run={run} onAnother={onAnother} />}
    </div>
  )
}

const STEP_NAMES = { 1: 'source', 2: 'basic', 3: 'report', 4: 'create', 5: 'done' } as const

function StepCard({ title, children, footer }: { title: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <Card className="flex flex-col gap-4 p-5">
      <h2 className="text-base font-medium">{title}</h2>
      {children}
      {footer && <div className="flex flex-wrap items-center justify-end gap-2 border-t pt-4">{footer}</div>}
    </Card>
  )
}

/** Uploads the workbook to the run (validated there): the run, or the refusal's text. */
function useWorkbookUpload(preset: InitPreset, runId: string, onUploaded: (run: InitRun) => void) {
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const upload = async (file: File | undefined) => {
    setError(null)
    if (!file) return
    const why = await precheckFile(file, 'import')
    if (why) return setError(why)
    const form = new FormData()
    form.append('file', file, file.name)
    setPending(true)
    try {
      onUploaded(
        await http.upload<InitRun>(initPaths(preset).upload, form, { params: { runId }, handled: [Code.INVALID], timeoutMs: 300_000 }),
      )
    } catch (e) {
      if (isApiError(e) && e.kind === 'code' && e.code === Code.INVALID) setError(e.message)
    } finally {
      setPending(false)
    }
  }
  return { upload, pending, error }
}

function UploadButton({
  label,
  onFile,
  pending,
  variant = 'outline',
}: {
  label: string
  onFile: (f: File | undefined) => void
  pending: boolean
  variant?: 'outline' | 'default'
}) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <Button type="button" variant={variant} className="h-9" icon={Upload} pending={pending} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        className="sr-only"
        accept={acceptOf('import')}
        data-testid="init-file"
        tabIndex={-1}
        aria-hidden
        onChange={(e) => {
          onFile(e.target.files?.[0])
          e.target.value = ''
        }}
      />
    </>
  )
}

function SourceStep({
  preset,
  run,
  busy,
  save,
  onUploaded,
  onNext,
  onLeave,
}: {
  preset: InitPreset
  run: InitRun
  busy: boolean
  save: (body: Record<string, unknown>) => Promise<void>
  onUploaded: (run: InitRun) => void
  onNext: () => void
  onLeave: () => void
}) {
  const { t } = useT()
  const def = INIT_PRESET_DEFS[preset]
  const file = useWorkbookUpload(preset, run.runId, onUploaded)
  const template = useDownload()
  const ready =
    (def.newProject || !!run.projectId) &&
    ((run.source === 'template' && !!run.templateProjectId) || (run.source === 'workbook' && !!run.fileName))
  const choice = (source: InitSource, icon: ReactNode, hint: string) => (
    <button
      type="button"
      role="radio"
      aria-checked={run.source === source}
      disabled={busy}
      onClick={() => run.source !== source && void save({ step: 1, source })}
      className={cn(
        'flex min-h-20 flex-1 items-start gap-3 rounded-md border p-3 text-left transition-colors',
        run.source === source ? 'border-primary bg-primary/5 ring-1 ring-primary' : 'hover:bg-muted/50',
      )}
    >
      <span className="mt-0.5 text-primary">{icon}</span>
      <span className="min-w-0">
        <span className="block text-sm font-medium">{t(`projectInit.source.${source}`)}</span>
        <span className="block text-xs text-muted-foreground">{hint}</span>
      </span>
    </button>
  )
  return (
    <StepCard
      title={t('projectInit.source.title')}
      footer={
        <>
          <Button variant="ghost" onClick={onLeave}>
            {t('projectInit.action.back')}
          </Button>
          <Button onClick={onNext} disabled={!ready} pending={busy} data-testid="init-next">
            {def.newProject ? t('projectInit.action.next') : t('projectInit.action.validate')}
          </Button>
        </>
      }
    >
      {!def.newProject && (
        <div className="space-y-1.5">
          <p className="text-sm font-medium">{t('projectInit.source.targetProject')}</p>
          <ProjectPicker
            value={run.projectId ?? undefined}
            onChange={(projectId) => void save({ step: 1, projectId })}
            className="max-w-[28rem]"
          />
          <p className="text-xs text-muted-foreground">{t('projectInit.source.targetHint')}</p>
        </div>
      )}
      {def.sources.length > 1 && (
        <div role="radiogroup" aria-label={t('projectInit.source.title')} className="flex flex-col gap-3 sm:flex-row">
          {choice('template', <FolderTree className="size-5" aria-hidden />, t('projectInit.source.templateHint'))}
          {choice('workbook', <FileSpreadsheet className="size-5" aria-hidden />, t('projectInit.source.workbookHint'))}
        </div>
      )}
      {run.source === 'template' && (
        <div className="space-y-1.5">
          <p className="text-sm font-medium">{t('projectInit.source.templateProject')}</p>
          <ProjectPicker
            value={run.templateProjectId ?? undefined}
            onChange={(templateProjectId) => void save({ step: 1, templateProjectId })}
            className="max-w-[28rem]"
          />
        </div>
      )}
      {run.source === 'workbook' && (
        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <Button
              type="button"
              variant="outline"
              className="h-9"
              onClick={() => void template.download(initPaths(preset).template, 'template.xlsx')}
              icon={FileSpreadsheet}
              pending={template.busy}
            >
              {t('projectInit.source.download')}
            </Button>
            <UploadButton
              label={run.fileName ? t('projectInit.source.reupload') : t('projectInit.source.upload')}
              onFile={(f) => void file.upload(f)}
              pending={file.pending}
            />
          </div>
          {run.fileName && (
            <p className="flex items-center gap-1.5 text-sm" data-testid="init-uploaded">
              <CheckCircle2 className="size-4 text-emerald-600" aria-hidden />
              {t('projectInit.source.uploaded', { name: run.fileName })}
            </p>
          )}
          {file.error && (
            <p role="alert" className="flex items-start gap-1.5 text-sm text-destructive">
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
              {file.error}
            </p>
          )}
        </div>
      )}
    </StepCard>
  )
}

function BasicStep({
  run,
  busy,
  save,
  onBack,
  onValidated,
}: {
  run: InitRun
  busy: boolean
  save: (body: Record<string, unknown>) => Promise<void>
  onBack: () => void
  onValidated: () => void
}) {
  const { t } = useT()
  const action = useActionForm({
    schema: initBasic,
    defaultValues: { ...projectDefaults(), ...run.basic } as never,
    action: (values) => save({ step: 2, basic: values }),
    success: false,
    onDone: onValidated,
  })
  return (
    <FormProvider {...action.form}>
      <form onSubmit={(e) => void action.submit(e)} noValidate>
        <StepCard
          title={t('projectInit.basic.title')}
          footer={
            <>
              <Button type="button" variant="ghost" onClick={onBack}>
                {t('projectInit.action.back')}
              </Button>
              <Button type="submit" pending={busy || action.pending} data-testid="init-validate">
                {t('projectInit.action.validate')}
              </Button>
            </>
          }
        >
          <FormErrors messages={action.formErrors} />
          <ProjectFormFields />
        </StepCard>
      </form>
    </FormProvider>
  )
}

function ReportStep({
  preset,
  run,
  busy,
  onUploaded,
  onBack,
  onCreate,
}: {
  preset: InitPreset
  run: InitRun
  busy: boolean
  onUploaded: (run: InitRun) => void
  onBack: () => void
  onCreate: () => void
}) {
  const { t, locale } = useT()
  const file = useWorkbookUpload(preset, run.runId, onUploaded)
  const report = run.report ?? []
  const problems = report.reduce((n, s) => n + s.errors.length, 0)
  const valid = run.status === 'validated'
  return (
    <StepCard
      title={t('projectInit.report.title')}
      footer={
        <>
          <Button variant="ghost" onClick={onBack}>
            <RotateCcw aria-hidden />
            {t('projectInit.action.restart')}
          </Button>
          {run.source === 'workbook' && (
            <UploadButton label={t('projectInit.source.reupload')} onFile={(f) => void file.upload(f)} pending={file.pending} />
          )}
          <Button onClick={onCreate} disabled={!valid} pending={busy} data-testid="init-create">
            {t('projectInit.create.button')}
          </Button>
        </>
      }
    >
      <p
        role="status"
        data-testid="init-report-summary"
        className={cn(
          'flex items-center gap-2 rounded-md px-3 py-2 text-sm',
          valid
            ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'
            : 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
        )}
      >
        {valid ? <CheckCircle2 className="size-4" aria-hidden /> : <AlertCircle className="size-4" aria-hidden />}
        {valid ? t('projectInit.report.ok') : t('projectInit.report.bad', { n: problems })}
      </p>
      {file.error && (
        <p role="alert" className="text-sm text-destructive">
          {file.error}
        </p>
      )}
      <div className="flex flex-col gap-3" data-testid="init-report">
        {report.map((sheet) => (
          <section key={sheet.sheet} className="rounded-md border" data-sheet={sheet.sheet}>
            <header className="flex flex-wrap items-center gap-2 border-b bg-muted/40 px-3 py-2">
              <h3 className="text-sm font-medium">{sheet.name[locale]}</h3>
              {sheet.sheet !== 'basic' && (
                <span className="text-xs text-muted-foreground">{t('projectInit.source.rows', { n: sheet.rows })}</span>
              )}
              <span className="flex-1" />
              {sheet.errors.length ? (
                <Badge variant="outline" className="border-transparent bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200">
                  {sheet.errors.length}
                </Badge>
              ) : (
                <span className="flex items-center gap-1 text-xs text-emerald-700 dark:text-emerald-300">
                  <Check className="size-3.5" aria-hidden />
                  {t('projectInit.report.none')}
                </span>
              )}
            </header>
            {sheet.errors.length > 0 && (
              <table className="w-full text-sm">
                <thead className="text-left text-xs text-muted-foreground">
                  <tr>
                    <th className="w-16 px-3 py-1.5 font-normal">{t('projectInit.report.row')}</th>
                    <th className="w-40 px-3 py-1.5 font-normal">{t('projectInit.report.column')}</th>
                    <th className="px-3 py-1.5 font-normal">{t('projectInit.report.message')}</th>
                  </tr>
                </thead>
                <tbody>
                  {sheet.errors.slice(0, SHOWN_ERRORS).map((e, i) => (
                    <tr key={i} className="border-t">
                      <td className="px-3 py-1.5 tabular-nums">{e.row > 0 ? e.row : t('projectInit.report.whole')}</td>
                      <td className="px-3 py-1.5">{e.column?.[locale] ?? e.field}</td>
                      <td className="px-3 py-1.5 text-destructive">{e.message[locale]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {sheet.errors.length > SHOWN_ERRORS && (
              <p className="border-t px-3 py-1.5 text-xs text-muted-foreground">{t('projectInit.report.more', { n: SHOWN_ERRORS })}</p>
            )}
          </section>
        ))}
      </div>
    </StepCard>
  )
}

function CreateStep({ run, busy, onRetry }: { run: InitRun; busy: boolean; onRetry: () => void }) {
  const { t, locale } = useT()
  const percent = run.total ? Math.round((run.processed / run.total) * 100) : 0
  return (
    <StepCard
      title={t('projectInit.steps.create')}
      footer={
        run.status === 'failed' ? (
          <Button onClick={onRetry} disabled={busy}>
            <RotateCcw aria-hidden />
            {t('projectInit.create.retry')}
          </Button>
        ) : undefined
      }
    >
      {run.status === 'failed' ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
          data-testid="init-failed"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            <span className="font-medium">{t('projectInit.create.failed')}</span> · {run.error?.[locale]}
          </span>
        </p>
      ) : (
        <div className="space-y-2" aria-live="polite">
          <p className="flex items-center gap-2 text-sm">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            {t('projectInit.create.running', { processed: run.processed, total: run.total })}
          </p>
          <Progress value={percent} aria-label={t('projectInit.create.running', { processed: run.processed, total: run.total })} />
          <p className="text-xs text-muted-foreground">{t('projectInit.create.hint')}</p>
        </div>
      )}
    </StepCard>
  )
}

function DoneStep({ run, onAnother }: { run: InitRun; onAnother: () => void }) {
  const { t } = useT()
  const projectId = run.createdProjectId ?? run.projectId
  return (
    <StepCard title={t('projectInit.done.title')}>
      <div className="flex flex-col items-center gap-3 py-6 text-center" data-testid="init-done">
        <CheckCircle2 className="size-10 text-emerald-600" aria-hidden />
        <p className="text-base font-medium">{runTitle(run)}</p>
        <p className="text-sm text-muted-foreground">{t('projectInit.done.body', { n: run.total })}</p>
        <div className="flex flex-wrap justify-center gap-2">
          {projectId && (
            <Button asChild>
              <Link to="/admin/project-information" search={{ projectId } as never}>
                {t('projectInit.done.open')}
              </Link>
            </Button>
          )}
          <Button variant="outline" onClick={onAnother}>
            {t('projectInit.done.another')}
          </Button>
        </div>
      </div>
    </StepCard>
  )
}
