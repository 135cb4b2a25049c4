/**
 * /admin/table-manage/design/$tabTemplateId: a template's draft in the spreadsheet editor
 * (./SheetEditor) with a format toolbar, and the fill-in panel (./FillInPanel) for the selected
 * cells. Save checks the sheet with the contract's schema, then updates the draft with the version
 * read (20008: someone saved first — reload); publish saves unsaved changes first, then freezes the
 * draft as the next version. Leaving with unsaved changes asks first.
 */
import { useMemo, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import {
  AlignCenter,
  AlignLeft,
  AlignRight,
  ArrowLeft,
  Bold,
  Grid2x2,
  Italic,
  Merge,
  PaintBucket,
  Rocket,
  Save,
  Split,
  WrapText,
  type LucideIcon,
} from 'lucide-react'
import {
  addressOf,
  TABULATION_API,
  tabSheet,
  type CellRange,
  type TabFillIn,
  type TabTemplateDetail,
  type TabTemplateRow,
  type TabVersionRow,
} from '@/contract/schemas/tabulation'
import { Badge } from '@/components/ui/badge'
import { Button, IconButton } from '@/components/ui/button'
import { errorText, mapServerErrors, useEditorSave, type ApiErrorLike } from '@/lib/crud'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { Can } from '../permissions'
import { tabKeys, templateDetailQueryOptions } from '../queries'
import { FillInPanel } from './FillInPanel'
import { fromGrid, shiftAddresses, toGrid } from './grid'
import { SheetEditor, type SheetEditorHandle } from './SheetEditor'
import './designer.css'

const route = getRouteApi('/_shell/admin/table-manage_/design/$tabTemplateId')

export function Designer() {
  const { t } = useT()
  const { tabTemplateId } = route.useParams()
  const detail = useQuery(templateDetailQueryOptions(tabTemplateId))
  if (!detail.data || !detail.isFetchedAfterMount)
    return (
      <p role="status" className="p-6 text-sm text-muted-foreground">
        {detail.isError ? t('tabulation.designer.loadFailed') : t('tabulation.designer.loading')}
      </p>
    )
  return <DesignerBody key={tabTemplateId} template={detail.data} />
}

const FONT_SIZES = ['9pt', '10pt', '11pt', '12pt', '14pt', '16pt', '18pt', '22pt']
/** Fills a printed form uses (Excel's light theme tints), by their name's key. */
const FILLS = { none: '#FFFFFF', blue: '#DDEBF7', green: '#E2EFDA', yellow: '#FFF2CC', orange: '#FCE4D6', grey: '#EDEDED' } as const

function DesignerBody({ template }: { template: TabTemplateDetail }) {
  const { t, locale } = useT()
  const navigate = useNavigate()
  const editor = useRef<SheetEditorHandle>(null)
  const init = useMemo(() => toGrid(template.sheet), [template.sheet])
  const [row, setRow] = useState<TabTemplateRow>(template)
  const [fillIns, setFillIns] = useState<Record<string, TabFillIn>>(template.sheet.fillIns)
  const [selection, setSelection] = useState<CellRange>({ top: 1, left: 1, bottom: 1, right: 1 })
  const [problems, setProblems] = useState<string[]>([])
  const { dirty, setDirty, busy, run, send, publish } = useEditorSave({ refetch: tabKeys.templates(), onRefusal })

  const marked = useMemo(() => new Set(Object.keys(fillIns)), [fillIns])
  const changeFillIns = (next: Record<string, TabFillIn>) => {
    setFillIns(next)
    editor.current?.paint(new Set(Object.keys(next)))
    setDirty(true)
  }

  async function save(): Promise<TabTemplateRow | null> {
    const handle = editor.current
    if (!handle) return null
    const sheet = fromGrid(handle.read(), fillIns)
    const checked = tabSheet.safeParse(sheet)
    if (!checked.success) {
      setProblems(checked.error.issues.map((i) => `${i.path.join('.')}: ${errorText(i.message, locale)}`))
      return null
    }
    setProblems([])
    return send(async (onMessage) => {
      const saved = await http.put<TabTemplateRow>(
        TABULATION_API.template.update,
        {
          tabTemplateId: row.tabTemplateId,
          version: row.version,
          tabGroupId: row.tabGroupId,
          name: row.name,
          code: row.code,
          description: row.description,
          applicationId: row.applicationId,
          applicationMenuId: row.applicationMenuId,
          sheet: checked.data,
        },
        { handled: [20001, 20006, 20008], onMessage },
      )
      setRow(saved)
      return saved
    })
  }

  function onRefusal(e: ApiErrorLike) {
    const mapped = mapServerErrors(e.data, () => false)
    const items = [
      ...mapped.fields.map((f) => `${f.name}: ${errorText(f.message, locale)}`),
      ...mapped.form.map((m) => errorText(m, locale)),
    ]
    setProblems(items.length ? items : e.message ? [e.message] : [])
  }

  const publishDraft = () =>
    publish(
      {
        title: t('tabulation.designer.publishTitle'),
        description: t('tabulation.designer.publishConfirm', { name: row.name, n: row.currentVersionNo + 1 }),
      },
      () => (dirty ? save() : row),
      async (saved) => {
        const answer = await http.post<{ template: TabTemplateRow; published: TabVersionRow }>(
          TABULATION_API.template.publish,
          { tabTemplateId: saved.tabTemplateId, version: saved.version },
          { handled: [20001, 20008] },
        )
        setRow(answer.template)
        return t('tabulation.designer.published', { n: answer.published.versionNo })
      },
    )

  const tool = (label: string, icon: LucideIcon, onClick: () => void) => <IconButton icon={icon} label={label} tip onClick={onClick} />
  const style =
    (prop: string, value: string, toggle = false) =>
    () =>
      editor.current?.style(prop, value, toggle)
  const at = addressOf(selection.top, selection.left)
  const span =
    selection.top === selection.bottom && selection.left === selection.right ? at : `${at}:${addressOf(selection.bottom, selection.right)}`

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <header className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="ghost" size="sm" icon={ArrowLeft} onClick={() => void navigate({ to: '/admin/table-manage' })}>
          {t('tabulation.designer.back')}
        </Button>
        <h1 className="text-lg font-semibold">{row.name}</h1>
        <code className="text-xs text-muted-foreground">{row.code}</code>
        <Badge variant={row.status === 'published' && !dirty ? 'success' : 'secondary'}>
          {row.status === 'published' && !dirty ? t('tabulation.status.published') : t('tabulation.status.draft')}
        </Badge>
        {row.currentVersionNo > 0 && <Badge variant="outline">{t('tabulation.versionLabel', { n: row.currentVersionNo })}</Badge>}
        <span className="flex-1" />
        <Can action="edit">
          <Button type="button" size="sm" variant="outline" icon={Save} disabled={busy || !dirty} onClick={() => void run(save)}>
            {t('tabulation.designer.save')}
          </Button>
        </Can>
        <Can action="publish">
          <Button type="button" size="sm" icon={Rocket} disabled={busy} onClick={() => void publishDraft()}>
            {t('tabulation.designer.publish')}
          </Button>
        </Can>
      </header>
      <div
        role="toolbar"
        aria-label={t('tabulation.designer.toolbar')}
        className="flex flex-wrap items-center gap-1 rounded-md border bg-card px-2 py-1"
      >
        <span className="min-w-16 px-2 font-mono text-xs tabular-nums" data-testid="designer-selection">
          {span}
        </span>
        {tool(t('tabulation.designer.bold'), Bold, style('font-weight', 'bold', true))}
        {tool(t('tabulation.designer.italic'), Italic, style('font-style', 'italic', true))}
        <select
          aria-label={t('tabulation.designer.fontSize')}
          className="h-9 rounded-md border bg-background px-2 text-sm"
          value=""
          onChange={(e) => e.target.value && editor.current?.style('font-size', e.target.value)}
        >
          <option value="">{t('tabulation.designer.fontSize')}</option>
          {FONT_SIZES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        {tool(t('tabulation.designer.alignLeft'), AlignLeft, style('text-align', 'left'))}
        {tool(t('tabulation.designer.alignCenter'), AlignCenter, style('text-align', 'center'))}
        {tool(t('tabulation.designer.alignRight'), AlignRight, style('text-align', 'right'))}
        {tool(t('tabulation.designer.wrap'), WrapText, style('white-space', 'pre-wrap', true))}
        <label className="flex items-center gap-1 px-1 text-xs text-muted-foreground">
          <PaintBucket aria-hidden className="size-4" />
          <span className="sr-only">{t('tabulation.designer.fill')}</span>
          <select
            aria-label={t('tabulation.designer.fill')}
            className="h-9 rounded-md border bg-background px-1 text-sm"
            value=""
            onChange={(e) =>
              e.target.value && editor.current?.style('background-color', e.target.value === '#FFFFFF' ? '' : e.target.value)
            }
          >
            <option value="">{t('tabulation.designer.fill')}</option>
            {Object.entries(FILLS).map(([key, c]) => (
              <option key={c} value={c} style={{ backgroundColor: c }}>
                {t(`tabulation.designer.fills.${key as keyof typeof FILLS}`)}
              </option>
            ))}
          </select>
        </label>
        {tool(t('tabulation.designer.borders'), Grid2x2, style('border', '1px solid #000', true))}
        {tool(t('tabulation.designer.merge'), Merge, () => editor.current?.merge())}
        {tool(t('tabulation.designer.unmerge'), Split, () => editor.current?.unmerge())}
      </div>
      {problems.length > 0 && (
        <ul role="alert" className="list-disc rounded-md border border-destructive/50 bg-destructive/5 px-6 py-2 text-sm text-destructive">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <div className="grid min-h-[28rem] flex-1 gap-3 lg:grid-cols-[1fr_18rem]">
        <SheetEditor
          ref={editor}
          init={init}
          fillIns={marked}
          onSelect={setSelection}
          onStructure={(axis, from, count) => changeFillIns(shiftAddresses(fillIns, axis, from, count))}
          onChange={() => setDirty(true)}
        />
        <FillInPanel selection={selection} fillIns={fillIns} onChange={changeFillIns} />
      </div>
    </div>
  )
}
