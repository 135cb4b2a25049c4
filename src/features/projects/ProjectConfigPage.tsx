/**
 * /admin/project-configuration (项目配置): for the project of the picker (URL search `projectId`),
 * its lines, engineering majors and project organisations with their department trees.
 */
import { useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { FolderTree } from 'lucide-react'
import { ENGINEERING_MAJOR_FIELDS, LINE_FIELDS, PROJECT_ORG_FIELDS } from '@/contract/fields/project'
import type { EngineeringMajor, Line, ProjectOrg } from '@/contract/schemas/project'
import { Card } from '@/components/ui/card'
import { AttributeFields, useAttrBinding } from '@/lib/attributes'
import { declaredFilters, RowAction, textColumn, useTranslate, type ListColumn } from '@/lib/crud'
import { DeclaredFields } from '@/lib/crud/forms'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { DepartmentPanel } from './DepartmentPanel'
import { useUnitTreeOptions } from './fields'
import { ProjectSubList } from './ProjectSubList'
import { ProjectTabsPage } from './ProjectTabsPage'
import { projectOrgsQueryOptions } from './queries'
import { lineResource, majorResource, projectOrgResource } from './resource'

/** SPEC §9: the project organisations' list opens with 15 a page. */
const PROJECT_ORG_PAGE_SIZE = 15

export function ProjectConfigPage() {
  const { t } = useT()
  return (
    <ProjectTabsPage
      description={t('projects.config.description')}
      tabs={[
        { value: 'lines', label: t('projects.config.lines'), Panel: Lines },
        { value: 'majors', label: t('projects.config.majors'), Panel: Majors },
        { value: 'orgs', label: t('projects.config.orgs'), Panel: Orgs },
      ]}
    />
  )
}

export function Lines({ projectId }: { projectId: string }) {
  const { t } = useT()
  const tr = useTranslate()
  // the line's extended attributes (属性配置, node type 2) on its form
  const attrs = useAttrBinding(2)
  const resource = useMemo(() => attrs.wrap(lineResource), [attrs])
  const columns: ListColumn<Line>[] = [
    { key: 'lineCode', header: t('projects.field.lineCode'), sortable: true },
    {
      key: 'lineName',
      header: t('projects.field.lineName'),
      sortable: true,
      cell: (l) => <span className="font-medium">{l.lineName}</span>,
    },
    textColumn('lineType', t('projects.field.lineType'), (l) => t(`projects.lineType.${l.lineType}`), { sortable: true }),
    {
      key: 'lengthKm',
      header: t('projects.field.lengthKm'),
      align: 'right',
      cell: (l) => <span className="tabular-nums">{l.lengthKm ?? '--'}</span>,
    },
    { key: 'sort', header: t('projects.field.sort'), sortable: true, align: 'right' },
  ]
  return (
    <ProjectSubList
      projectId={projectId}
      resource={resource}
      title={t('projects.config.lines')}
      columns={columns}
      filters={[{ name: 'keyword', label: t('projects.field.keyword') }, ...declaredFilters(LINE_FIELDS, tr)]}
      form={{
        size: 'md',
        defaults: () => ({ projectId, lineType: 'main', sort: 1 }),
        onSaved: (saved) => {
          if (saved) void attrs.save(saved.lineId)
        },
        render: ({ record }) => (
          <DeclaredFields fields={LINE_FIELDS}>
            <div className="sm:col-span-2">
              <AttributeFields binding={attrs} nodeId={record?.lineId} />
            </div>
          </DeclaredFields>
        ),
      }}
    />
  )
}

function Majors({ projectId }: { projectId: string }) {
  const { t } = useT()
  const columns: ListColumn<EngineeringMajor>[] = [
    { key: 'majorCode', header: t('projects.field.majorCode'), sortable: true },
    {
      key: 'majorName',
      header: t('projects.field.majorName'),
      sortable: true,
      cell: (m) => <span className="font-medium">{m.majorName}</span>,
    },
    { key: 'sort', header: t('projects.field.sort'), sortable: true, align: 'right' },
  ]
  return (
    <ProjectSubList
      projectId={projectId}
      resource={majorResource}
      title={t('projects.config.majors')}
      columns={columns}
      form={{
        size: 'md',
        defaults: () => ({ projectId, sort: 1 }),
        render: () => <DeclaredFields fields={ENGINEERING_MAJOR_FIELDS} />,
      }}
    />
  )
}

function Orgs({ projectId }: { projectId: string }) {
  const { t } = useT()
  const [chosen, setChosen] = useState<string | null>(null)
  const units = useUnitTreeOptions()
  const trees = useQuery(projectOrgsQueryOptions(projectId))
  const orgs = trees.data ?? []
  const current = orgs.find((o) => o.projectOrganizationId === chosen) ?? orgs[0]
  const countOf = (o: ProjectOrg) => {
    let n = 0
    const walk = (list: ProjectOrg['projectDepartmentNodeVOS']) => list.forEach((d) => (n++, walk(d.projectDepartmentNodeVOS ?? [])))
    walk(o.projectDepartmentNodeVOS ?? [])
    return n
  }
  const columns: ListColumn<ProjectOrg>[] = [
    {
      key: 'projectOrganizationName',
      header: t('projects.field.projectOrganizationName'),
      sortable: true,
      className: 'max-w-[16rem]',
      cell: (o) => (
        <button
          type="button"
          className={cn(
            'block max-w-full truncate text-left font-medium hover:underline',
            current?.projectOrganizationId === o.projectOrganizationId && 'text-primary',
          )}
          title={o.projectOrganizationName}
          onClick={() => setChosen(o.projectOrganizationId)}
        >
          {o.projectOrganizationName}
        </button>
      ),
    },
    textColumn('projectOrgTypeId', t('projects.field.projectOrgTypeId'), (o) => t(`projects.orgType.${o.projectOrgTypeId}`)),
    {
      key: 'organizationName',
      header: t('projects.field.orgUnit'),
      className: 'max-w-[12rem] truncate',
      defaultHidden: true,
      cell: (o) => <span title={o.organizationName ?? ''}>{o.organizationName || '--'}</span>,
    },
    {
      key: 'projectDepartmentNodeVOS',
      header: t('projects.field.departments'),
      align: 'right',
      cell: (o) => <span className="tabular-nums">{countOf(o)}</span>,
      exportValue: (o) => String(countOf(o)),
    },
  ]
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <ProjectSubList
        projectId={projectId}
        resource={projectOrgResource}
        title={t('projects.config.orgs')}
        defaultPageSize={PROJECT_ORG_PAGE_SIZE}
        columns={columns}
        filters={[{ name: 'keyword', label: t('projects.field.projectOrganizationName') }]}
        rowActions={(o) => (
          <RowAction
            icon={<FolderTree aria-hidden />}
            label={t('projects.dept.manage')}
            onClick={() => setChosen(o.projectOrganizationId)}
          />
        )}
        form={{
          size: 'md',
          defaults: () => ({ projectId, projectOrgTypeId: 'manager', sort: 1 }),
          render: () => <DeclaredFields fields={PROJECT_ORG_FIELDS} sources={{ organization: units }} />,
        }}
      />
      <Card className="min-w-0 self-start overflow-hidden">
        {current ? (
          <DepartmentPanel key={current.projectOrganizationId} org={current} />
        ) : (
          <p className="p-6 text-sm text-muted-foreground">{t('projects.dept.empty')}</p>
        )}
      </Card>
    </div>
  )
}
