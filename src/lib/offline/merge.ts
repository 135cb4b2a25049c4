/**
 * How a list shows the outbox: rows with a local copy show the copy, rows deleted locally go,
 * records added locally come first (when they belong to the list). Pure, for any entity.
 */
import type { EntryStatus, LocalRecord } from './types'

export interface Merged<T> {
  rows: T[]
  /** Records added here that the list shows (they are not in the server's total). */
  added: number
  /** Rows the list hides because they were deleted here. */
  removed: number
}

export function mergeLocal<T extends object>(
  rows: readonly T[],
  locals: readonly LocalRecord[] | undefined,
  idOf: (row: T) => string,
  belongs: (data: Record<string, unknown>) => boolean = () => true,
): Merged<T> {
  if (!locals || locals.length === 0) return { rows: rows as T[], added: 0, removed: 0 }
  const byId = new Map(locals.map((l) => [l.entityId, l]))
  let removed = 0
  const out: T[] = []
  const present = new Set<string>()
  for (const row of rows) {
    const id = idOf(row)
    present.add(id)
    const local = byId.get(id)
    if (!local) out.push(row)
    else if (local.data === null) removed++
    else out.push({ ...row, ...local.data } as T)
  }
  const fresh = locals.filter((l) => l.added && l.data && !present.has(l.entityId) && belongs(l.data)).map((l) => l.data as T)
  return { rows: [...fresh, ...out], added: fresh.length, removed }
}

/** The mark a row or form shows: the worst status of the record's entries. */
export type RecordMark = EntryStatus | undefined
