/**
 * The data dictionary (数据字典, issue 33; SPEC §7 `dictionary`, §9 "A container type dictionary key
 * is used"): keys (a code, a zh and an en name) and each key's items in order (a code unique within
 * the key, a zh and an en label, a sort number, enabled or not). Declarations read a key's items as a
 * choice (../fields.ts `dictionary`): the code is stored, the label shown.
 *
 * Calls:
 *   GET  dictionary/items?key=<keyCode>&all=   → DictionaryItem[] of the key in order (enabled ones only
 *                                                unless all=1): any signed-in caller; 20002 for an unknown key
 *   dataDictKey/listPage, list, add, update, delete    the keys (数据字典 menu; a key in use cannot be deleted: 20021)
 *   dataDictItem/listPage, list, add, update, delete   the items of a key (keyId); an item in use cannot
 *                                                      be deleted nor its code changed (20021)
 *   POST dataDictItem/move { itemId, direction: 'up' | 'down' } → DataDictItem[] of the key, in order
 */
import { z } from 'zod'
import { DICTIONARY_KEYS, type DictionaryKey } from '../fields'
import { DATA_DICT_ITEM_FIELDS, DATA_DICT_KEY_FIELDS } from '../fields/dataDictionary'
import { V, filterText } from '../rules'
import { id, listQuery, version, type Stamped } from './common'
import { declaredShape } from './fields'
import { structureCode } from './structureRules'

export { DATA_DICT_API } from '../endpoints'

export { DICTIONARY_KEYS, type DictionaryKey }

export const dictionaryItemsQuery = z.object({
  key: structureCode(50),
  /** 1: the disabled items too (the screen); default: the enabled ones (a form's choices). */
  all: z.enum(['0', '1'], { error: V.invalid }).optional(),
})

// ---- keys ----------------------------------------------------------------------------------------

export const dataDictKeyFields = z.object(declaredShape(DATA_DICT_KEY_FIELDS))
export const dataDictKeyAdd = dataDictKeyFields.extend({ keyId: id().optional() })
export const dataDictKeyUpdate = dataDictKeyFields.extend({ keyId: id(), version: version() })
export const dataDictKeyListQuery = listQuery.extend({ keyword: filterText(50) })

export type DataDictKeyFields = z.infer<typeof dataDictKeyFields>
export interface DataDictKey extends Omit<DataDictKeyFields, 'remark'>, Stamped {
  keyId: string
  remark: string | null
  itemCount: number
}

// ---- items ---------------------------------------------------------------------------------------

export const dataDictItemFields = z.object({ ...declaredShape(DATA_DICT_ITEM_FIELDS), keyId: id() })
export const dataDictItemAdd = dataDictItemFields.extend({ itemId: id().optional() })
export const dataDictItemUpdate = dataDictItemFields.extend({ itemId: id(), version: version() })
export const dataDictItemListQuery = listQuery.extend({ keyId: id(), keyword: filterText(50) })
export const dataDictItemMove = z.object({ itemId: id(), direction: z.enum(['up', 'down'], { error: V.invalid }) })

export type DataDictItemFields = z.infer<typeof dataDictItemFields>
export interface DataDictItem extends Omit<DataDictItemFields, 'remark'>, Stamped {
  itemId: string
  remark: string | null
}

/** An item as `dictionary/items` answers it. */
export interface DictionaryItem {
  code: string
  label: string
  labelEn: string
  sort: number
  enabled: boolean
}
