/** Query keys and options of the initialisation wizards (public: the routes' loaders use them). */
import { queryOptions } from '@tanstack/react-query'
import { initPaths, type InitPreset, type InitRun } from '@/contract/schemas/projectInit'
import { projectKeys } from '@/features/projects/queries'
import { http } from '@/lib/http'
import { projectOptionsQueryOptions } from '@/lib/project/queries'
import type { RoutePreload } from '@/lib/query'

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

/** What a wizard's route preloads: the picker's projects, and the run in the URL (search `runId`) or else the preset's runs. */
export const initScreenPreloads = (preset: InitPreset, search: { runId?: string }): RoutePreload[] => [
  projectOptionsQueryOptions(),
  search.runId ? initRunQueryOptions(preset, search.runId) : initRunsQueryOptions(preset),
]
