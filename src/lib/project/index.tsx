/**
 * The project every project screen works on (DESIGN §3 "Project scope"): the projects the caller
 * may see (GET project/listVisible), a picker, and the chosen project kept in the URL search as
 * `projectId`, so a screen can be linked and reloaded on the same project.
 *
 *   const [projectId, setProjectId] = useProjectSearch({ required: true })   // the first project when none is chosen
 *   <ProjectPicker value={projectId} onChange={setProjectId} />
 */
import { useEffect, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { FolderKanban } from 'lucide-react'
import { Card } from '@/components/ui/card'
import { OptionSelect } from '@/components/ui/lazy-select'
import { Skeleton } from '@/components/ui/skeleton'
import { useT } from '@/lib/i18n'
import { ScreenHeader } from '@/lib/pages'
import { cn } from '@/lib/utils'
import { projectOptionsQueryOptions } from './queries'

export { projectOptionsQueryOptions }

export function useProjectOptions() {
  return useQuery(projectOptionsQueryOptions())
}

const ALL = '__all__'

/**
 * The URL's `projectId` and a setter (history: replace). With `required`, a screen without one
 * takes the first visible project (replacing the URL), and an id that is not among the caller's
 * projects is replaced too.
 */
export function useProjectSearch({ required }: { required: boolean }): [string | undefined, (projectId: string | undefined) => void] {
  const raw = useSearch({ strict: false }) as Record<string, unknown>
  const navigate = useNavigate()
  const projectId = typeof raw.projectId === 'string' && raw.projectId ? raw.projectId : undefined
  const options = useProjectOptions()
  const set = (next: string | undefined) => {
    // another project: back to the first page, the other filters kept
    const { pageIndex: _p, projectId: _old, ...rest } = raw
    void navigate({ to: '.', search: (next ? { ...rest, projectId: next } : rest) as never, replace: true })
  }
  const list = options.data
  const first = list?.[0]?.projectId
  const known = !projectId || !list || list.some((p) => p.projectId === projectId)
  useEffect(() => {
    if (!list) return
    if ((required && !projectId && first) || !known) set(required ? first : undefined)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [required, projectId, first, known, list])
  return [known ? projectId : undefined, set]
}

/** The project select: the caller's projects by name (code beside it); `allowAll` adds 全部项目. */
export function ProjectPicker({
  value,
  onChange,
  allowAll,
  label,
  className,
}: {
  value: string | undefined
  onChange: (projectId: string | undefined) => void
  allowAll?: boolean
  /** Its name where a visible label says more than 项目 (a form's 所属项目 beside a 项目 field). */
  label?: string
  className?: string
}) {
  const { t } = useT()
  const options = useProjectOptions()
  const list = options.data ?? []
  return (
    <div className={cn('flex min-w-0 items-center gap-2', className)}>
      <FolderKanban className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
      <OptionSelect
        value={value ?? (allowAll ? ALL : '')}
        onValueChange={(v) => onChange(v === ALL ? undefined : v)}
        options={[
          ...(allowAll ? [{ value: ALL, label: t('projectStructure.picker.all') }] : []),
          ...list.map((p) => ({
            value: p.projectId,
            label: (
              <>
                <span className="truncate">{p.projectName}</span>
                <span className="ml-2 font-mono text-xs text-muted-foreground">{p.projectCode}</span>
              </>
            ),
          })),
        ]}
        placeholder={options.isPending ? t('common.loading') : t('projectStructure.picker.placeholder')}
        className="h-9 w-full min-w-[12rem] max-w-[26rem]"
        aria-label={label ?? t('projectStructure.picker.label')}
      />
    </div>
  )
}

/** Shown instead of a project screen's content when the caller has no project at all. */
export function NoProjects() {
  const { t } = useT()
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-16 text-center text-sm text-muted-foreground">
      <FolderKanban className="h-10 w-10 opacity-50" aria-hidden />
      <p className="font-medium text-foreground">{t('projectStructure.picker.none')}</p>
      <p>{t('projectStructure.picker.noneHint')}</p>
    </div>
  )
}

/** A project screen's heading: title (by default the page's name) and description, the project picker on the right. */
export function ProjectPageHeader({ title, description, picker }: { title?: string; description: string; picker: ReactNode }) {
  return <ScreenHeader title={title} description={description} actions={picker} className="gap-3" />
}

/**
 * A screen that works on one of the caller's projects: its heading with the picker (the project kept in
 * the URL, the first one by default), then `children(projectId)` — or a note when the caller has no
 * project, a placeholder while the list loads.
 */
export function ProjectPage({
  title,
  description,
  children,
}: {
  title?: string
  description: string
  children(projectId: string): ReactNode
}) {
  const [projectId, setProjectId] = useProjectSearch({ required: true })
  const projects = useProjectOptions()
  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col gap-4">
      <ProjectPageHeader
        title={title}
        description={description}
        picker={<ProjectPicker value={projectId} onChange={setProjectId} className="w-full sm:w-auto" />}
      />
      {projects.data?.length === 0 ? (
        <Card>
          <NoProjects />
        </Card>
      ) : projectId ? (
        children(projectId)
      ) : (
        <Skeleton className="h-64" />
      )}
    </div>
  )
}
