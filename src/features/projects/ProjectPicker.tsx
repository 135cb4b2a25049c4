/**
 * The project a project screen works on: a picker of the caller's projects (project/listVisible),
 * kept in the URL search `projectId` (back, forward and reload keep it). Without one in the URL,
 * or with one the caller does not see, the first project is taken.
 */
import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { FolderOpen } from 'lucide-react'
import type { ProjectOption } from '@/contract/schemas/project'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { useListSearch } from '@/lib/crud'
import { useT } from '@/lib/i18n'
import { visibleProjectsQueryOptions } from './queries'

export interface ProjectChoice {
  projectId: string | undefined
  project: ProjectOption | undefined
  projects: ProjectOption[]
  loading: boolean
  choose: (projectId: string) => void
}

export function useProjectChoice(): ProjectChoice {
  const [search, setSearch] = useListSearch()
  const query = useQuery(visibleProjectsQueryOptions())
  const projects = query.data ?? []
  const wanted = typeof search.projectId === 'string' ? search.projectId : undefined
  const project = projects.find((p) => p.projectId === wanted) ?? projects[0]
  useEffect(() => {
    if (project && project.projectId !== wanted) setSearch({ ...search, projectId: project.projectId }, { replace: true })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [project?.projectId, wanted])
  return {
    projectId: project?.projectId,
    project,
    projects,
    loading: query.isPending,
    choose: (projectId) => setSearch({ projectId }),
  }
}

export function ProjectPicker({ choice }: { choice: ProjectChoice }) {
  const { t } = useT()
  if (choice.loading) return <Skeleton className="h-9 w-72" />
  return (
    <label className="flex min-w-0 items-center gap-2 text-sm">
      <FolderOpen className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
      <span className="shrink-0 text-muted-foreground">{t('projects.picker.label')}</span>
      <Select value={choice.projectId ?? ''} onValueChange={choice.choose} disabled={!choice.projects.length}>
        <SelectTrigger className="w-[22rem] max-w-[60vw]" aria-label={t('projects.picker.label')}>
          <SelectValue placeholder={choice.projects.length ? t('projects.picker.placeholder') : t('projects.picker.none')} />
        </SelectTrigger>
        <SelectContent>
          {choice.projects.map((p) => (
            <SelectItem key={p.projectId} value={p.projectId} className="min-h-9">
              {p.projectName}
              <span className="ml-2 text-xs text-muted-foreground">{p.projectCode}</span>
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </label>
  )
}

/** Shown instead of a project screen's content when the caller sees no project. */
export function NoProject() {
  const { t } = useT()
  return (
    <div className="flex flex-col items-center gap-1 rounded-lg border border-dashed p-10 text-center">
      <p className="font-medium">{t('projects.picker.none')}</p>
      <p className="text-sm text-muted-foreground">{t('projects.picker.noneHint')}</p>
    </div>
  )
}
