/**
 * /admin/project-information (项目信息): the record of one project — chosen by the picker, kept in
 * the URL search `projectId` — its details and figures, edited in place. Its participating units and
 * lines are 项目 (ProjectPartiesPage), its work sites 项目工点信息: the figures lead there.
 */
import { useState } from 'react'
import { Link } from '@/components/link'
import { useQuery } from '@tanstack/react-query'
import { Pencil } from 'lucide-react'
import type { Project } from '@/contract/schemas/project'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Progress } from '@/components/ui/progress'
import { Skeleton } from '@/components/ui/skeleton'
import { FormDialog } from '@/lib/crud'
import { useCan } from '@/lib/permissions'
import { useT } from '@/lib/i18n'
import { ProjectPage } from '@/lib/project'
import { ProjectFormFields } from './fields'
import { StatusBadge } from './StatusBadge'
import { projectQueryOptions } from './queries'
import { projectResource } from './resource'

export function ProjectInfoPage() {
  const { t } = useT()
  return <ProjectPage description={t('projects.info.description')}>{(projectId) => <ProjectDetails projectId={projectId} />}</ProjectPage>
}

function ProjectDetails({ projectId }: { projectId: string }) {
  const { t } = useT()
  const query = useQuery(projectQueryOptions(projectId))
  const canEdit = useCan('/admin/project-manage', 'edit')
  const [editing, setEditing] = useState(false)
  const p = query.data

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
              <Item label={t('projects.field.units')} value={String(p.unitCount)} to="/admin/project" projectId={projectId} />
              <Item label={t('projects.field.lineCount')} value={String(p.lineCount)} to="/admin/project" projectId={projectId} />
              <Item
                label={t('projects.field.workSiteCount')}
                value={String(p.workSiteCount)}
                to="/admin/project-worksite-information"
                projectId={projectId}
              />
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

/** A figure of the project; with `to`, a link to the screen that lists what it counts. */
function Item({
  label,
  value,
  to,
  projectId,
}: {
  label: string
  value: string | null | undefined
  to?: '/admin/project' | '/admin/project-worksite-information'
  projectId?: string
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">
        {to ? (
          <Link
            to={to}
            search={{ projectId }}
            aria-label={`${label} ${value ?? ''}`}
            className="tabular-nums text-primary underline-offset-4 hover:underline"
          >
            {value}
          </Link>
        ) : (
          value || '--'
        )}
      </dd>
    </div>
  )
}
