/**
 * A filled sheet's fill-in screen (/admin/table-manage/fill/$tabContentId), for a field account on a
 * tablet: the version's sheet as a light HTML table (./SheetTable), the cells the caller may edit as
 * inputs by kind, the others read-only. 保存 sends the changed cells only with the version read; when
 * someone saved first (20008) the sheet is reopened, the caller's changes kept on the cells the other
 * side left alone (a cell both changed takes theirs, marked). 提交 checks the required cells first.
 * 打印 shows the sheet alone (./print.css: A4, rows kept whole, the shell hidden).
 */
import { useEffect, useMemo, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { Link } from '@/components/link'
import { FormProvider, useForm, useWatch } from 'react-hook-form'
import { ArrowLeft, Printer, Save, Send } from 'lucide-react'
import { Code } from '@/contract/codes'
import { TABULATION_API, type TabCellValue, type TabContentOpen, type TabContentRow } from '@/contract/schemas/tabulation'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { confirm } from '@/lib/crud/confirm'
import { useLeaveGuard } from '@/lib/crud/dirty'
import { http, isApiError } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { toast } from '@/lib/toast'
import { StepError, SyncMark, submitEdit, useLocalRecords, useMarks, type EntryStatus } from '@/lib/offline'
import { ContentStatus } from './ContentsPanel'
import { CONTENT_ENTITY, type ContentSavePayload } from './offline'
import { Can, useCan } from '../permissions'
import { fillOpenQueryOptions, tabKeys } from '../queries'
import { SheetTable } from './SheetTable'
import { formOf, isEmpty, problemOf, valueOf, type FormCells } from './values'
import './print.css'

const route = getRouteApi('/_shell/admin/table-manage_/fill/$tabContentId')

export function FillScreen() {
  const { tabContentId } = route.useParams()
  const { t } = useT()
  const opened = useQuery(fillOpenQueryOptions(tabContentId))
  // the caller's edits carried over a reopen (20008), and the cells both sides changed
  const [carry, setCarry] = useState<{ cells: FormCells; clashes: string[] }>({ cells: {}, clashes: [] })
  const local = useLocalRecords(CONTENT_ENTITY).find((r) => r.entityId === tabContentId)
  const mark = useMarks(CONTENT_ENTITY)?.[tabContentId]
  // a copy in hand wins over a failed refetch (offline: the persisted copy, the gateway out of reach)
  if (opened.data === undefined && opened.isPending)
    return (
      <div className="flex flex-col gap-3" aria-busy>
        <Skeleton className="h-10 w-80" />
        <Skeleton className="h-96 w-full" />
      </div>
    )
  if (opened.data === undefined)
    return (
      <Card role="alert" className="p-6 text-sm text-destructive">
        {t('tabulation.fill.loadFailed')}
      </Card>
    )
  return (
    <SheetForm
      key={`${tabContentId}:${opened.data.content.version}:${local?.updatedAt ?? 0}`}
      opened={withLocal(opened.data, local?.data)}
      mark={mark}
      carry={carry}
      onReopen={(next) => setCarry(next)}
    />
  )
}

/** The sheet with the saves still in the outbox applied (their local copy's cells). */
function withLocal(opened: TabContentOpen, local: Record<string, unknown> | null | undefined): TabContentOpen {
  const cells = local?.cells as Record<string, TabCellValue> | undefined
  return cells ? { ...opened, content: { ...opened.content, cells } } : opened
}

function SheetForm({
  opened,
  mark,
  carry,
  onReopen,
}: {
  opened: TabContentOpen
  mark: EntryStatus | undefined
  carry: { cells: FormCells; clashes: string[] }
  onReopen: (carry: { cells: FormCells; clashes: string[] }) => void
}) {
  const { t } = useT()
  const qc = useQueryClient()
  const { content, sheet } = opened
  const submitted = content.status === 'submitted'
  const mayFill = useCan('fill')
  // what the gateway says the caller may write now: a draft's cells, or once submitted those of a rule at the node its workflow waits at
  const editable = useMemo(() => new Set(mayFill ? opened.editable : []), [opened.editable, mayFill])
  const base = useMemo(() => formOf(sheet.fillIns, content.cells), [sheet.fillIns, content.cells])
  const form = useForm<FormCells>({ defaultValues: base })
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null)
  const [printing, setPrinting] = useState(false)
  const [clashes, setClashes] = useState<string[]>(carry.clashes)

  // edits carried over a reopen: set as changes of this form (dirty against the fresh values)
  useEffect(() => {
    for (const [a, v] of Object.entries(carry.cells)) if (editable.has(a)) form.setValue(a, v, { shouldDirty: true })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const values = useWatch({ control: form.control }) as FormCells
  const changed = Object.keys(sheet.fillIns).filter((a) => editable.has(a) && !same(values[a], base[a]))
  useLeaveGuard(changed.length > 0)

  useEffect(() => {
    if (!printing) return
    const done = () => setPrinting(false)
    window.addEventListener('afterprint', done)
    const timer = window.setTimeout(() => window.print(), 50)
    return () => {
      window.clearTimeout(timer)
      window.removeEventListener('afterprint', done)
    }
  }, [printing])

  /** The patch of changed cells, or null when a value is not valid (marked on its cell). */
  const patch = (): Record<string, TabCellValue> | null => {
    const out: Record<string, TabCellValue> = {}
    let bad = false
    form.clearErrors()
    for (const a of changed) {
      const f = sheet.fillIns[a]!
      const problem = problemOf(f, values[a])
      if (problem) {
        form.setError(a, { type: 'server', message: t(problem.key, problem.params) })
        bad = true
      } else out[a] = valueOf(f, values[a])
    }
    return bad ? null : out
  }

  const refusal = async (e: unknown): Promise<boolean> => {
    if (!isApiError(e)) return false
    const cellsOf = () => fieldsOf(e.data)
    if (e.code === Code.VERSION_CONFLICT) {
      // reopen: the other side's values, ours kept where they left a cell alone
      const fresh = await qc.fetchQuery({ ...fillOpenQueryOptions(content.tabContentId), staleTime: 0 })
      const keep: FormCells = {}
      const both: string[] = []
      const freshForm = formOf(fresh.sheet.fillIns, fresh.content.cells)
      for (const a of changed) {
        if (same(freshForm[a], base[a])) keep[a] = values[a]
        else if (!same(freshForm[a], values[a])) both.push(a)
      }
      toast.warning(t('tabulation.fill.conflict'))
      onReopen({ cells: keep, clashes: both })
      return true
    }
    if (e.code === Code.FORBIDDEN || e.code === Code.INVALID) {
      const cells = cellsOf()
      for (const c of cells) form.setError(c.address, { type: 'server', message: c.message ?? e.message })
      toast.error(
        e.code === Code.FORBIDDEN && cells.length
          ? t('tabulation.fill.forbidden', { cells: cells.map((c) => c.address).join('、') })
          : e.message,
      )
      return true
    }
    return false
  }

  const save = async (quiet = false): Promise<TabContentRow | null> => {
    const cells = patch()
    if (!cells) return null
    if (Object.keys(cells).length === 0) {
      if (!quiet) toast.info(t('tabulation.fill.nothingChanged'))
      return content
    }
    // the values the changed cells had when read: the gateway merges the save over others' saves of other cells
    const read: Record<string, TabCellValue> = {}
    for (const a of Object.keys(cells)) read[a] = valueOf(sheet.fillIns[a]!, base[a])
    const payload: ContentSavePayload = { values: { ...cells, version: content.version }, base: read }
    try {
      const r = await submitEdit({
        entity: CONTENT_ENTITY,
        entityId: content.tabContentId,
        op: 'update',
        payload,
        baseVersion: content.version,
        base: { tabContentId: content.tabContentId, templateName: content.templateName, cells: content.cells },
        title: `${content.templateName} ${content.contentDate}`,
        handled: [Code.VERSION_CONFLICT, Code.FORBIDDEN, Code.INVALID],
      })
      onReopen({ cells: {}, clashes: [] })
      if (r.queued) {
        // kept on the device (a submit waits for the connection: it says so too)
        toast.info(t('sync.queued'))
        return null
      }
      // the content saved (the layout is not sent again)
      const answer = r.data as TabContentRow
      if (!quiet) toast.success(t('tabulation.fill.saved'))
      qc.setQueryData<TabContentOpen>(tabKeys.open(content.tabContentId), (old) => old && { ...old, content: answer })
      void qc.invalidateQueries({ queryKey: tabKeys.contents(), predicate: (q) => q.queryKey[1] !== 'open' })
      return answer
    } catch (e) {
      const error = e instanceof StepError ? e.error : e
      if (!(await refusal(error))) toast.error(isApiError(error) ? error.message : String(error))
      return null
    }
  }

  const onSave = async () => {
    setBusy('save')
    try {
      await save()
    } finally {
      setBusy(null)
    }
  }

  const onSubmit = async () => {
    const missing = Object.entries(sheet.fillIns)
      .filter(([a, f]) => f.required && isEmpty(values[a]))
      .map(([a]) => a)
    form.clearErrors()
    if (missing.length) {
      for (const a of missing) form.setError(a, { type: 'server', message: t('tabulation.fill.required') })
      toast.error(t('tabulation.fill.missing', { cells: missing.join('、') }))
      return
    }
    if (!(await confirm({ title: t('tabulation.fill.submit'), description: t('tabulation.fill.submitConfirm') }))) return
    setBusy('submit')
    try {
      const now = await save(true)
      if (!now) return
      const answer = await http.post<TabContentOpen>(
        TABULATION_API.content.submit,
        { tabContentId: content.tabContentId, version: now.version },
        { handled: [Code.VERSION_CONFLICT, Code.INVALID], silent: true },
      )
      toast.success(t('tabulation.fill.submitted'))
      qc.setQueryData(tabKeys.open(content.tabContentId), answer)
      void qc.invalidateQueries({ queryKey: tabKeys.contents(), predicate: (q) => q.queryKey[1] !== 'open' })
    } catch (e) {
      if (!(await refusal(e))) toast.error(isApiError(e) ? e.message : String(e))
    } finally {
      setBusy(null)
    }
  }

  return (
    <FormProvider {...form}>
      <div className="tab-fill flex min-w-0 flex-col gap-3">
        <div className="tab-fill-bar flex flex-wrap items-center gap-2">
          <Button asChild variant="ghost" className="min-h-11">
            <Link to="/admin/table-manage">
              <ArrowLeft className="h-4 w-4" aria-hidden />
              {t('tabulation.fill.back')}
            </Link>
          </Button>
          <h1 className="min-w-0 truncate text-lg font-semibold">
            {content.templateName}{' '}
            <span className="text-sm font-normal text-muted-foreground">{t('tabulation.versionLabel', { n: content.versionNo })}</span>
          </h1>
          <ContentStatus status={content.status} />
          <SyncMark status={mark} />
          <span className="text-sm tabular-nums text-muted-foreground">{content.contentDate}</span>
          <div className="ml-auto flex flex-wrap items-center gap-2">
            {changed.length > 0 && (
              <span role="status" className="text-sm text-amber-700 dark:text-amber-400">
                {t('tabulation.fill.unsaved', { n: changed.length })}
              </span>
            )}
            <Button type="button" variant="outline" className="min-h-11" icon={Printer} onClick={() => setPrinting(true)}>
              {t('tabulation.fill.print')}
            </Button>
            {editable.size > 0 && (
              <Button
                type="button"
                variant="outline"
                className="min-h-11"
                icon={Save}
                pending={busy === 'save'}
                disabled={!!busy}
                onClick={() => void onSave()}
              >
                {t('tabulation.fill.save')}
              </Button>
            )}
            {!submitted && (
              <Can action="submit">
                <Button
                  type="button"
                  className="min-h-11"
                  icon={Send}
                  pending={busy === 'submit'}
                  disabled={!!busy}
                  onClick={() => void onSubmit()}
                >
                  {t('tabulation.fill.submit')}
                </Button>
              </Can>
            )}
          </div>
        </div>
        {submitted && (
          <p role="status" className="tab-fill-bar rounded-md border bg-muted/40 px-3 py-2 text-sm text-muted-foreground">
            {editable.size === 0 ? t('tabulation.fill.readOnly') : t('tabulation.fill.atNode')}
          </p>
        )}
        <Card className="tab-print-area overflow-auto p-3">
          <SheetTable
            sheet={sheet}
            values={values}
            editable={printing ? new Set() : editable}
            whole={printing}
            clashes={clashes}
            projectId={content.projectId}
            onTouched={(a) => setClashes((c) => c.filter((x) => x !== a))}
          />
        </Card>
      </div>
    </FormProvider>
  )
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** The cells a refusal names (`cells.C4`), with their messages. */
function fieldsOf(data: unknown): { address: string; message?: string }[] {
  const list = Array.isArray(data) ? data : data && typeof data === 'object' ? [data] : []
  return list
    .map((x) => x as { field?: unknown; message?: unknown })
    .filter((x) => typeof x.field === 'string' && x.field.startsWith('cells.'))
    .map((x) => ({ address: (x.field as string).slice(6), message: typeof x.message === 'string' ? x.message : undefined }))
}
