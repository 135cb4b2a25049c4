/** /admin/project-manage (项目总览): the caller's projects with status, units, counts and progress; filters in the URL; add, edit, open. */
import { useMemo } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { FolderOpen } from 'lucide-react'
import { PROJECT_STATUSES, PROJECT_TYPES, type Project } from '@/contract/schemas/project'
import { Progress } from '@/components/ui/progress'
import { AttributeFields, useAttrBinding } from '@/lib/attributes'
import { enumOptions, ListPage, numberColumn, RowAction, type FilterField, type ListColumn } from '@/lib/crud'
import { useT } from '@/lib/i18n'
import { ProjectFormFields, projectDefaults } from './fields'
import { StatusBadge } from './StatusBadge'
import { projectResource } from './resource'

export function ProjectManagePage() {
  const { t } = useT()
  const navigate = useNavigate()
  const open = (projectId: string) => void navigate({ to: '/admin/project-information', search: { projectId } })
  // the project's extended attributes (属性配置, node type 1) on its form
  const attrs = useAttrBinding(1)
  const resource = useMemo(() => attrs.wrap(projectResource), [attrs])

  const filters: FilterField[] = [
    { name: 'keyword', label: t('projects.field.keyword') },
    {
      name: 'status',
      label: t('projects.field.status'),
      kind: 'select',
      options: enumOptions(PROJECT_STATUSES, (v) => t(`projects.status.${v}`)),
    },
    {
      name: 'projectType',
      label: t('projects.field.projectType'),
      kind: 'select',
      options: enumOptions(PROJECT_TYPES, (v) => t(`projects.type.${v}`)),
    },
  ]

  const columns: ListColumn<Project>[] = [
    {
      key: 'projectName',
      header: t('projects.field.projectName'),
      sortable: true,
      className: 'max-w-[18rem]',
      cell: (p) => (
        <button type="button" className="flex min-w-0 flex-col items-start text-left hover:underline" onClick={() => open(p.projectId)}>
          <span className="max-w-full truncate font-medium" title={p.projectName}>
            {p.projectName}
          </span>
          <span className="text-xs text-muted-foreground">{p.projectCode}</span>
        </button>
      ),
      exportValue: (p) => p.projectName,
    },
    { key: 'projectCode', header: t('projects.field.projectCode'), sortable: true, defaultHidden: true },
    {
      key: 'status',
      header: t('projects.field.status'),
      cell: (p) => <StatusBadge status={p.status} />,
      exportValue: (p) => t(`projects.status.${p.status}`),
    },
    {
      key: 'organizationName',
      header: t('projects.field.organizationName'),
      className: 'max-w-[11rem] truncate',
      // the owner is also the first 建设 unit among the participants
      defaultHidden: true,
      cell: (p) => <span title={p.organizationName ?? ''}>{p.organizationName || t('projects.none')}</span>,
    },
    {
      key: 'unitNames',
      header: t('projects.field.units'),
      className: 'max-w-[12rem]',
      cell: (p) => (
        <span className="block truncate" title={p.unitNames.join('、')}>
          <span className="tabular-nums">{p.unitCount}</span>
          <span className="text-muted-foreground">
            {' · '}
            {p.unitNames.slice(0, 2).join('、')}
            {p.unitNames.length > 2 ? ` ${t('projects.more', { n: p.unitNames.length - 2 })}` : ''}
          </span>
        </span>
      ),
      exportValue: (p) => p.unitNames.join('、'),
    },
    numberColumn('lineCount', t('projects.field.lineCount')),
    numberColumn('workSiteCount', t('projects.field.workSiteCount')),
    {
      key: 'progress',
      header: t('projects.field.progress'),
      sortable: true,
      cell: (p) => (
        <span className="flex min-w-[7rem] items-center gap-2">
          <Progress value={p.progress} className="h-1.5 w-16" aria-label={t('projects.field.progress')} />
          <span className="tabular-nums text-muted-foreground">{p.progress}%</span>
        </span>
      ),
      exportValue: (p) => `${p.progress}%`,
    },
    {
      key: 'startDate',
      header: t('projects.field.dates'),
      sortable: true,
      cell: (p) => (
        <span className="whitespace-nowrap tabular-nums text-muted-foreground">
          {p.startDate ?? '--'} ~ {p.endDate ?? '--'}
        </span>
      ),
      exportValue: (p) => `${p.startDate ?? ''} ~ ${p.endDate ?? ''}`,
    },
    { key: 'location', header: t('projects.field.location'), defaultHidden: true },
  ]

  return (
    <ListPage
      resource={resource}
      description={t('projects.manage.description')}
      filters={filters}
      columns={columns}
      rowActions={(p) => (
        <RowAction icon={<FolderOpen aria-hidden />} label={t('projects.manage.open')} onClick={() => open(p.projectId)} />
      )}
      form={{
        size: 'lg',
        defaults: projectDefaults,
        render: ({ record }) => (
          <>
            <ProjectFormFields />
            <AttributeFields binding={attrs} nodeId={record?.projectId} />
          </>
        ),
        onSaved: (saved, editing) => {
          if (saved) void attrs.save(saved.projectId)
          if (saved && !editing) open(saved.projectId)
        },
      }}
    />
  )
}
