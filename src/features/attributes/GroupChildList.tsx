/**
 * The list of one attribute group's children below a group list (属性配置's items, 属性设置's nodes):
 * headerless with a search of its own, the group's id sent with every request and given to every new record.
 */
import type { ReactNode } from 'react'
import type { AttrGroup } from '@/contract/schemas/attributes'
import { PanelList, type ListColumn, type Resource } from '@/lib/crud'

export function GroupChildList<T extends object>({
  group,
  resource,
  title,
  columns,
  defaults,
  render,
}: {
  group: AttrGroup
  resource: Resource<T>
  title: string
  columns: ListColumn<T>[]
  /** A new record's values besides its groupId. */
  defaults?: Record<string, unknown>
  /** The add/edit form's fields. */
  render: () => ReactNode
}) {
  return (
    <PanelList
      resource={resource}
      title={title}
      extraQuery={{ groupId: group.groupId }}
      columns={columns}
      exportable={false}
      form={{ defaults: { groupId: group.groupId, ...defaults }, render }}
    />
  )
}
