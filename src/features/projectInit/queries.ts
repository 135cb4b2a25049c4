/** Query keys and options of the initialisation wizards (public: the routes' loaders use them). */
import { queryOptions } from '@tanstack/react-query'
import { initPaths, type InitPreset, type InitRun } from '@/contract/schemas/projectInit'
import { projectKeys } from '@/features/projects/queries'
import { http } from '@/lib/http'

export const initKeys = {
  all: ['projectInit'] as const,
  runs: (preset: InitPreset) => ['projectInit', preset, 'runs'] as const,
  run: (preset: InitPreset, runId: string) => ['projectInit', preset, 'run', runId] as const,
  /** Everything under the projects' key (lists, pickers, a project's records): reset once a run has created. */
  projects: [projectKeys.project] as const,
}

export const initRunsQueryOptions = (preset: InitPreset) =>
  queryOptions({
    queryKey: initKeys.runs(preset),
    queryFn: ({ signal }) => http.get<InitRun[]>(initPaths(preset).runs, undefined, { signal }),
  })

export const initRunQueryOptions = (preset: InitPreset, runId: string) =>
  queryOptions({
    queryKey: initKeys.run(preset, runId),
    queryFn: ({ signal }) => http.get<InitRun>(initPaths(preset).run, { runId }, { signal }),
  })
