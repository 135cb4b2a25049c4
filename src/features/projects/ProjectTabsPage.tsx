/**
 * A project screen of tabs (项目 / 项目配置): the picker's project (URL search `projectId`) with one
 * list per tab; each panel is remounted when the project changes, so nothing of the former project stays.
 */
import { useState, type ComponentType } from 'react'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { ProjectPage } from '@/lib/project'

export interface ProjectTab<V extends string> {
  value: V
  label: string
  Panel: ComponentType<{ projectId: string }>
}

export function ProjectTabsPage<V extends string>({ description, tabs }: { description: string; tabs: readonly ProjectTab<V>[] }) {
  const [tab, setTab] = useState<V>(tabs[0]!.value)
  return (
    <ProjectPage description={description}>
      {(projectId) => (
        <Tabs value={tab} onValueChange={(v) => setTab(v as V)} className="flex min-w-0 flex-col gap-3">
          <TabsList className="self-start">
            {tabs.map(({ value, label }) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map(({ value, Panel }) => (
            <TabsContent key={value} value={value} className="mt-0">
              <Panel key={projectId} projectId={projectId} />
            </TabsContent>
          ))}
        </Tabs>
      )}
    </ProjectPage>
  )
}
