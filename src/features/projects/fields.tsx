/** Form fields shared by the project screens: the unit tree as options, the project form. */
import { useQuery } from '@tanstack/react-query'
import { PROJECT_STATUSES, PROJECT_TYPES } from '@/contract/schemas/project'
import { orgOptionsQueryOptions } from '@/features/organization/queries'
import { enumOptions, FormField, FormGrid, type FieldOption } from '@/lib/crud'
import { useT } from '@/lib/i18n'

/** The units the caller sees as select options, in tree order and indented by depth (the unit tree). */
export function useUnitTreeOptions(): FieldOption[] {
  const units = useQuery(orgOptionsQueryOptions())
  const rows = (units.data ?? []) as { organizationId: string; organizationName: string; parentId?: string | null }[]
  const ids = new Set(rows.map((r) => r.organizationId))
  const children = new Map<string | null, typeof rows>()
  for (const r of rows) {
    const parent = r.parentId && ids.has(r.parentId) ? r.parentId : null
    children.set(parent, [...(children.get(parent) ?? []), r])
  }
  const out: FieldOption[] = []
  const walk = (parent: string | null, depth: number) => {
    for (const r of children.get(parent) ?? []) {
      out.push({ value: r.organizationId, label: `${'\u3000'.repeat(depth)}${r.organizationName}` })
      if (depth < 20) walk(r.organizationId, depth + 1)
    }
  }
  walk(null, 0)
  return out
}

/** The project's fields (add and edit). */
export function ProjectFormFields() {
  const { t } = useT()
  const units = useUnitTreeOptions()
  return (
    <FormGrid>
      <FormField name="projectName" label={t('projects.field.projectName')} required maxLength={100} wide />
      <FormField name="projectCode" label={t('projects.field.projectCode')} required maxLength={50} hint={t('projects.hint.code')} />
      <FormField
        name="projectType"
        label={t('projects.field.projectType')}
        kind="select"
        required
        options={enumOptions(PROJECT_TYPES, (v) => t(`projects.type.${v}`))}
      />
      <FormField
        name="organizationId"
        label={t('projects.field.organizationId')}
        kind="select"
        required
        options={units}
        hint={t('projects.hint.owner')}
        wide
      />
      <FormField name="startDate" label={t('projects.field.startDate')} kind="date" />
      <FormField name="endDate" label={t('projects.field.endDate')} kind="date" />
      <FormField
        name="status"
        label={t('projects.field.status')}
        kind="select"
        required
        options={enumOptions(PROJECT_STATUSES, (v) => t(`projects.status.${v}`))}
      />
      <FormField name="progress" label={t('projects.field.progress')} kind="number" hint={t('projects.hint.progress')} />
      <FormField name="location" label={t('projects.field.location')} maxLength={200} wide />
      <FormField name="sort" label={t('projects.field.sort')} kind="number" required />
      <FormField name="description" label={t('projects.field.description')} kind="textarea" maxLength={2000} />
    </FormGrid>
  )
}

export const projectDefaults = () => ({ projectType: 'railway', status: 'preparing', progress: 0, sort: 1 })
