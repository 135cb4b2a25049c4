/** /admin/extends-configuration (属性配置): attribute groups per node type, their items below the list, copy a group with its items. */
import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Copy, ListChecks } from 'lucide-react'
import { fieldOf, maxima } from '@/contract/fields'
import { ATTR_GROUP_FIELDS, ATTR_ITEM_FIELDS } from '@/contract/fields/attributes'
import { ATTR_API, attrGroupCopy, type AttrGroup, type AttrItem } from '@/contract/schemas/attributes'
import { Badge } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'
import { declaredFilters, ListPage, RowAction, textColumn, useTranslate, type FilterField, type ListColumn } from '@/lib/crud'
import { ActionDialog, DeclaredField, DeclaredFields, FormField, useActionForm } from '@/lib/crud/forms'
import { http } from '@/lib/http'
import { useT } from '@/lib/i18n'
import { permissionsOf } from '@/lib/permissions'
import { GroupChildList } from './GroupChildList'
import { attributeKeys } from './queries'
import { attrGroupResource, attrItemResource } from './resources'

const { Can } = permissionsOf('/admin/extends-configuration')
const GROUP = maxima(ATTR_GROUP_FIELDS)

export function ConfigPage() {
  const { t } = useT()
  const tr = useTranslate()
  const [group, setGroup] = useState<AttrGroup | null>(null)
  const [copying, setCopying] = useState<AttrGroup | null>(null)
  const nodeTypeLabel = (n: number) => t(`attributes.nodeType.n${n as 1}`)
  const kindLabel = (k: string) => t(`attributes.groupKind.${k as 'form'}`)

  const filters: FilterField[] = [{ name: 'keyword', label: t('attributes.field.keyword') }, ...declaredFilters(ATTR_GROUP_FIELDS, tr)]
  const columns: ListColumn<AttrGroup>[] = [
    {
      key: 'groupName',
      header: t('attributes.field.groupName'),
      sortable: true,
      cell: (g) => (
        <button type="button" className="flex flex-col items-start text-left hover:underline" onClick={() => setGroup(g)}>
          <span className="font-medium">{g.groupName}</span>
          <span className="text-xs text-muted-foreground">{g.groupCode}</span>
        </button>
      ),
      exportValue: (g) => g.groupName,
    },
    textColumn('nodeType', t('attributes.field.nodeType'), (g) => nodeTypeLabel(g.nodeType), { sortable: true }),
    textColumn('groupKind', t('attributes.field.groupKind'), (g) => kindLabel(g.groupKind)),
    {
      key: 'status',
      header: t('attributes.field.status'),
      cell: (g) => <Badge variant={g.status === 1 ? 'success' : 'secondary'}>{t(`attributes.status.s${g.status as 1}`)}</Badge>,
      exportValue: (g) => t(`attributes.status.s${g.status as 1}`),
    },
    { key: 'itemCount', header: t('attributes.field.itemCount'), align: 'right' },
    { key: 'relationCount', header: t('attributes.field.relationCount'), align: 'right' },
    { key: 'sort', header: t('attributes.field.sort'), sortable: true, align: 'right' },
  ]

  return (
    <div className="flex flex-col gap-4">
      <ListPage
        resource={attrGroupResource}
        description={t('attributes.config.description')}
        filters={filters}
        columns={columns}
        rowActions={(g) => (
          <>
            <RowAction icon={<ListChecks aria-hidden />} label={t('attributes.config.items')} onClick={() => setGroup(g)} />
            <Can action="copy">
              <RowAction icon={<Copy aria-hidden />} label={t('attributes.config.copy')} onClick={() => setCopying(g)} />
            </Can>
          </>
        )}
        form={{
          defaults: { nodeType: 1, groupKind: 'form', status: 1, sort: 1 },
          render: () => <DeclaredFields fields={ATTR_GROUP_FIELDS} />,
        }}
      />
      {group && (
        <Card className="p-4" aria-label={t('attributes.config.itemsOf', { name: group.groupName })}>
          <h2 className="mb-2 text-base font-semibold">{t('attributes.config.itemsOf', { name: group.groupName })}</h2>
          <ItemList key={group.groupId} group={group} />
        </Card>
      )}
      {copying && <CopyDialog group={copying} onClose={() => setCopying(null)} />}
    </div>
  )
}

function ItemList({ group }: { group: AttrGroup }) {
  const { t } = useT()
  const typeLabel = (v: string) => t(`attributes.itemType.${v as 'text'}`)
  const columns: ListColumn<AttrItem>[] = [
    { key: 'itemName', header: t('attributes.field.itemName'), sortable: true },
    { key: 'itemCode', header: t('attributes.field.itemCode'), sortable: true },
    textColumn('itemType', t('attributes.field.itemType'), (i) => typeLabel(i.itemType)),
    { key: 'required', header: t('attributes.field.required'), cell: (i) => (i.required ? '✓' : '--') },
    { key: 'options', header: t('attributes.field.options'), cell: (i) => i.options.join('、') || '--' },
    { key: 'unit', header: t('attributes.field.unit'), cell: (i) => i.unit || '--' },
    { key: 'sort', header: t('attributes.field.sort'), sortable: true, align: 'right' },
  ]
  return (
    <GroupChildList
      group={group}
      resource={attrItemResource}
      title={t('attributes.config.itemsOf', { name: group.groupName })}
      columns={columns}
      defaults={{ itemType: 'text', required: false, status: 1, sort: 1, options: '' }}
      render={() => (
        <DeclaredFields
          fields={ATTR_ITEM_FIELDS}
          before={{
            defaultValue: <FormField name="options" label={t('attributes.field.options')} hint={t('attributes.field.optionsHint')} wide />,
          }}
        />
      )}
    />
  )
}

function CopyDialog({ group, onClose }: { group: AttrGroup; onClose: () => void }) {
  const { t } = useT()
  const qc = useQueryClient()
  const action = useActionForm({
    schema: attrGroupCopy,
    defaultValues: {
      groupId: group.groupId,
      groupName: `${group.groupName}-copy`.slice(0, GROUP.groupName),
      groupCode: `${group.groupCode}-copy`.slice(0, GROUP.groupCode),
    },
    action: (v) => http.post(ATTR_API.attrGroup.copy, v),
    success: t('attributes.config.copied'),
    onDone: () => {
      void qc.invalidateQueries({ queryKey: attributeKeys.groups() })
      onClose()
    },
  })
  return (
    <ActionDialog
      open
      onClose={onClose}
      title={t('attributes.config.copyTitle', { name: group.groupName })}
      description={t('attributes.config.copyHint')}
      action={action}
    >
      <DeclaredField field={fieldOf(ATTR_GROUP_FIELDS, 'groupName')} />
      <DeclaredField field={fieldOf(ATTR_GROUP_FIELDS, 'groupCode')} />
    </ActionDialog>
  )
}
