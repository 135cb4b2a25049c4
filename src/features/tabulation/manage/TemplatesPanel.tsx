/**
 * The templates tab of 表格管理: the group tree on the left (全部, or a group and its sub-groups), the
 * template list on the right with add / import, and per template: 设计, edit basics, copy, publish,
 * versions, export of the draft, 单元格权限, delete.
 */
import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Copy, Download, FileUp, History, Pencil, PencilRuler, Send, ShieldCheck } from 'lucide-react'
import {
  emptySheet,
  TAB_TEMPLATE_STATUSES,
  TABULATION_API,
  type TabTemplateDetail,
  type TabTemplateRow,
} from '@/contract/schemas/tabulation'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { DropdownMenuAction } from '@/components/ui/dropdown-menu'
import { confirm, invalidateResource, PanelList, RowAction, RowMenu, timeColumn, type FilterField, type ListColumn } from '@/lib/crud'
import { useDownload } from '@/lib/files'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { toast } from '@/lib/toast'
import { Can, useCan } from '../permissions'
import { templateDetailQueryOptions } from '../queries'
import { GroupTree } from './GroupTree'
import { templateResource } from './resource'
import { RulesDialog } from './RulesDialog'
import { CopyDialog, EditBasicsDialog, ImportTemplateDialog, TemplateFields } from './TemplateDialogs'
import { VersionsSheet } from './VersionsSheet'

type Open =
  | { kind: 'edit'; detail: TabTemplateDetail }
  | { kind: 'copy' | 'versions' | 'rules'; template: TabTemplateRow }
  | { kind: 'import' }
  | null

export function TemplatesPanel() {
  const { t } = useT()
  const [groupId, setGroupId] = useState<string | null>(null)
  return (
    <div className="grid min-h-0 flex-1 gap-3 md:grid-cols-[13rem_minmax(0,1fr)] xl:grid-cols-[16rem_minmax(0,1fr)]">
      <Card className="flex max-h-[70vh] min-h-0 flex-col overflow-hidden md:max-h-none">
        <GroupTree selectedId={groupId} onSelect={setGroupId} />
      </Card>
      <div className="flex min-w-0 flex-col" aria-label={t('tabulation.manage.listLabel')} role="region">
        <TemplateList key={groupId ?? ''} groupId={groupId} />
      </div>
    </div>
  )
}

function TemplateList({ groupId }: { groupId: string | null }) {
  const { t } = useT()
  const qc = useQueryClient()
  const navigate = useNavigate()
  const [open, setOpen] = useState<Open>(null)
  const file = useDownload()
  const can = {
    design: useCan('design'),
    edit: useCan('edit'),
    add: useCan('add'),
    export: useCan('export'),
    permission: useCan('permission'),
  }
  const statusText = (s: TabTemplateRow['status']) => t(`tabulation.status.${s}`)

  /** The draft is read first: the update sends its sheet and version back (a failed read is shown by the client). */
  const editBasics = async (row: TabTemplateRow) => {
    const detail = await qc.fetchQuery(templateDetailQueryOptions(row.tabTemplateId)).catch(() => null)
    if (detail) setOpen({ kind: 'edit', detail })
  }
  const publish = async (row: TabTemplateRow) => {
    const ok = await confirm({
      title: t('tabulation.manage.publishTitle'),
      description: t('tabulation.manage.publishConfirm', { name: row.name, n: row.currentVersionNo + 1 }),
      confirmText: t('tabulation.manage.publish'),
    })
    if (!ok) return
    // a refusal (20008: changed meanwhile, 20021) is shown by the client; the list is refetched either way
    const done = await http
      .post<{ published: { versionNo: number } }>(TABULATION_API.template.publish, {
        tabTemplateId: row.tabTemplateId,
        version: row.version,
      })
      .catch(() => null)
    if (done) toast.success(t('tabulation.manage.published', { name: row.name, n: done.published.versionNo }))
    await invalidateResource(qc, templateResource)
  }
  const exportDraft = async (row: TabTemplateRow) => {
    if (await file.download(TABULATION_API.template.export, `${row.code}.xlsx`, { tabTemplateId: row.tabTemplateId }))
      toast.success(t('files.export.done'))
  }

  const filters: FilterField[] = [
    { name: 'keyword', label: t('tabulation.manage.field.keyword') },
    {
      name: 'status',
      label: t('tabulation.manage.field.status'),
      kind: 'select',
      options: TAB_TEMPLATE_STATUSES.map((s) => ({ value: s, label: statusText(s) })),
    },
  ]
  const columns: ListColumn<TabTemplateRow>[] = [
    { key: 'name', header: t('tabulation.manage.field.name'), cell: (r) => <span className="font-medium">{r.name}</span> },
    { key: 'code', header: t('tabulation.manage.field.code'), cell: (r) => <code className="text-xs">{r.code}</code> },
    {
      key: 'status',
      header: t('tabulation.manage.field.status'),
      cell: (r) => <Badge variant={r.status === 'published' ? 'success' : 'secondary'}>{statusText(r.status)}</Badge>,
      exportValue: (r) => statusText(r.status),
    },
    {
      key: 'currentVersionNo',
      header: t('tabulation.manage.field.currentVersion'),
      cell: (r) =>
        r.currentVersionNo > 0 ? (
          <span className="tabular-nums">{t('tabulation.versionLabel', { n: r.currentVersionNo })}</span>
        ) : (
          <span className="text-muted-foreground">{t('tabulation.manage.unpublished')}</span>
        ),
      exportValue: (r) =>
        r.currentVersionNo > 0 ? t('tabulation.versionLabel', { n: r.currentVersionNo }) : t('tabulation.manage.unpublished'),
    },
    { key: 'description', header: t('tabulation.manage.field.description'), defaultHidden: true, className: 'max-w-[13rem] truncate' },
    timeColumn<TabTemplateRow>('updateTime', t('tabulation.manage.field.updateTime')),
  ]

  return (
    <>
      <PanelList
        resource={templateResource}
        title={t('tabulation.tabs.templates')}
        extraQuery={groupId ? { tabGroupId: groupId } : undefined}
        filters={filters}
        columns={columns}
        exportable={false}
        canEdit={() => false}
        form={{
          size: 'lg',
          defaults: () => ({ tabGroupId: groupId ?? '', name: '', code: '', description: '', sheet: emptySheet() }),
          render: () => <TemplateFields />,
        }}
        toolbar={
          <Can action="import">
            <Button type="button" variant="outline" icon={FileUp} onClick={() => setOpen({ kind: 'import' })}>
              {t('tabulation.manage.import.button')}
            </Button>
          </Can>
        }
        rowActions={(r) => (
          <>
            <Can action="design">
              <RowAction
                icon={<PencilRuler aria-hidden />}
                label={t('tabulation.manage.design')}
                ariaLabel={t('tabulation.manage.designOf', { name: r.name })}
                onClick={() =>
                  void navigate({ to: '/admin/table-manage/design/$tabTemplateId', params: { tabTemplateId: r.tabTemplateId } })
                }
              />
            </Can>
            <Can action="publish">
              <RowAction
                icon={<Send aria-hidden />}
                label={t('tabulation.manage.publish')}
                ariaLabel={t('tabulation.manage.publishOf', { name: r.name })}
                tone="success"
                refused={r.status === 'published' ? t('tabulation.manage.nothingToPublish') : undefined}
                onClick={() => void publish(r)}
              />
            </Can>
            <RowMenu label={t('tabulation.manage.more')} name={t('tabulation.manage.moreOf', { name: r.name })}>
              <DropdownMenuAction
                icon={History}
                label={t('tabulation.manage.versions.button')}
                onSelect={() => setOpen({ kind: 'versions', template: r })}
              />
              {can.edit && can.design && (
                <DropdownMenuAction icon={Pencil} label={t('tabulation.manage.editBasics')} onSelect={() => void editBasics(r)} />
              )}
              {can.add && (
                <DropdownMenuAction
                  icon={Copy}
                  label={t('tabulation.manage.copy')}
                  onSelect={() => setOpen({ kind: 'copy', template: r })}
                />
              )}
              {can.permission && (
                <DropdownMenuAction
                  icon={ShieldCheck}
                  label={t('tabulation.rules.button')}
                  onSelect={() => setOpen({ kind: 'rules', template: r })}
                />
              )}
              {can.export && (
                <DropdownMenuAction
                  icon={Download}
                  label={t('tabulation.manage.exportDraft')}
                  disabled={file.busy}
                  onSelect={() => void exportDraft(r)}
                />
              )}
            </RowMenu>
          </>
        )}
      />
      {open?.kind === 'edit' && <EditBasicsDialog detail={open.detail} onClose={() => setOpen(null)} />}
      {open?.kind === 'copy' && <CopyDialog template={open.template} onClose={() => setOpen(null)} />}
      {open?.kind === 'versions' && <VersionsSheet template={open.template} onClose={() => setOpen(null)} />}
      {open?.kind === 'rules' && <RulesDialog template={open.template} onClose={() => setOpen(null)} />}
      {open?.kind === 'import' && <ImportTemplateDialog groupId={groupId} onClose={() => setOpen(null)} />}
    </>
  )
}
