/**
 * What other modules ask of the data dictionary, and tell it: whether a code is an enabled item of a
 * key (a declared choice's check), and who uses a key's items (set once at start by the module that
 * stores them: the `ports` step of server/modules/index.ts) so that a used item or key is not deleted.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Lang } from '../../../src/contract/codes'
import type { DictionaryKey } from '../../../src/contract/fields'
import { V } from '../../../src/contract/validation'
import type { Db } from '../../db/client'
import { dataDictItem, dataDictKey } from '../../db/schema'
import { ApiError, invalidField, type Text } from '../../lib/http'

export interface DictionaryUse {
  /** The records using the key's items, in words (“项目容器” / “containers”). */
  what: Text
  /** How many records use each of `codes` (a code no record uses may be left out). */
  count: (db: Db, codes: string[]) => Promise<Map<string, number>>
}

const uses = new Map<string, DictionaryUse>()

/** A module, at start: its records store codes of `key`. */
export function setDictionaryUse(key: DictionaryKey, use: DictionaryUse): void {
  uses.set(key, use)
}

/** Who uses a key's items (undefined: no module reads the key). */
export const dictionaryUseOf = (keyCode: string): DictionaryUse | undefined => uses.get(keyCode)

/** The items of a key in order (enabled only unless `all`); null for an unknown key. */
export async function dictionaryItems(db: Db, keyCode: string, all = false) {
  const [key] = await db
    .select({ keyId: dataDictKey.keyId })
    .from(dataDictKey)
    .where(eq(sql`lower(${dataDictKey.keyCode})`, keyCode.toLowerCase()))
  if (!key) return null
  const rows = await db
    .select({
      code: dataDictItem.itemCode,
      label: dataDictItem.label,
      labelEn: dataDictItem.labelEn,
      sort: dataDictItem.sort,
      status: dataDictItem.status,
    })
    .from(dataDictItem)
    .where(all ? eq(dataDictItem.keyId, key.keyId) : and(eq(dataDictItem.keyId, key.keyId), eq(dataDictItem.status, 1)))
    .orderBy(asc(dataDictItem.sort), asc(dataDictItem.itemCode))
  return rows.map(({ status, ...r }) => ({ ...r, enabled: status === 1 }))
}

const notAnOption = (key: DictionaryKey, code: string): Text => ({
  zh: `“${code}”不是数据字典“${key}”中可选的项（不存在或已停用），请在数据字典中添加或启用`,
  en: `“${code}” is not an option of the data dictionary key “${key}” (unknown or disabled); add or enable it on the data dictionary`,
})

/**
 * Reads a cell of an Excel sheet as an enabled item of `key`: its code, or its zh or en label (case
 * aside); null when it is none of them. One query for a whole sheet.
 */
export async function dictionaryResolver(db: Db, key: DictionaryKey): Promise<(text: string) => string | null> {
  const by = new Map<string, string>()
  const items = (await dictionaryItems(db, key)) ?? []
  // labels first, so that a code equal to another item's label wins
  for (const i of items) for (const t of [i.labelEn, i.label]) by.set(t.trim().toLowerCase(), i.code)
  for (const i of items) by.set(i.code.toLowerCase(), i.code)
  return (text) => by.get(text.trim().toLowerCase()) ?? null
}

/**
 * The codes of `codes` that are not enabled items of `key` (in order, once each).
 */
export async function unknownDictionaryCodes(db: Db, key: DictionaryKey, codes: readonly string[]): Promise<string[]> {
  const enabled = new Set((await dictionaryItems(db, key))?.map((i) => i.code) ?? [])
  return [...new Set(codes)].filter((c) => !enabled.has(c))
}

/** 20001 on `field`: `code` is not an enabled item of `key` (the field's message in `lang`, the answer's in the request's). */
export function notInDictionary(key: DictionaryKey, code: string, field: string, lang: Lang = 'zh'): ApiError {
  const keyed = `${V.notInDictionary}:${code}`
  return invalidField(field, keyed, lang, notAnOption(key, code))
}

/** 20001 on `field` unless `code` is an enabled item of `key`. */
export async function requireDictionaryItem(db: Db, key: DictionaryKey, code: string, field: string, lang: Lang = 'zh'): Promise<void> {
  if ((await unknownDictionaryCodes(db, key, [code])).length === 0) return
  throw notInDictionary(key, code, field, lang)
}
