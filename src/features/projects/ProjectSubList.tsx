/**
 * A list of one project's records on a project screen (项目信息's participating units; 项目配置's lines,
 * majors and organisations): headerless with a search of its own, the project's id sent with every request.
 */
import { PanelList, type PanelListProps } from '@/lib/crud'

export function ProjectSubList<T extends object>({ projectId, ...list }: Omit<PanelListProps<T>, 'extraQuery'> & { projectId: string }) {
  return <PanelList {...list} extraQuery={{ projectId }} />
}
