/** The choices a work-site screen offers from a project's options: the list's filters and the form's selects. */
import type { WorkSiteOptions } from '@/contract/schemas/workSite'
import type { OptionSources } from '@/lib/crud/declared'

const coded = (name: string, code: string) => `${name}（${code}）`

/** The form's and the filters' choices of a project; design units on the chosen line only. */
export function siteSources(data: WorkSiteOptions | undefined, lineId?: string): OptionSources {
  if (!data) return {}
  return {
    line: data.lines.map((l) => ({ value: l.lineId, label: coded(l.lineName, l.lineCode) })),
    designUnit: data.designUnits
      .filter((d) => !lineId || d.lineId === lineId)
      .map((d) => ({ value: d.designUnitId, label: coded(d.designUnitName, d.designUnitCode) })),
    container: data.containers.map((c) => ({ value: c.containerId, label: coded(c.containerName, c.containerCode) })),
    // the project's people, under their units (a long list: searchable)
    person: data.staff.map((p) => ({
      value: p.userId,
      label: p.organizationName ? coded(p.name, p.organizationName) : p.name,
      group: p.organizationName ?? undefined,
    })),
  }
}
