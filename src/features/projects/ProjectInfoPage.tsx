/**
 * /admin/project and /admin/project-information (项目 / 项目信息): one project — chosen by the
 * picker, kept in the URL search `projectId` — its details, and its participating units (type,
 * unit from the unit tree, code, contact, phone) as a list with add, edit and delete.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Pencil } from 'lucide-react'
import { PROJECT_UNIT_FIELDS } from '@/contract/fields/project'
import type { Project, ProjectUnit } from '@/contract/schemas/project'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Progress } from '@/components/ui/progress'
import { Skeleton } from '@/components/ui/skeleton'
import { DeclaredFields, declaredFilters, FormDialog, textColumn, useTranslate, type ListColumn } from '@/lib/crud'
import { useCan } from '@/lib/permissions'
import { useT } from '@/lib/i18n'
import { ProjectPage } from '@/lib/project'
import { ProjectFormFields, useUnitTreeOptions } from './fields'
import { StatusBadge } from './ProjectManagePage'
import { ProjectSubList } from './ProjectSubList'
import { projectQueryOptions } from './queries'
import { projectResource, projectUnitResource } from './resource'

export function ProjectInfoPage() {
  const { t } = useT()
  return <ProjectPage description={t('projects.info.description')}>{(projectId) => <ProjectDetails projectId={projectId} />}</ProjectPage>
}

function ProjectDetails({ projectId }: { projectId: string }) {
  const { t } = useT()
  const tr = useTranslate()
  const query = useQuery(projectQueryOptions(projectId))
  const canEdit = useCan('/admin/project-manage', 'edit')
  const [editing, setEditing] = useState(false)
  const p = query.data
  const units = useUnitTreeOptions()

  const columns: ListColumn<ProjectUnit>[] = [
    textColumn('unitType', t('projects.field.unitType'), (u) => t(`projects.unitType.${u.unitType}`), { sortable: true }),
    {
      key: 'organizationName',
      header: t('projects.field.unitOrg'),
      className: 'max-w-[18rem] truncate',
      cell: (u) => (
        <span className="font-medium" title={u.organizationName ?? ''}>
          {u.organizationName}
        </span>
      ),
    },
    { key: 'unitCode', header: t('projects.field.unitCode'), cell: (u) => u.unitCode || t('projects.none') },
    { key: 'contactPerson', header: t('projects.field.contactPerson'), cell: (u) => u.contactPerson || t('projects.none') },
    {
      key: 'contactPhone',
      header: t('projects.field.contactPhone'),
      cell: (u) => <span className="tabular-nums">{u.contactPhone || t('projects.none')}</span>,
    },
    { key: 'sort', header: t('projects.field.sort'), sortable: true, align: 'right' },
  ]

  return (
    <>
      <Card className="p-4 sm:p-5">
        {!p ? (
          <div className="space-y-3">
            <Skeleton className="h-6 w-1/3" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
                  <span className="min-w-0 break-words">{p.projectName}</span>
                  <StatusBadge status={p.status} />
                </h2>
                <p className="text-sm text-muted-foreground">
                  {p.projectCode} · {t(`projects.type.${p.projectType}`)}
                </p>
              </div>
              {canEdit && (
                <Button variant="outline" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden />
                  {t('projects.info.edit')}
                </Button>
              )}
            </div>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2 xl:grid-cols-4">
              <Item label={t('projects.field.organizationName')} value={p.organizationName} />
              <Item label={t('projects.field.dates')} value={`${p.startDate ?? '--'} ~ ${p.endDate ?? '--'}`} />
              <Item label={t('projects.field.location')} value={p.location} />
              <div className="flex min-w-0 flex-col gap-1">
                <dt className="text-muted-foreground">{t('projects.field.progress')}</dt>
                <dd className="flex items-center gap-2">
                  <Progress value={p.progress} className="h-1.5 w-28" aria-label={t('projects.field.progress')} />
                  <span className="tabular-nums">{p.progress}%</span>
                </dd>
              </div>
              <Item label={t('projects.field.units')} value={String(p.unitCount)} />
              <Item label={t('projects.field.lineCount')} value={String(p.lineCount)} />
              <Item label={t('projects.field.workSiteCount')} value={String(p.workSiteCount)} />
            </dl>
            {p.description && (
              <div className="text-sm">
                <div className="text-muted-foreground">{t('projects.field.description')}</div>
                <p className="mt-1 whitespace-pre-line">{p.description}</p>
              </div>
            )}
          </div>
        )}
      </Card>

      <section className="-mb-2 min-w-0">
        <h2 className="text-lg font-semibold tracking-tight">{t('projects.info.units')}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('projects.info.unitsDescription')}</p>
      </section>
      <ProjectSubList
        projectId={projectId}
        resource={projectUnitResource}
        title={t('projects.info.units')}
        columns={columns}
        filters={declaredFilters(PROJECT_UNIT_FIELDS, tr)}
        form={{
          size: 'lg',
          defaults: () => ({ projectId, unitType: 'construction', sort: 1 }),
          render: () => <DeclaredFields fields={PROJECT_UNIT_FIELDS} sources={{ organization: units }} />,
        }}
      />

      {p && (
        <FormDialog<Project>
          key={`${p.projectId}:${p.version}`}
          resource={projectResource}
          open={editing}
          onOpenChange={setEditing}
          record={p}
          size="lg"
        >
          <ProjectFormFields />
        </FormDialog>
      )}
    </>
  )
}

function Item({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{value || '--'}</dd>
    </div>
  )
}
