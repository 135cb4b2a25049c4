/**
 * 填报记录: the sheets filled on published templates (tabulationApi/listPage) — template, version,
 * project, work site, date, status, update time — filtered by template, status and dates. 新建填报
 * (the fill function) adds a sheet on a published template and opens its fill-in screen; a row opens it.
 */
import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useWatch } from 'react-hook-form'
import { Eye, FilePlus2, PencilLine } from 'lucide-react'
import { TAB_CONTENT_STATUSES, tabContentAdd, type TabContentOpen, type TabContentRow } from '@/contract/schemas/tabulation'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import {
  FORM_HANDLED_CODES,
  PanelList,
  RowAction,
  defineResource,
  textColumn,
  timeColumn,
  todayDate,
  type FilterField,
  type ListColumn,
} from '@/lib/crud'
import { ActionDialog, FormField, PickField, useActionForm } from '@/lib/crud/forms'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { useProjectOptions } from '@/lib/project'
import { Can } from '../permissions'
import { contentPaths, projectWorkSitesQueryOptions, publishedTemplatesQueryOptions, tabKeys } from '../queries'

/** The list machinery's view of contents: listed only here (added by the dialog, saved on the fill-in screen). */
const contentResource = defineResource<TabContentRow>({
  key: 'tabContent',
  paths: contentPaths,
  idKey: 'tabContentId',
  schemas: () => import('@/contract/schemas/tabulation').then((m) => ({ add: m.tabContentAdd, update: m.tabContentAdd })),
})

export function ContentStatus({ status }: { status: TabContentRow['status'] }) {
  const { t } = useT()
  return <Badge variant={status === 'submitted' ? 'default' : 'secondary'}>{t(`tabulation.status.${status}`)}</Badge>
}

export function ContentsPanel() {
  const { t } = useT()
  const navigate = useNavigate()
  const [adding, setAdding] = useState(false)
  const templates = useQuery(publishedTemplatesQueryOptions())
  const projects = useProjectOptions()
  const projectName = (id: string) => projects.data?.find((p) => p.projectId === id)?.projectName ?? '--'
  const openSheet = (id: string) => void navigate({ to: '/admin/table-manage/fill/$tabContentId', params: { tabContentId: id } })
  const columns: ListColumn<TabContentRow>[] = [
    {
      key: 'templateName',
      header: t('tabulation.fill.field.template'),
      cell: (r) => (
        <button
          type="button"
          className="min-h-11 text-left font-medium text-primary hover:underline"
          onClick={() => openSheet(r.tabContentId)}
        >
          {r.templateName}
        </button>
      ),
      exportValue: (r) => r.templateName,
    },
    textColumn<TabContentRow>('versionNo', t('tabulation.fill.field.version'), (r) => t('tabulation.versionLabel', { n: r.versionNo })),
    textColumn<TabContentRow>('projectId', t('tabulation.fill.field.project'), (r) => projectName(r.projectId)),
    {
      key: 'workSiteId',
      header: t('tabulation.fill.field.workSite'),
      cell: (r) => <WorkSiteName projectId={r.projectId} id={r.workSiteId} />,
    },
    { key: 'contentDate', header: t('tabulation.fill.field.date'), className: 'tabular-nums' },
    {
      key: 'status',
      header: t('tabulation.fill.field.status'),
      cell: (r) => <ContentStatus status={r.status} />,
      exportValue: (r) => t(`tabulation.status.${r.status}`),
    },
    timeColumn<TabContentRow>('updateTime', t('tabulation.fill.field.updateTime')),
  ]
  const filters: FilterField[] = [
    {
      name: 'tabTemplateId',
      label: t('tabulation.fill.field.template'),
      kind: 'select',
      options: (templates.data ?? []).map((x) => ({ value: x.tabTemplateId, label: x.name })),
    },
    {
      name: 'status',
      label: t('tabulation.fill.field.status'),
      kind: 'select',
      options: TAB_CONTENT_STATUSES.map((s) => ({ value: s, label: t(`tabulation.status.${s}`) })),
    },
    { name: 'dateFrom', label: t('tabulation.fill.field.dateFrom'), kind: 'date' },
    { name: 'dateTo', label: t('tabulation.fill.field.dateTo'), kind: 'date' },
  ]
  return (
    <>
      <PanelList
        resource={contentResource}
        title={t('tabulation.tabs.contents')}
        columns={columns}
        filters={filters}
        deletable={false}
        exportable={false}
        toolbar={
          <Can action="fill">
            <Button type="button" icon={FilePlus2} onClick={() => setAdding(true)}>
              {t('tabulation.fill.add')}
            </Button>
          </Can>
        }
        rowActions={(r) => (
          <RowAction
            icon={r.status === 'submitted' ? <Eye aria-hidden /> : <PencilLine aria-hidden />}
            label={t(r.status === 'submitted' ? 'tabulation.fill.view' : 'tabulation.fill.open')}
            tone="plain"
            onClick={() => openSheet(r.tabContentId)}
          />
        )}
      />
      {adding && <AddDialog onClose={() => setAdding(false)} onAdded={openSheet} />}
    </>
  )
}

/** A work site's name, from the project's sites (cached per project). */
function WorkSiteName({ projectId, id }: { projectId: string; id: string | null }) {
  const sites = useQuery({ ...projectWorkSitesQueryOptions(projectId), enabled: !!id })
  if (!id) return <span className="text-muted-foreground">--</span>
  return <>{sites.data?.find((s) => s.workSiteId === id)?.workSiteName ?? '--'}</>
}

interface AddValues {
  tabTemplateId: string
  projectId: string
  workSiteId: string | null
  contentDate: string
}

function AddDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (id: string) => void }) {
  const { t } = useT()
  const qc = useQueryClient()
  const templates = useQuery(publishedTemplatesQueryOptions())
  const projects = useProjectOptions()
  const action = useActionForm<AddValues>({
    schema: tabContentAdd,
    defaultValues: { tabTemplateId: '', projectId: projects.data?.[0]?.projectId ?? '', workSiteId: null, contentDate: todayDate() },
    action: (v) => http.post<TabContentOpen>(contentPaths.add, { ...v, workSiteId: v.workSiteId || null }, { handled: FORM_HANDLED_CODES }),
    success: t('tabulation.fill.created'),
    onDone: (_v, result) => {
      const opened = result as TabContentOpen
      qc.setQueryData(tabKeys.open(opened.content.tabContentId), opened)
      void qc.invalidateQueries({ queryKey: tabKeys.contents() })
      onClose()
      onAdded(opened.content.tabContentId)
    },
  })
  const options = (templates.data ?? []).map((x) => ({
    value: x.tabTemplateId,
    label: `${x.name} ${t('tabulation.versionLabel', { n: x.currentVersionNo })}`,
    text: `${x.name} ${x.code}`,
  }))
  return (
    <ActionDialog open onClose={onClose} title={t('tabulation.fill.addTitle')} action={action} submitText={t('common.confirm')}>
      <PickField
        name="tabTemplateId"
        label={t('tabulation.fill.field.template')}
        options={options}
        placeholder={t('tabulation.fill.pickTemplate')}
        loaded={templates.isSuccess}
        none={t('tabulation.fill.noTemplates')}
      />
      <FormField
        name="projectId"
        label={t('tabulation.fill.field.project')}
        kind="select"
        required
        options={(projects.data ?? []).map((p) => ({ value: p.projectId, label: p.projectName }))}
        onValueChange={() => action.form.setValue('workSiteId', null)}
      />
      <SiteField />
      <FormField name="contentDate" label={t('tabulation.fill.field.date')} kind="date" required />
    </ActionDialog>
  )
}

/** The chosen project's work sites (optional). */
function SiteField() {
  const { t } = useT()
  const projectId = useWatch({ name: 'projectId' }) as string
  const sites = useQuery({ ...projectWorkSitesQueryOptions(projectId), enabled: !!projectId })
  return (
    <FormField
      name="workSiteId"
      label={t('tabulation.fill.field.workSite')}
      kind="select"
      options={[
        { value: null as unknown as string, label: t('tabulation.fill.noWorkSite') },
        ...(sites.data ?? []).map((s) => ({ value: s.workSiteId, label: s.workSiteName })),
      ]}
    />
  )
}
