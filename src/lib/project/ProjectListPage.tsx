/**
 * The parts of a screen listing a project's records (工点, 设计单元, 单位工程…), where the project is
 * picked above the list (./index: `useProjectSearch`, `ProjectPicker`, `ProjectPageHeader`).
 */
import type { ReactNode } from 'react'
import { Card } from '@/components/ui/card'
import { lazyForm } from '@/lib/crud/lazyParts'
import { useListSearch } from '@/lib/crud/hooks'
import { ScreenHeader } from '@/lib/pages'
import { ListPage, type ListPageProps } from '@/lib/crud/ListPage'
import type { ListSearch } from '@/lib/crud/search'
import { NoProjects, ProjectPageHeader, ProjectPicker, useProjectOptions, useProjectSearch } from './index'

/** The project choice before an add across projects, loaded with the dialog (./AnyProject). */
const AnyProject = lazyForm(() => import('./AnyProject'), 'AnyProject')

/** The screen instead of the list when the caller has no project at all: its title and the note. */
export function NoProjectsScreen({ title }: { title?: string }) {
  return (
    <div className="flex flex-col gap-4">
      <ScreenHeader title={title} />
      <Card>
        <NoProjects />
      </Card>
    </div>
  )
}

type ProjectListPageProps<T extends object> = Omit<ListPageProps<T>, 'headerless' | 'search' | 'onSearchChange'> & {
  projectId: string | undefined
  allowAll?: boolean
}

/**
 * The list of the picked project's records (its search in the URL), headerless under the screen's heading: shown once a project
 * is picked (or for all projects with `allowAll`), started afresh when the project changes, and the
 * project stays in the URL whatever the filters do (重置 clears the filters only).
 */
export function ProjectListPage<T extends object>({ projectId, allowAll = false, ...list }: ProjectListPageProps<T>) {
  const [search, setSearch] = useListSearch()
  if (!projectId && !allowAll) return null
  return (
    <ListPage
      key={projectId ?? 'all'}
      {...list}
      headerless
      search={search}
      onSearchChange={(next: ListSearch) => setSearch(projectId ? { ...next, projectId } : next)}
    />
  )
}

/**
 * The project a `ProjectListScreen` lists (the URL's) with its picker's props, to spread on the screen: with
 * `allowAll`, none means all the caller's projects; without, the first project is taken.
 */
export function usePickedProject(allowAll = false) {
  const [projectId, onProjectChange] = useProjectSearch({ required: !allowAll })
  return { projectId, onProjectChange, allowAll }
}

type FormSpec<T extends object> = NonNullable<ListPageProps<T>['form']>

/**
 * The add / edit form of a project's records, `form(projectId)` with the fields of that project. Across all the
 * caller's projects (no project picked), an edit takes the record's project and an add asks for the project first:
 * the fields follow the choice, started afresh when it changes.
 */
function formIn<T extends { projectId: string }>(projectId: string | undefined, form: (projectId: string) => FormSpec<T>): FormSpec<T> {
  if (projectId) return form(projectId)
  const any = form('')
  const defaults = { ...(typeof any.defaults === 'function' ? any.defaults() : any.defaults), projectId: '' }
  return {
    ...any,
    defaults,
    render: (rf) => <AnyProject rf={rf} defaults={defaults} fields={(pid) => form(pid).render(rf)} />,
    preload: () => Promise.all([AnyProject.preload(), any.preload?.()]),
  }
}

/**
 * A screen listing the picked project's records (of all the caller's projects with `allowAll`): its heading with the
 * project picker, the list (with `beside` on its left on large screens: a tree that filters it), then `children` (the
 * screen's own dialogs) — the note instead when the caller has no project. `form(projectId)`: the add and edit form of
 * a project's records (see formIn for the list across projects).
 */
export function ProjectListScreen<T extends { projectId: string }>({
  description,
  onProjectChange,
  beside,
  children,
  form,
  ...list
}: Omit<ProjectListPageProps<T>, 'form'> & {
  description: string
  onProjectChange: (projectId: string | undefined) => void
  form?: (projectId: string) => FormSpec<T>
  beside?: ReactNode
  children?: ReactNode
}) {
  const projects = useProjectOptions()
  if (projects.data?.length === 0) return <NoProjectsScreen title={list.title} />
  const listPage = <ProjectListPage {...list} form={form && formIn(list.projectId, form)} />
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <ProjectPageHeader
        title={list.title}
        description={description}
        picker={<ProjectPicker value={list.projectId} onChange={onProjectChange} allowAll={list.allowAll} className="w-full sm:w-auto" />}
      />
      {beside ? (
        <div className="grid min-w-0 gap-4 lg:grid-cols-[16rem_minmax(0,1fr)] xl:grid-cols-[18rem_minmax(0,1fr)]">
          <div className="hidden lg:block">{beside}</div>
          {listPage}
        </div>
      ) : (
        listPage
      )}
      {children}
    </div>
  )
}
