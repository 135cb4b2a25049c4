/**
 * The data dictionary (数据字典, issue 33; SPEC §7 `dictionary`): keys and their ordered items under
 * /admin/data-dictionary, and `dictionary/items?key=` — a key's items for any signed-in caller (the
 * choices and labels of a declared field, cached offline by the console). A key some module reads
 * (../../../src/contract/fields.ts DICTIONARY_KEYS) keeps its code and is not deleted; an item records
 * use (setDictionaryUse) keeps its code and is not deleted — refused with 20021 saying who uses it.
 */
import type { FastifyInstance } from 'fastify'
import { asc, eq, sql } from 'drizzle-orm'
import { perm } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import { DICTIONARY_KEYS } from '../../../src/contract/fields'
import {
  DATA_DICT_API,
  dataDictItemAdd,
  dataDictItemListQuery,
  dataDictItemMove,
  dataDictItemUpdate,
  dataDictKeyAdd,
  dataDictKeyListQuery,
  dataDictKeyUpdate,
  dictionaryItemsQuery,
  type DictionaryItem,
} from '../../../src/contract/schemas/dataDictionary'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { dataDictItem, dataDictKey } from '../../db/schema'
import { ApiError, ok, parse, type Text } from '../../lib/http'
import { anyLike } from '../../lib/sql'
import { defineResource, registerResource, stampsOf } from '../../lib/resource'
import { dictionaryItems, dictionaryUseOf } from './uses'

type Row = Record<string, unknown>

export const DATA_DICT_MENU = '/admin/data-dictionary' as const

const TEXT = {
  unknownKey: { zh: '数据字典中没有该键', en: 'The data dictionary has no such key' },
  dupKey: { zh: '已有该编码的字典键', en: 'A dictionary key with that code exists' },
  dupItem: { zh: '该字典键下已有该编码的项', en: 'The key already has an item with that code' },
  systemKey: (code: string): Text => ({
    zh: `字典键“${code}”由系统读取，不能删除，也不能修改其编码`,
    en: `The key “${code}” is read by the system: it cannot be deleted nor its code changed`,
  }),
  keyInUse: (code: string, what: Text, n: number): Text => ({
    zh: `字典键“${code}”的项正被${n}条${what.zh}使用，不能删除`,
    en: `Items of the key “${code}” are used by ${n} ${what.en}, so it cannot be deleted`,
  }),
  itemInUse: (code: string, what: Text, n: number): Text => ({
    zh: `字典项“${code}”正被${n}条${what.zh}使用，不能删除，也不能修改其编码（可停用）`,
    en: `The item “${code}” is used by ${n} ${what.en}: it cannot be deleted nor its code changed (disable it instead)`,
  }),
  otherKey: { zh: '字典项不能移到另一个字典键下', en: 'An item cannot move to another key' },
}

const isSystemKey = (code: unknown) => (DICTIONARY_KEYS as readonly string[]).includes(String(code))

/** The key of an item (20002 on keyId when missing). */
async function keyOf(tx: Db, keyId: string) {
  const [k] = await tx.select().from(dataDictKey).where(eq(dataDictKey.keyId, keyId))
  if (!k) throw new ApiError(Code.NOT_FOUND, { field: 'keyId' })
  return k
}

/** 20021 when records use some of `codes` of the key. */
async function refuseUsed(tx: Db, keyCode: string, codes: string[], text: (code: string, what: Text, n: number) => Text) {
  const use = dictionaryUseOf(keyCode)
  if (!use || codes.length === 0) return
  const counts = await use.count(tx, codes)
  for (const code of codes) {
    const n = counts.get(code) ?? 0
    if (n > 0) throw new ApiError(Code.REFUSED, { field: 'itemCode', value: code, count: n }, text(code, use.what, n))
  }
}

export function registerDataDictionaryRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get(DATA_DICT_API.items, { config: { auth: 'signed' } }, async (req) => {
    const q = parse(dictionaryItemsQuery, req.query, req)
    const items: DictionaryItem[] | null = await dictionaryItems(ctx.db, q.key, q.all === '1')
    if (!items) throw new ApiError(Code.NOT_FOUND, { field: 'key', value: q.key }, TEXT.unknownKey)
    return ok(req, items)
  })

  registerResource(
    app,
    ctx,
    defineResource({
      name: 'dataDictKey',
      table: dataDictKey,
      idField: 'keyId',
      menu: DATA_DICT_MENU,
      schemas: { add: dataDictKeyAdd, update: dataDictKeyUpdate, listQuery: dataDictKeyListQuery },
      filters: (q) => [q.keyword ? anyLike(q.keyword, dataDictKey.keyCode, dataDictKey.keyName, dataDictKey.keyNameEn) : undefined],
      sortable: { keyCode: dataDictKey.keyCode, keyName: dataDictKey.keyName, createTime: dataDictKey.createTime },
      unique: [{ field: 'keyCode', caseInsensitive: true, message: TEXT.dupKey }],
      selection: {
        keyId: dataDictKey.keyId,
        keyCode: dataDictKey.keyCode,
        keyName: dataDictKey.keyName,
        keyNameEn: dataDictKey.keyNameEn,
        remark: dataDictKey.remark,
        itemCount: sql<number>`(select count(*)::int from data_dict_item i where i.key_id = "data_dict_key"."key_id")`.as('item_count'),
        ...stampsOf(dataDictKey),
      },
      beforeWrite: (input, current) => {
        const code = String(current?.keyCode ?? '')
        if (current && isSystemKey(code) && String((input as Row).keyCode) !== code)
          throw new ApiError(Code.REFUSED, { field: 'keyCode', value: code }, TEXT.systemKey(code))
      },
      beforeDelete: async (_ids, rows, w) => {
        for (const row of rows) {
          const code = String(row.keyCode)
          if (isSystemKey(code)) throw new ApiError(Code.REFUSED, { field: 'keyCode', value: code }, TEXT.systemKey(code))
          const use = dictionaryUseOf(code)
          if (!use) continue
          const items = await w.tx
            .select({ code: dataDictItem.itemCode })
            .from(dataDictItem)
            .where(eq(dataDictItem.keyId, String(row.keyId)))
          const counts = await use.count(
            w.tx,
            items.map((i) => i.code),
          )
          const n = [...counts.values()].reduce((a, b) => a + b, 0)
          if (n > 0) throw new ApiError(Code.REFUSED, { field: 'keyCode', value: code, count: n }, TEXT.keyInUse(code, use.what, n))
        }
      },
    }),
  )

  registerResource(
    app,
    ctx,
    defineResource({
      name: 'dataDictItem',
      table: dataDictItem,
      idField: 'itemId',
      menu: DATA_DICT_MENU,
      schemas: { add: dataDictItemAdd, update: dataDictItemUpdate, listQuery: dataDictItemListQuery },
      filters: (q) => [
        eq(dataDictItem.keyId, q.keyId),
        q.keyword ? anyLike(q.keyword, dataDictItem.itemCode, dataDictItem.label, dataDictItem.labelEn) : undefined,
      ],
      sortable: { sort: dataDictItem.sort, itemCode: dataDictItem.itemCode, label: dataDictItem.label },
      unique: [{ field: 'itemCode', caseInsensitive: true, within: ['keyId'], message: TEXT.dupItem }],
      beforeWrite: async (input, current, w) => {
        const keyId = String((input as Row).keyId)
        if (!current) {
          await keyOf(w.tx, keyId)
          return
        }
        if (current.keyId !== keyId) throw new ApiError(Code.REFUSED, { field: 'keyId' }, TEXT.otherKey)
        const code = String(current.itemCode)
        if (String((input as Row).itemCode) !== code) await refuseUsed(w.tx, (await keyOf(w.tx, keyId)).keyCode, [code], TEXT.itemInUse)
      },
      beforeDelete: async (_ids, rows, w) => {
        const byKey = new Map<string, string[]>()
        for (const r of rows) byKey.set(String(r.keyId), [...(byKey.get(String(r.keyId)) ?? []), String(r.itemCode)])
        for (const [keyId, codes] of byKey) await refuseUsed(w.tx, (await keyOf(w.tx, keyId)).keyCode, codes, TEXT.itemInUse)
      },
    }),
  )

  // 上移 / 下移: the item swaps places with its neighbour; the key's items are numbered 1, 2, … again.
  app.post(DATA_DICT_API.item.move, { config: { auth: 'signed', perm: perm(DATA_DICT_MENU, 'move') } }, async (req) => {
    const input = parse(dataDictItemMove, req.body, req)
    const auth = req.auth!
    const items = await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const [item] = await tx.select().from(dataDictItem).where(eq(dataDictItem.itemId, input.itemId))
      if (!item) throw new ApiError(Code.NOT_FOUND, { field: 'itemId' })
      // one move of a key at a time
      await tx.execute(sql`select 1 from data_dict_key where key_id = ${item.keyId} for update`)
      const order = await tx
        .select({ itemId: dataDictItem.itemId, sort: dataDictItem.sort })
        .from(dataDictItem)
        .where(eq(dataDictItem.keyId, item.keyId))
        .orderBy(asc(dataDictItem.sort), asc(dataDictItem.itemCode))
      const at = order.findIndex((o) => o.itemId === item.itemId)
      const to = input.direction === 'up' ? at - 1 : at + 1
      if (to >= 0 && to < order.length) [order[at], order[to]] = [order[to]!, order[at]!]
      const now = new Date()
      const changed = order.flatMap((o, i) => (o.sort === i + 1 ? [] : [{ id: o.itemId, sort: i + 1 }]))
      for (const c of changed)
        await tx
          .update(dataDictItem)
          .set({ sort: c.sort, updateTime: now, updateBy: auth.account.accountId })
          .where(eq(dataDictItem.itemId, c.id))
      return tx
        .select()
        .from(dataDictItem)
        .where(eq(dataDictItem.keyId, item.keyId))
        .orderBy(asc(dataDictItem.sort), asc(dataDictItem.itemCode))
    })
    return ok(req, items)
  })
}
