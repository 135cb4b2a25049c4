/**
 * /admin/data-dictionary (数据字典, issue 33; SPEC §7 `dictionary`): the keys on the left, the items of
 * the chosen key on the right in their order — add, edit, delete (refused with the reason while
 * records use them), 上移 / 下移. Other screens read a key's enabled items as choices (lib/dictionary).
 */
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowDown, ArrowUp, ListChecks } from 'lucide-react'
import { DICTIONARY_KEYS } from '@/contract/fields'
import { DATA_DICT_ITEM_FIELDS, DATA_DICT_KEY_FIELDS } from '@/contract/fields/dataDictionary'
import { DATA_DICT_API, type DataDictItem, type DataDictKey } from '@/contract/schemas/dataDictionary'
import { Badge } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'
import { PanelList, RowAction, invalidateResource, type ListColumn } from '@/lib/crud'
import { DeclaredFields } from '@/lib/crud/forms'
import { dictionaryItemsQueryOptions } from '@/lib/dictionary'
import { http } from '@/lib/http'
import { ScreenHeader } from '@/lib/pages'
import { useT } from '@/lib/i18n'
import { permissionsOf } from '@/lib/permissions'
import { toast } from '@/lib/toast'
import { dataDictItemResource, dataDictKeyResource } from './resources'

const { Can } = permissionsOf('/admin/data-dictionary')
const isSystemKey = (code: string) => (DICTIONARY_KEYS as readonly string[]).includes(code)

export function DataDictionaryPage() {
  const { t, locale } = useT()
  const [selected, setSelected] = useState<DataDictKey | null>(null)
  /** A key's name in the current language. */
  const nameOf = (k: DataDictKey) => (locale === 'en' ? k.keyNameEn : k.keyName)

  const columns: ListColumn<DataDictKey>[] = [
    {
      key: 'keyName',
      header: t('dataDictionary.field.keyName'),
      sortable: true,
      cell: (k) => (
        <button
          type="button"
          className="flex flex-col items-start text-left hover:underline"
          aria-pressed={selected?.keyId === k.keyId}
          onClick={() => setSelected(k)}
        >
          <span className="font-medium">{nameOf(k)}</span>
          <span className="font-mono text-xs text-muted-foreground">{k.keyCode}</span>
        </button>
      ),
      exportValue: (k) => nameOf(k),
    },
    { key: 'itemCount', header: t('dataDictionary.field.itemCount'), align: 'right' },
  ]

  return (
    <div className="flex flex-col gap-4">
      <ScreenHeader description={t('dataDictionary.description')} />
      <div className="grid gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card className="p-4" role="region" aria-labelledby="data-dict-keys">
          <h2 id="data-dict-keys" className="mb-2 text-base font-semibold">
            {t('dataDictionary.keys')}
          </h2>
          <PanelList
            resource={dataDictKeyResource}
            title={t('dataDictionary.keys')}
            columns={columns}
            exportable={false}
            rowActions={(k) => (
              <RowAction icon={<ListChecks aria-hidden />} label={t('dataDictionary.items')} onClick={() => setSelected(k)} />
            )}
            canDelete={(k) => (isSystemKey(k.keyCode) ? t('dataDictionary.systemKey') : true)}
            form={{ render: () => <DeclaredFields fields={DATA_DICT_KEY_FIELDS} /> }}
          />
        </Card>
        <Card className="p-4" role="region" aria-labelledby="data-dict-items">
          {selected ? (
            <>
              <h2 id="data-dict-items" className="mb-2 text-base font-semibold">
                {t('dataDictionary.itemsOf', { name: nameOf(selected) })}
              </h2>
              <ItemList key={selected.keyId} dictKey={selected} name={nameOf(selected)} />
            </>
          ) : (
            <>
              <h2 id="data-dict-items" className="mb-2 text-base font-semibold">
                {t('dataDictionary.items')}
              </h2>
              <p className="py-8 text-center text-sm text-muted-foreground">{t('dataDictionary.pickKey')}</p>
            </>
          )}
        </Card>
      </div>
    </div>
  )
}

function ItemList({ dictKey, name }: { dictKey: DataDictKey; name: string }) {
  const { t } = useT()
  const qc = useQueryClient()
  const { data: items = [] } = useQuery(dictionaryItemsQueryOptions(dictKey.keyCode))
  const move = useMutation({
    mutationFn: (v: { itemId: string; direction: 'up' | 'down' }) => http.post(DATA_DICT_API.item.move, v),
    onSuccess: async () => {
      toast.success(t('dataDictionary.moved'))
      await invalidateResource(qc, dataDictItemResource)
    },
  })
  const columns: ListColumn<DataDictItem>[] = [
    { key: 'sort', header: t('dataDictionary.field.sort'), sortable: true, align: 'right' },
    { key: 'itemCode', header: t('dataDictionary.field.itemCode'), sortable: true, className: 'font-mono' },
    { key: 'label', header: t('dataDictionary.field.label'), sortable: true },
    { key: 'labelEn', header: t('dataDictionary.field.labelEn') },
    {
      key: 'status',
      header: t('dataDictionary.field.status'),
      cell: (i) => (
        <Badge variant={i.status === 1 ? 'success' : 'secondary'}>
          {t(i.status === 1 ? 'dataDictionary.enabled' : 'dataDictionary.disabled')}
        </Badge>
      ),
      exportValue: (i) => t(i.status === 1 ? 'dataDictionary.enabled' : 'dataDictionary.disabled'),
    },
  ]
  const nextSort = items.reduce((max, i) => Math.max(max, i.sort), 0) + 1
  return (
    <PanelList
      resource={dataDictItemResource}
      title={t('dataDictionary.itemsOf', { name })}
      extraQuery={{ keyId: dictKey.keyId }}
      filters={[{ name: 'keyword', label: t('dataDictionary.field.keyword') }]}
      columns={columns}
      exportable={false}
      rowActions={(i) => (
        <Can action="move">
          <>
            <RowAction
              icon={<ArrowUp aria-hidden />}
              label={t('tree.moveUp')}
              ariaLabel={`${t('tree.moveUp')} ${i.label}`}
              disabled={move.isPending}
              onClick={() => move.mutate({ itemId: i.itemId, direction: 'up' })}
            />
            <RowAction
              icon={<ArrowDown aria-hidden />}
              label={t('tree.moveDown')}
              ariaLabel={`${t('tree.moveDown')} ${i.label}`}
              disabled={move.isPending}
              onClick={() => move.mutate({ itemId: i.itemId, direction: 'down' })}
            />
          </>
        </Can>
      )}
      form={{
        defaults: () => ({ keyId: dictKey.keyId, sort: nextSort, status: 1 }),
        render: () => <DeclaredFields fields={DATA_DICT_ITEM_FIELDS} />,
      }}
    />
  )
}
