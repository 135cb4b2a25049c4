/** Form fields shared by the project screens: the unit tree as options, the project form. */
import { useQuery } from '@tanstack/react-query'
import { PROJECT_FIELDS } from '@/contract/fields/project'
import { orgOptionsQueryOptions } from '@/features/organization/queries'
import { LazyDeclaredFields } from '@/lib/crud'

type UnitOption = { value: string; label: string }

/** The units the caller sees as select options, in tree order and indented by depth (the unit tree). */
export function useUnitTreeOptions(): UnitOption[] {
  const units = useQuery(orgOptionsQueryOptions())
  const rows = (units.data ?? []) as { organizationId: string; organizationName: string; parentId?: string | null }[]
  const ids = new Set(rows.map((r) => r.organizationId))
  const children = new Map<string | null, typeof rows>()
  for (const r of rows) {
    const parent = r.parentId && ids.has(r.parentId) ? r.parentId : null
    children.set(parent, [...(children.get(parent) ?? []), r])
  }
  const out: UnitOption[] = []
  const walk = (parent: string | null, depth: number) => {
    for (const r of children.get(parent) ?? []) {
      out.push({ value: r.organizationId, label: `${'\u3000'.repeat(depth)}${r.organizationName}` })
      if (depth < 20) walk(r.organizationId, depth + 1)
    }
  }
  walk(null, 0)
  return out
}

/** The project's fields (add and edit), as declared (contract/fields/project.ts). */
export function ProjectFormFields() {
  const organization = useUnitTreeOptions()
  return <LazyDeclaredFields fields={PROJECT_FIELDS} sources={{ organization }} />
}

export const projectDefaults = () => ({ projectType: 'railway', status: 'preparing', progress: 0, sort: 1 })
