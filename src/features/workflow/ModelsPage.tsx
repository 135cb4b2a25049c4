/**
 * /admin/process-model-management: the models (by application, category, key or name), the
 * published versions (versionType 1) and the earlier ones (0) with stop-use / enable; a model opens
 * in the editor (basics, the BPMN modeler, our node panel, save and publish).
 */
import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Ban, CirclePlay, PencilRuler, Plus } from 'lucide-react'
import { WORKFLOW_API, type WfModelHistoryRow, type WfModelRow } from '@/contract/schemas/workflow'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { confirm, invalidateResource, ListPage, PanelList, RowAction, timeColumn, type FilterField, type ListColumn } from '@/lib/crud'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { toast } from '@/lib/toast'
import { ModelEditor } from './ModelEditor'
import { Can } from './permissions'
import { applicationOptionsQueryOptions } from './queries'
import { historyResource, modelResource } from './resource'

type Tab = 'models' | 'published' | 'history'

export function ModelsPage() {
  const { t } = useT()
  const [tab, setTab] = useState<Tab>('models')
  /** The model open in the editor: its id, '' for a new one; null: the lists. */
  const [editing, setEditing] = useState<string | null>(null)
  if (editing !== null) return <ModelEditor modelId={editing || null} onClose={() => setEditing(null)} />
  return (
    <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)} className="flex min-h-0 flex-1 flex-col gap-3">
      <TabsList className="self-start">
        <TabsTrigger value="models">{t('workflow.tabs.models')}</TabsTrigger>
        <TabsTrigger value="published">{t('workflow.tabs.published')}</TabsTrigger>
        <TabsTrigger value="history">{t('workflow.tabs.history')}</TabsTrigger>
      </TabsList>
      <TabsContent value="models" className="flex min-h-0 flex-1 flex-col">
        <ModelList onOpen={setEditing} />
      </TabsContent>
      <TabsContent value="published" className="flex min-h-0 flex-1 flex-col">
        <VersionList versionType={1} />
      </TabsContent>
      <TabsContent value="history" className="flex min-h-0 flex-1 flex-col">
        <VersionList versionType={0} />
      </TabsContent>
    </Tabs>
  )
}

function ModelList({ onOpen }: { onOpen: (modelId: string) => void }) {
  const { t } = useT()
  const apps = useQuery(applicationOptionsQueryOptions())
  const appName = (id: string) => apps.data?.find((a) => a.applicationId === id)?.name ?? '--'
  const filters: FilterField[] = [
    { name: 'keyword', label: t('workflow.field.keyword') },
    { name: 'category', label: t('workflow.field.category') },
    {
      name: 'applicationId',
      label: t('workflow.field.application'),
      kind: 'select',
      options: (apps.data ?? []).map((a) => ({ value: a.applicationId, label: a.name })),
    },
  ]
  const columns: ListColumn<WfModelRow>[] = [
    { key: 'name', header: t('workflow.field.name'), cell: (m) => <span className="font-medium">{m.name}</span> },
    { key: 'modelKey', header: t('workflow.field.modelKey'), cell: (m) => <code className="text-xs">{m.modelKey}</code> },
    { key: 'category', header: t('workflow.field.category') },
    {
      key: 'applicationId',
      header: t('workflow.field.application'),
      cell: (m) => appName(m.applicationId),
      exportValue: (m) => appName(m.applicationId),
    },
    {
      key: 'latestVersion',
      header: t('workflow.field.latestVersion'),
      cell: (m) =>
        m.latestVersion > 0 ? (
          <Badge variant="success">{t('workflow.versionLabel', { n: m.latestVersion })}</Badge>
        ) : (
          <Badge variant="secondary">{t('workflow.never')}</Badge>
        ),
      exportValue: (m) => m.latestVersion,
    },
    { key: 'remark', header: t('workflow.field.remark'), defaultHidden: true, className: 'max-w-[13rem] truncate' },
    timeColumn<WfModelRow>('updateTime', t('workflow.field.updateTime')),
  ]
  return (
    <ListPage
      resource={modelResource}
      description={t('workflow.description')}
      filters={filters}
      columns={columns}
      deletable={false}
      exportable={false}
      toolbar={
        <Can action="add">
          <Button type="button" size="sm" onClick={() => onOpen('')}>
            <Plus aria-hidden />
            {t('workflow.actions.add')}
          </Button>
        </Can>
      }
      rowActions={(m) => (
        <RowAction icon={<PencilRuler aria-hidden />} label={t('workflow.actions.design')} onClick={() => onOpen(m.modelId)} />
      )}
    />
  )
}

function VersionList({ versionType }: { versionType: 0 | 1 }) {
  const { t } = useT()
  const qc = useQueryClient()
  const statusLabel = (s: 0 | 1) => (s === 1 ? t('workflow.status.inUse') : t('workflow.status.stopped'))

  async function setStatus(status: 0 | 1, ids: string[]): Promise<boolean> {
    if (status === 0) {
      const ok = await confirm({
        title: t('workflow.editor.stopTitle'),
        description: t('workflow.editor.stopConfirm', { n: ids.length }),
        destructive: true,
      })
      if (!ok) return false
    }
    await http.put(WORKFLOW_API.history.updateStatus, { status, modelHistoryIds: ids })
    toast.success(t(status === 1 ? 'workflow.editor.enabled' : 'workflow.editor.stopped'))
    await invalidateResource(qc, historyResource)
    return true
  }

  const columns: ListColumn<WfModelHistoryRow>[] = [
    { key: 'name', header: t('workflow.field.name'), cell: (v) => <span className="font-medium">{v.name}</span> },
    { key: 'modelKey', header: t('workflow.field.modelKey'), cell: (v) => <code className="text-xs">{v.modelKey}</code> },
    {
      key: 'modelVersion',
      header: t('workflow.field.modelVersion'),
      cell: (v) => <span className="tabular-nums">{t('workflow.versionLabel', { n: v.modelVersion })}</span>,
    },
    { key: 'category', header: t('workflow.field.category') },
    {
      key: 'status',
      header: t('workflow.field.status'),
      cell: (v) => <Badge variant={v.status === 1 ? 'success' : 'secondary'}>{statusLabel(v.status)}</Badge>,
      exportValue: (v) => statusLabel(v.status),
    },
    timeColumn<WfModelHistoryRow>('deployTime', t('workflow.field.deployTime')),
  ]
  return (
    <PanelList
      resource={historyResource}
      title={t(versionType === 1 ? 'workflow.tabs.published' : 'workflow.tabs.history')}
      extraQuery={{ versionType: String(versionType) }}
      filters={[{ name: 'keyword', label: t('workflow.field.keyword') }]}
      columns={columns}
      deletable={false}
      exportable={false}
      actions={{ delete: 'stop' }}
      rowActions={(v) => (
        <Can action="stop">
          {v.status === 1 ? (
            <RowAction
              icon={<Ban aria-hidden />}
              label={t('workflow.actions.stop')}
              onClick={() => void setStatus(0, [v.modelHistoryId])}
            />
          ) : (
            <RowAction
              icon={<CirclePlay aria-hidden />}
              label={t('workflow.actions.enable')}
              onClick={() => void setStatus(1, [v.modelHistoryId])}
            />
          )}
        </Can>
      )}
      bulkActions={(ids, clear) =>
        ids.length > 0 && (
          <Can action="stop">
            <span className="inline-flex gap-2">
              <Button type="button" size="sm" variant="outline" onClick={() => void setStatus(0, ids).then((done) => done && clear())}>
                {t('workflow.actions.stopSelected', { n: ids.length })}
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={() => void setStatus(1, ids).then((done) => done && clear())}>
                {t('workflow.actions.enableSelected', { n: ids.length })}
              </Button>
            </span>
          </Can>
        )
      }
    />
  )
}
