/**
 * A model's edit view: its basics, the BPMN canvas and our node panel side by side, save and
 * publish. Save lints the diagram in the browser first (the gateway's rules the panel can fix),
 * then adds when the model has no id yet, else updates, and reloads the lists and the detail.
 * Publish saves unsaved changes first; the gateway's 20001 problems show in the same box.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { AlertTriangle, ArrowLeft, Rocket, Save } from 'lucide-react'
import { WORKFLOW_API, type WfModelHistoryRow, type WfModelRow } from '@/contract/schemas/workflow'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { errorText, mapServerErrors, useEditorSave, type ApiErrorLike } from '@/lib/crud'
import { http } from '@/lib/http'
import { useT, type TKey } from '@/lib/i18n'
import { toast } from '@/lib/toast'
import { DiagramCanvas, type DiagramHandle } from './DiagramCanvas'
import { draftOf, emptyNode, isSaved, newDraft, toPayload, type ModelDraft, type NodeConfig } from './draft'
import { lintDiagram, lintStartForm, type DiagramNode, type LintProblem } from './lint'
import { NodePanel } from './NodePanel'
import { Can } from './permissions'
import { applicationOptionsQueryOptions, menuOptionsQueryOptions, modelDetailQueryOptions, wfKeys } from './queries'

const NO_MENU = '-'
const BASICS = ['applicationId', 'applicationMenuId', 'category', 'modelKey', 'name', 'remark'] as const
type Basic = (typeof BASICS)[number]
const LABEL: Record<Basic, TKey> = {
  applicationId: 'workflow.field.application',
  applicationMenuId: 'workflow.field.menu',
  category: 'workflow.field.category',
  modelKey: 'workflow.field.modelKey',
  name: 'workflow.field.name',
  remark: 'workflow.field.remark',
}

type Problems = { kind: 'lint'; items: LintProblem[] } | { kind: 'server'; items: string[] } | null

export interface ModelEditorProps {
  /** The model to edit; null: a new one. */
  modelId: string | null
  onClose: () => void
}

export function ModelEditor({ modelId, onClose }: ModelEditorProps) {
  const detail = useQuery({ ...modelDetailQueryOptions(modelId ?? ''), enabled: !!modelId })
  if (modelId && !detail.data) return <Loading failed={detail.isError} />
  return <EditorForm key={modelId ?? 'new'} initial={detail.data ? draftOf(detail.data) : null} onClose={onClose} />
}

function Loading({ failed }: { failed: boolean }) {
  const { t } = useT()
  return (
    <p role="status" className="p-6 text-sm text-muted-foreground">
      {failed ? t('workflow.editor.loadFailed') : t('workflow.editor.loading')}
    </p>
  )
}

function EditorForm({ initial, onClose }: { initial: ModelDraft | null; onClose: () => void }) {
  const { t, locale } = useT()
  const uid = useId()
  const apps = useQuery(applicationOptionsQueryOptions())
  const [draft, setDraft] = useState<ModelDraft>(() => initial ?? newDraft())
  const menus = useQuery({ ...menuOptionsQueryOptions(draft.applicationId), enabled: !!draft.applicationId })
  const [errors, setErrors] = useState<Partial<Record<Basic, string>>>({})
  const [problems, setProblems] = useState<Problems>(null)
  const [selected, setSelected] = useState<DiagramNode | null>(null)
  const diagram = useRef<DiagramHandle | null>(null)
  const { dirty, setDirty, busy, run, send, publish } = useEditorSave({ refetch: wfKeys.all(), onRefusal })

  // a new model files under the first application until another is chosen
  const firstApp = apps.data?.[0]?.applicationId
  useEffect(() => {
    if (firstApp) setDraft((d) => (d.applicationId ? d : { ...d, applicationId: firstApp }))
  }, [firstApp])

  const edit = (patch: Partial<ModelDraft>) => {
    setDraft((d) => ({ ...d, ...patch }))
    setDirty(true)
  }
  const configOf = (nodeId: string): NodeConfig => draft.nodes[nodeId] ?? emptyNode()
  const setConfig = (nodeId: string, next: NodeConfig) => edit({ nodes: { ...draft.nodes, [nodeId]: next } })

  /** Lints, then saves; answers the saved row, or null when nothing was saved. */
  async function save(): Promise<WfModelRow | null> {
    const handle = diagram.current
    if (!handle) return null
    const nodes = handle.nodes()
    const lint = [...lintDiagram(nodes, (id) => !!draft.nodes[id]?.executor.settingMode), ...lintStartForm(nodes, (id) => draft.nodes[id])]
    setProblems(lint.length ? { kind: 'lint', items: lint } : null)
    if (lint.length) return null
    const bpmnXml = await handle.xml()
    const userTasks = nodes.filter((n) => n.type === 'bpmn:UserTask').map((n) => n.id)
    const startId = nodes.find((n) => n.type === 'bpmn:StartEvent')?.id
    const body = toPayload({ ...draft, bpmnXml }, userTasks, startId)
    const editing = isSaved(draft)
    setErrors({})
    return send(async (onMessage) => {
      const saved = editing
        ? await http.put<WfModelRow>(WORKFLOW_API.model.update, body, { handled: [20001, 20006, 20008], onMessage })
        : await http.post<WfModelRow>(WORKFLOW_API.model.add, body, { handled: [20001, 20006], onMessage })
      setDraft((d) => ({ ...d, bpmnXml, modelId: saved.modelId, version: saved.version }))
      return saved
    })
  }

  function onRefusal(e: ApiErrorLike) {
    const mapped = mapServerErrors(e.data, () => true)
    const fields: Partial<Record<Basic, string>> = {}
    const rest: string[] = []
    for (const f of mapped.fields) {
      const name = f.name.replace(/^model\./, '') as Basic
      if (BASICS.includes(name)) fields[name] = errorText(f.message, locale, t(LABEL[name]))
      else rest.push(errorText(f.message, locale))
    }
    setErrors(fields)
    rest.push(...mapped.form.map((m) => errorText(m, locale)))
    if (rest.length === 0 && Object.keys(fields).length === 0 && e.message) rest.push(e.message)
    if (rest.length) setProblems({ kind: 'server', items: rest })
    else if (e.code === 20008 && e.message) toast.info(e.message)
  }

  const deploy = () =>
    publish(
      {
        title: t('workflow.editor.deployTitle'),
        description: t('workflow.editor.deployConfirm', { name: draft.name || draft.modelKey, n: draft.latestVersion + 1 }),
      },
      () => (dirty || !isSaved(draft) ? save() : { modelId: draft.modelId }),
      async (saved) => {
        const v = await http.post<WfModelHistoryRow>(WORKFLOW_API.model.deploy, { modelId: saved.modelId }, { handled: [20001] })
        setProblems(null)
        setDraft((d) => ({ ...d, latestVersion: v.modelVersion }))
        return t('workflow.editor.deployed', { n: v.modelVersion })
      },
    )

  const field = (name: Basic, control: ReactNode) => (
    <div className="grid gap-1">
      <Label htmlFor={`${uid}-${name}`} className="text-xs">
        {t(LABEL[name])}
      </Label>
      {control}
      {errors[name] && (
        <p id={`${uid}-${name}-error`} className="text-xs text-destructive">
          {errors[name]}
        </p>
      )}
    </div>
  )
  const textInput = (name: Exclude<Basic, 'applicationId' | 'applicationMenuId'>, max: number) =>
    field(
      name,
      <Input
        id={`${uid}-${name}`}
        value={draft[name]}
        maxLength={max}
        aria-invalid={!!errors[name] || undefined}
        aria-describedby={errors[name] ? `${uid}-${name}-error` : undefined}
        title={name === 'modelKey' ? t('workflow.modelKeyHint') : undefined}
        onChange={(e) => edit({ [name]: e.target.value })}
      />,
    )

  return (
    <section className="flex min-h-0 flex-1 flex-col gap-3" aria-labelledby={`${uid}-title`}>
      <header className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onClose}>
          <ArrowLeft aria-hidden />
          {t('workflow.actions.back')}
        </Button>
        <h2 id={`${uid}-title`} className="min-w-0 flex-1 truncate text-base font-semibold">
          {isSaved(draft) ? t('workflow.editor.editTitle', { name: draft.name }) : t('workflow.editor.newTitle')}
          {dirty && <span className="ml-2 text-xs font-normal text-muted-foreground">{t('workflow.editor.unsaved')}</span>}
        </h2>
        <Can action={isSaved(draft) ? 'edit' : 'add'}>
          <Button type="button" size="sm" disabled={busy} onClick={() => void run(save)}>
            <Save aria-hidden />
            {t('workflow.actions.save')}
          </Button>
        </Can>
        <Can action="publish">
          <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => void deploy()}>
            <Rocket aria-hidden />
            {t('workflow.actions.deploy')}
          </Button>
        </Can>
      </header>

      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {field(
          'applicationId',
          <Select value={draft.applicationId} onValueChange={(v) => edit({ applicationId: v, applicationMenuId: '' })}>
            <SelectTrigger id={`${uid}-applicationId`} aria-invalid={!!errors.applicationId || undefined}>
              <SelectValue placeholder={t('workflow.pickApplication')} />
            </SelectTrigger>
            <SelectContent>
              {(apps.data ?? []).map((a) => (
                <SelectItem key={a.applicationId} value={a.applicationId}>
                  {a.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>,
        )}
        {field(
          'applicationMenuId',
          <Select value={draft.applicationMenuId || NO_MENU} onValueChange={(v) => edit({ applicationMenuId: v === NO_MENU ? '' : v })}>
            <SelectTrigger id={`${uid}-applicationMenuId`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NO_MENU}>{t('workflow.noMenu')}</SelectItem>
              {(menus.data ?? [])
                .filter((m) => m.action)
                .map((m) => (
                  <SelectItem key={m.applicationMenuId} value={m.applicationMenuId}>
                    {m.menuName}
                  </SelectItem>
                ))}
            </SelectContent>
          </Select>,
        )}
        {textInput('category', 50)}
        {textInput('modelKey', 64)}
        {textInput('name', 100)}
        {textInput('remark', 500)}
      </div>

      {problems && (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <p className="flex items-center gap-2 font-medium text-destructive">
            <AlertTriangle aria-hidden className="size-4" />
            {problems.kind === 'lint' ? t('workflow.lint.title', { n: problems.items.length }) : t('workflow.lint.serverTitle')}
          </p>
          <ul className="mt-1 grid gap-0.5 pl-6">
            {problems.kind === 'lint'
              ? problems.items.map((p, i) => (
                  <li key={`${p.nodeId}-${p.key}-${i}`} className="list-disc">
                    {t(p.key, p.params)}{' '}
                    <button
                      type="button"
                      className="text-primary underline-offset-2 hover:underline"
                      onClick={() => diagram.current?.select(p.nodeId)}
                    >
                      {t('workflow.lint.select')}
                    </button>
                  </li>
                ))
              : problems.items.map((m) => (
                  <li key={m} className="list-disc">
                    {m}
                  </li>
                ))}
          </ul>
        </div>
      )}

      <div className="flex min-h-[420px] flex-1 gap-3">
        <div className="min-w-0 flex-1">
          <DiagramCanvas
            xml={draft.bpmnXml}
            onReady={(h) => (diagram.current = h)}
            onSelect={setSelected}
            onChange={() => setDirty(true)}
          />
        </div>
        <div className="w-72 shrink-0 overflow-y-auto rounded-md border p-3">
          <NodePanel
            node={selected}
            config={selected ? configOf(selected.id) : emptyNode()}
            onConfig={(next) => selected && setConfig(selected.id, next)}
            onRename={(name) => {
              if (selected && name !== selected.name) diagram.current?.rename(selected.id, name)
            }}
            useScope={draft.useScope}
            onUseScope={(useScope) => edit({ useScope })}
          />
        </div>
      </div>
    </section>
  )
}
