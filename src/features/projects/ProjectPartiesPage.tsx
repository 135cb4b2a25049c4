/**
 * /admin/project (项目): who builds the project of the picker (URL search `projectId`) and where —
 * its participating units (type, unit from the unit tree, code, contact, phone) and its lines, each a
 * list with add, edit and delete. The project's own record is 项目信息 (ProjectInfoPage).
 */
import { PROJECT_UNIT_FIELDS } from '@/contract/fields/project'
import type { ProjectUnit } from '@/contract/schemas/project'
import { declaredFilters, textColumn, useTranslate, type ListColumn } from '@/lib/crud'
import { DeclaredFields } from '@/lib/crud/forms'
import { useT } from '@/lib/i18n'
import { useUnitTreeOptions } from './fields'
import { Lines } from './ProjectConfigPage'
import { ProjectSubList } from './ProjectSubList'
import { ProjectTabsPage } from './ProjectTabsPage'
import { projectUnitResource } from './resource'

export function ProjectPartiesPage() {
  const { t } = useT()
  return (
    <ProjectTabsPage
      description={t('projects.parties.description')}
      tabs={[
        { value: 'units', label: t('projects.info.units'), Panel: Units },
        { value: 'lines', label: t('projects.config.lines'), Panel: Lines },
      ]}
    />
  )
}

function Units({ projectId }: { projectId: string }) {
  const { t } = useT()
  const tr = useTranslate()
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
  )
}
