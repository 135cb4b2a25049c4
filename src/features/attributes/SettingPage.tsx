/** /admin/extends-setting (属性设置): the nodes each attribute group applies to (none: every node of its type). */
import { useState } from 'react'
import { useFormContext } from 'react-hook-form'
import { useQuery } from '@tanstack/react-query'
import { MapPin } from 'lucide-react'
import { ATTR_GROUP_FIELDS } from '@/contract/fields/attributes'
import type { AttrGroup, AttrRelation } from '@/contract/schemas/attributes'
import { Card } from '@/components/ui/card'
import {
  declaredFilters,
  formatDateTime,
  ListPage,
  RowAction,
  textColumn,
  useTranslate,
  type FilterField,
  type ListColumn,
} from '@/lib/crud'
import { FormField, FormGrid } from '@/lib/crud/forms'
import { useT } from '@/lib/i18n'
import { ProjectPicker } from '@/lib/project'
import { GroupChildList } from './GroupChildList'
import { nodeOptionsQueryOptions } from './queries'
import { attrGroupResource, attrRelationResource } from './resources'
import { TableRows } from './TableRows'

export function SettingPage() {
  const { t } = useT()
  const tr = useTranslate()
  const [group, setGroup] = useState<AttrGroup | null>(null)
  const nodeTypeLabel = (n: number) => t(`attributes.nodeType.n${n as 1}`)
  const filters: FilterField[] = [{ name: 'keyword', label: t('attributes.field.keyword') }, ...declaredFilters(ATTR_GROUP_FIELDS, tr)]
  const columns: ListColumn<AttrGroup>[] = [
    { key: 'groupName', header: t('attributes.field.groupName'), sortable: true },
    { key: 'groupCode', header: t('attributes.field.groupCode'), sortable: true },
    textColumn('nodeType', t('attributes.field.nodeType'), (g) => nodeTypeLabel(g.nodeType)),
    {
      key: 'relationCount',
      header: t('attributes.field.relationCount'),
      align: 'right',
      cell: (g) =>
        g.relationCount ? (
          <span className="tabular-nums">{g.relationCount}</span>
        ) : (
          <span className="text-muted-foreground">{t('attributes.setting.allNodes')}</span>
        ),
    },
  ]
  return (
    <div className="flex flex-col gap-4">
      <ListPage
        resource={attrGroupResource}
        description={t('attributes.setting.description')}
        filters={filters}
        columns={columns}
        deletable={false}
        exportable={false}
        rowActions={(g) => <RowAction icon={<MapPin aria-hidden />} label={t('attributes.setting.nodes')} onClick={() => setGroup(g)} />}
      />
      {group && (
        <Card className="p-4">
          <h2 className="mb-2 text-base font-semibold">{t('attributes.setting.nodesOf', { name: group.groupName })}</h2>
          <RelationList key={group.groupId} group={group} />
        </Card>
      )}
      {group?.groupKind === 'table' && (
        <Card className="p-4">
          <h2 className="mb-2 text-base font-semibold">{t('attributes.setting.rowsOf', { name: group.groupName })}</h2>
          <TableRows key={group.groupId} group={group} />
        </Card>
      )}
    </div>
  )
}

function RelationList({ group }: { group: AttrGroup }) {
  const { t } = useT()
  const columns: ListColumn<AttrRelation>[] = [
    { key: 'nodeName', header: t('attributes.field.nodeName'), cell: (r) => r.nodeName ?? r.nodeId },
    textColumn('createTime', t('attributes.field.createTime'), (r) => formatDateTime(r.createTime)),
  ]
  return (
    <GroupChildList
      group={group}
      resource={attrRelationResource}
      title={t('attributes.setting.nodesOf', { name: group.groupName })}
      columns={columns}
      render={() => <NodeChooser nodeType={group.nodeType} />}
    />
  )
}

/** The node a relation names: a project first (an edited relation's own), then one of its nodes of the group's type. */
function NodeChooser({ nodeType }: { nodeType: number }) {
  const { t } = useT()
  const { getValues } = useFormContext()
  const [projectId, setProjectId] = useState<string | undefined>(() => (getValues('projectId') as string | undefined) || undefined)
  const nodes = useQuery(nodeOptionsQueryOptions(nodeType, projectId))
  return (
    <FormGrid>
      <div className="space-y-2">
        <span className="text-sm font-medium">{t('attributes.setting.chooseProject')}</span>
        <ProjectPicker value={projectId} onChange={setProjectId} label={t('attributes.setting.chooseProject')} className="w-full" />
      </div>
      <FormField
        name="nodeId"
        label={t(`attributes.nodeType.n${nodeType as 1}`)}
        kind="select"
        required
        options={(nodes.data ?? []).map((n) => ({ value: n.nodeId, label: `${n.nodeName}（${n.nodeCode}）` }))}
      />
    </FormGrid>
  )
}
