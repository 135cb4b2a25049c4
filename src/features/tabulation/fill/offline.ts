/**
 * A filled sheet's save as the outbox carries it (DESIGN §4): one entry per 保存 — the changed cells
 * with the version read and `base`, the values those cells had when read. Replayed (signed afresh, its
 * entry id the Idempotency-Key: once) it merges on the gateway when no cell of it changed since, even
 * if others saved other cells; a cell both sides changed comes back as 20008, and the sync centre
 * compares the entry with the sheet as it is now cell by cell (the conflict's answer carries each
 * visible cell under its address).
 */
import type { TabCellValue } from '@/contract/schemas/tabulation'
import { TABULATION_API } from '@/contract/tabulationApi'
import { defineOfflineEntity, syncStore, type FieldSpec } from '@/lib/offline'

export const CONTENT_ENTITY = 'tabContent'

/** What an entry holds: the cells (and the version read, which a rebase moves) and their values as read. */
export interface ContentSavePayload extends Record<string, unknown> {
  values: Record<string, TabCellValue | number> & { version: number }
  base: Record<string, TabCellValue>
}

const cellsOf = (values: Record<string, unknown>) => {
  const { version: _version, ...cells } = values
  return cells as Record<string, TabCellValue>
}

const text = (v: unknown) =>
  v === null || v === undefined ? '' : Array.isArray(v) ? v.length.toString() : typeof v === 'object' ? JSON.stringify(v) : String(v)

export const contentOffline = defineOfflineEntity({
  entity: CONTENT_ENTITY,
  // the page's name (the routes texts are always loaded, the area's are not in the sync centre)
  label: 'routes./admin/table-manage',
  idKey: 'tabContentId',
  invalidates: [['tabContent']],
  /** The cells the queued saves write, each compared on its own (named by its address). */
  get fields(): FieldSpec[] {
    const addresses = new Set<string>()
    for (const e of syncStore.get().entries)
      if (e.entity === CONTENT_ENTITY)
        for (const a of Object.keys(cellsOf((e.payload.values ?? {}) as Record<string, unknown>))) addresses.add(a)
    return [...addresses].sort().map((a) => ({ key: a, label: a, format: text }))
  },
  titleOf: (d) => text(d.templateName),
  steps(entry) {
    const p = entry.payload as ContentSavePayload
    return [
      {
        method: 'post',
        path: TABULATION_API.content.save,
        body: { tabContentId: entry.entityId, version: p.values.version, cells: cellsOf(p.values), base: p.base },
      },
    ]
  },
  apply(prev, entry) {
    const p = entry.payload as ContentSavePayload
    const cells: Record<string, TabCellValue> = { ...((prev?.cells as Record<string, TabCellValue> | undefined) ?? {}) }
    for (const [a, v] of Object.entries(cellsOf(p.values))) {
      if (v === null) delete cells[a]
      else cells[a] = v
    }
    return { ...(prev ?? {}), tabContentId: entry.entityId, cells }
  },
})
