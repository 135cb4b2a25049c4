/**
 * /admin/project-container: the container-node tree of the project chosen in the picker (URL
 * `projectId`): search, expand/collapse, add a top node or a child, edit, delete (with the
 * subtree), move (drag, 上移/下移, 移动到…: POST container/move), copy a subtree beside itself with
 * a code suffix, Excel import (parents by code) and export of the tree.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Boxes, Landmark, Layers, Mountain, Route, TrainFront, Waves, Warehouse } from 'lucide-react'
import { CONTAINER_FIELDS } from '@/contract/fields/projectStructure'
import { PROJECT_STRUCTURE_API, containerCopy, type ContainerNode, type ContainerType } from '@/contract/schemas/projectStructure'
import { Badge } from '@/components/ui/badge'
import { DeclaredFields } from '@/lib/crud/forms'
import { useDictionary } from '@/lib/dictionary'
import { useT } from '@/lib/i18n'
import { ProjectPage } from '@/lib/project'
import { TreeDictionary } from '@/lib/tree/TreeDictionary'
import { cn } from '@/lib/utils'
import { containerResource, containerTreeQueryOptions, structureKeys } from './queries'

const ICONS: Partial<Record<ContainerType, typeof Boxes>> = {
  section: Layers,
  station: Warehouse,
  bridge: Landmark,
  tunnel: Mountain,
  subgrade: Route,
  culvert: Waves,
  track: TrainFront,
}

export function ContainerPage() {
  const { t } = useT()
  return (
    <ProjectPage description={t('projectStructure.container.description')}>
      {(projectId) => <ContainerTree key={projectId} projectId={projectId} />}
    </ProjectPage>
  )
}

function ContainerTree({ projectId }: { projectId: string }) {
  const { t } = useT()
  const qc = useQueryClient()
  const query = useQuery(containerTreeQueryOptions(projectId))
  const { labelOf: typeLabel } = useDictionary('container_type')
  const natureLabel = (v: string) => t(`projectStructure.nature.${v as 'entity'}`)
  const refresh = () => qc.invalidateQueries({ queryKey: structureKeys.containers() })

  return (
    <TreeDictionary<ContainerNode>
      resource={containerResource}
      query={query}
      idKey="containerId"
      idOf={idOf}
      nameOf={nameOf}
      codeOf={codeOf}
      texts="projectStructure.container"
      refresh={refresh}
      paths={{ move: PROJECT_STRUCTURE_API.containerMove, copy: PROJECT_STRUCTURE_API.containerCopy }}
      copySchema={containerCopy}
      importTarget={{ params: { projectId } }}
      exportQuery={{ projectId }}
      emptyIcon={<Boxes className="h-10 w-10 opacity-50" aria-hidden />}
      renderIcon={(n) => {
        const Icon = ICONS[n.containerType] ?? Boxes
        return <Icon className={cn('h-4 w-4 shrink-0', n.nature === 'virtual' ? 'text-muted-foreground' : 'text-primary')} aria-hidden />
      }}
      renderExtra={(n) => (
        <span className="ml-2 hidden min-w-0 shrink-0 items-center gap-2 sm:flex">
          <span className="font-mono text-xs text-muted-foreground">{n.containerCode}</span>
          <Badge variant="outline" className="font-normal">
            {typeLabel(n.containerType)}
          </Badge>
          {n.nature !== 'entity' && (
            <Badge variant="secondary" className="font-normal">
              {natureLabel(n.nature)}
            </Badge>
          )}
        </span>
      )}
      defaults={(parent) => ({
        projectId,
        parentId: parent?.containerId ?? null,
        containerType: parent ? 'bridge' : 'section',
        nature: 'entity',
      })}
      fields={<DeclaredFields fields={CONTAINER_FIELDS} />}
    />
  )
}

const idOf = (n: ContainerNode) => n.containerId
const nameOf = (n: ContainerNode) => n.containerName
const codeOf = (n: ContainerNode) => n.containerCode
