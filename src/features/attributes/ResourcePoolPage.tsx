/** /admin/resource-pool (资源池): the resources a role can be granted (SPEC §6), with Excel import and export. */
import { RESOURCE_POOL_FIELDS } from '@/contract/fields/attributes'
import type { ResourcePoolItem } from '@/contract/schemas/attributes'
import { Badge } from '@/components/ui/badge'
import { declaredFilters, formatDateTime, ListPage, textColumn, useTranslate, type FilterField, type ListColumn } from '@/lib/crud'
import { DeclaredFields } from '@/lib/crud/forms'
import { ExcelActions } from '@/lib/excel'
import { useT } from '@/lib/i18n'
import { resourcePoolResource } from './resources'

export function ResourcePoolPage() {
  const { t } = useT()
  const tr = useTranslate()
  const typeLabel = (v: string) => t(`attributes.pool.type.${v as 'api'}`)
  const statusLabel = (s: number) => t(`attributes.status.s${s as 1}`)
  const filters: FilterField[] = [
    { name: 'keyword', label: t('attributes.pool.field.keyword') },
    ...declaredFilters(RESOURCE_POOL_FIELDS, tr),
  ]
  const columns: ListColumn<ResourcePoolItem>[] = [
    {
      key: 'resourceName',
      header: t('attributes.pool.field.resourceName'),
      sortable: true,
      cell: (r) => <span className="font-medium">{r.resourceName}</span>,
      exportValue: (r) => r.resourceName,
    },
    {
      key: 'resourceCode',
      header: t('attributes.pool.field.resourceCode'),
      sortable: true,
      cell: (r) => <span className="font-mono text-xs">{r.resourceCode}</span>,
      exportValue: (r) => r.resourceCode,
    },
    textColumn('resourceType', t('attributes.pool.field.resourceType'), (r) => typeLabel(r.resourceType), { sortable: true }),
    {
      key: 'uri',
      header: t('attributes.pool.field.uri'),
      className: 'max-w-[14rem] truncate',
      cell: (r) => <span title={r.uri ?? ''}>{r.uri || '--'}</span>,
    },
    {
      key: 'status',
      header: t('attributes.pool.field.status'),
      cell: (r) => <Badge variant={r.status === 1 ? 'success' : 'secondary'}>{statusLabel(r.status)}</Badge>,
      exportValue: (r) => statusLabel(r.status),
    },
    { key: 'sort', header: t('attributes.pool.field.sort'), sortable: true, align: 'right' },
    textColumn('updateTime', t('attributes.field.updateTime'), (r) => formatDateTime(r.updateTime), { defaultHidden: true }),
  ]
  return (
    <ListPage
      resource={resourcePoolResource}
      description={t('attributes.pool.description')}
      filters={filters}
      columns={columns}
      exportable={false}
      toolbar={({ query }) => <ExcelActions resource={resourcePoolResource} query={query} />}
      form={{
        defaults: { resourceType: 'api', status: 1, sort: 1 },
        render: () => <DeclaredFields fields={RESOURCE_POOL_FIELDS} />,
      }}
    />
  )
}
