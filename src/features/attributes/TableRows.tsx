/** 属性设置 › a user-defined table (a group of kind `table`): its items are the columns, rows entered per node. */
import { useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import {
  ATTR_API,
  attrTableRowAdd,
  attrTableRowUpdate,
  type AttrGroup,
  type AttrItem,
  type AttrTableRow,
} from '@/contract/schemas/attributes'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { defineResource, ListPage, type ListColumn, type ListSearch } from '@/lib/crud'
import { FormGrid } from '@/lib/crud/forms'
import { AttributeField, formValuesOf, valuesSchemaOf } from '@/lib/attributes'
import { useT } from '@/lib/i18n'
import { ProjectPicker } from '@/lib/project'
import { attrKeys, groupItemsQueryOptions, nodeOptionsQueryOptions } from './queries'

const show = (v: unknown) =>
  Array.isArray(v) ? v.join('、') : v === true ? '✓' : v === false ? '--' : v === undefined || v === null || v === '' ? '--' : String(v)

export function TableRows({ group }: { group: AttrGroup }) {
  const { t } = useT()
  const [projectId, setProjectId] = useState<string | undefined>()
  const [nodeId, setNodeId] = useState<string | undefined>()
  const [search, setSearch] = useState<ListSearch>({})
  const nodes = useQuery(nodeOptionsQueryOptions(group.nodeType, projectId))
  const itemsQuery = useQuery(groupItemsQueryOptions(group.groupId))
  const items = useMemo(() => (itemsQuery.data ?? []).filter((i: AttrItem) => i.status === 1), [itemsQuery.data])
  const resource = useMemo(() => {
    const values = z.object({ values: valuesSchemaOf(items) })
    return defineResource<AttrTableRow>({
      key: attrKeys.row,
      paths: ATTR_API.attrTableRow,
      idKey: 'rowId',
      schemas: async () => ({ add: z.intersection(attrTableRowAdd, values), update: z.intersection(attrTableRowUpdate, values) }),
      entity: 'attributes.entity.row',
    })
  }, [items])
  const columns: ListColumn<AttrTableRow>[] = items.map((i) => ({
    key: i.itemId,
    header: i.unit ? `${i.itemName}（${i.unit}）` : i.itemName,
    cell: (r) => show(r.values[i.itemId]),
    exportValue: (r) => show(r.values[i.itemId]),
  }))
  return (
    <div className="flex flex-col gap-3" data-testid="table-rows">
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-2">
          <Label>{t('attributes.setting.chooseProject')}</Label>
          <ProjectPicker
            value={projectId}
            onChange={(p) => {
              setProjectId(p)
              setNodeId(undefined)
            }}
            className="w-64"
          />
        </div>
        <div className="space-y-2">
          <Label>{t(`attributes.nodeType.n${group.nodeType as 1}`)}</Label>
          <Select value={nodeId ?? ''} onValueChange={setNodeId}>
            <SelectTrigger className="h-10 w-64" aria-label={t(`attributes.nodeType.n${group.nodeType as 1}`)}>
              <SelectValue placeholder={t('attributes.setting.chooseNode')} />
            </SelectTrigger>
            <SelectContent>
              {(nodes.data ?? []).map((n) => (
                <SelectItem key={n.nodeId} value={n.nodeId}>
                  {n.nodeName}（{n.nodeCode}）
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      {nodeId && items.length > 0 && (
        <ListPage
          key={`${nodeId}-${items.length}`}
          resource={resource}
          title={t('attributes.setting.rowsOf', { name: group.groupName })}
          headerless
          search={search}
          onSearchChange={setSearch}
          extraQuery={{ groupId: group.groupId, nodeId }}
          columns={columns}
          exportable={false}
          form={{
            defaults: () => ({ groupId: group.groupId, nodeType: group.nodeType, nodeId, sort: 1, values: formValuesOf(items, {}) }),
            render: () => (
              <FormGrid>
                {items.map((i) => (
                  <AttributeField key={i.itemId} item={i} prefix="values" />
                ))}
              </FormGrid>
            ),
          }}
        />
      )}
    </div>
  )
}
