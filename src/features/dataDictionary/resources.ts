/** The data dictionary screen's resources (gateway: server/modules/dataDictionary). */
import { DATA_DICT_API, type DataDictItem, type DataDictKey } from '@/contract/schemas/dataDictionary'
import { defineResource } from '@/lib/crud'
import { dictionaryItemKeys } from '@/lib/dictionary'

export const dataDictKeyResource = defineResource<DataDictKey>({
  key: 'dataDictKey',
  paths: DATA_DICT_API.key,
  idKey: 'keyId',
  schemas: () => import('@/contract/schemas/dataDictionary').then((m) => ({ add: m.dataDictKeyAdd, update: m.dataDictKeyUpdate })),
  entity: 'dataDictionary.entity.key',
  nameOf: (k) => k.keyName,
  invalidates: [dictionaryItemKeys.all()],
})

/** A change of an item: the keys' item counts and every screen's choices are read again. */
export const dataDictItemResource = defineResource<DataDictItem>({
  key: 'dataDictItem',
  paths: DATA_DICT_API.item,
  idKey: 'itemId',
  schemas: () => import('@/contract/schemas/dataDictionary').then((m) => ({ add: m.dataDictItemAdd, update: m.dataDictItemUpdate })),
  entity: 'dataDictionary.entity.item',
  nameOf: (i) => i.label,
  invalidates: [['dataDictKey'], dictionaryItemKeys.all()],
})
