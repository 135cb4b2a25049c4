/**
 * A fill-in cell's value checked by its kind (the field kinds of src/contract/fields.ts): a text within
 * its length (one line unless multiline), a number within its range with at most `precision`
 * decimals, a date YYYY-MM-DD, a choice among its options or an id of its source (EBS / WBS /
 * quantity nodes that are enabled, work sites of the content's project), a person or a signature as
 * an id, photos as at most `max` ids. Null clears a cell. Answers the problems, one per cell.
 */
import { z } from 'zod'
import { hasControlChars, isIsoDate } from '../../../src/contract/rules'
import type { TabCellValue, TabChoiceSource, TabFillIn } from '../../../src/contract/schemas/tabulation'
import type { Db } from '../../db/client'
import { enabledDictNodeIds } from '../dictionary'
import { workSiteIdsOf } from '../workSite'
import { fill, type Text } from '../../lib/http'
import { TAB_TEXT } from './texts'

const isId = (v: unknown): v is string => typeof v === 'string' && z.uuid().safeParse(v).success

function decimalsWithin(n: number, precision: number): boolean {
  const scale = 10 ** precision
  return Math.abs(Math.round(n * scale) / scale - n) < 1e-9 * Math.max(1, Math.abs(n))
}

/** The problem of one value (not a source's ids, checked in bulk), or null. */
function problemOf(address: string, f: TabFillIn, v: TabCellValue): Text | null {
  if (v === null) return null
  switch (f.kind) {
    case 'text':
      return typeof v === 'string' && v.length <= f.max && !hasControlChars(v, !!f.multiline) ? null : fill(TAB_TEXT.badText, address)
    case 'number':
      return typeof v === 'number' &&
        Number.isFinite(v) &&
        decimalsWithin(v, f.precision) &&
        (f.min === undefined || v >= f.min) &&
        (f.max === undefined || v <= f.max)
        ? null
        : fill(TAB_TEXT.badNumber, address)
    case 'date':
      return typeof v === 'string' && isIsoDate(v) ? null : fill(TAB_TEXT.badDate, address)
    case 'choice':
      if (f.options) return typeof v === 'string' && f.options.includes(v) ? null : fill(TAB_TEXT.badChoice, address)
      return isId(v) ? null : fill(TAB_TEXT.badChoice, address)
    case 'person':
    case 'signature':
      return isId(v) ? null : fill(TAB_TEXT.badId, address)
    case 'photos':
      return Array.isArray(v) && v.length <= f.max && v.every(isId) ? null : fill(TAB_TEXT.badPhotos, address)
  }
}

/** The problems of a patch's values, by address (the patch's cells are all fill-in cells). */
export async function valueProblems(
  db: Db,
  projectId: string,
  fillIns: Record<string, TabFillIn>,
  patch: Record<string, TabCellValue>,
): Promise<Map<string, Text>> {
  const problems = new Map<string, Text>()
  const bySource = new Map<TabChoiceSource, { address: string; id: string }[]>()
  for (const [address, value] of Object.entries(patch)) {
    const f = fillIns[address]!
    const p = problemOf(address, f, value)
    if (p) problems.set(address, p)
    else if (f.kind === 'choice' && f.source && typeof value === 'string') {
      const list = bySource.get(f.source) ?? []
      list.push({ address, id: value })
      bySource.set(f.source, list)
    }
  }
  for (const [source, wanted] of bySource) {
    const ids = [...new Set(wanted.map((w) => w.id))]
    const found = source === 'workSite' ? await workSiteIdsOf(db, projectId, ids) : await enabledDictNodeIds(db, source, ids)
    for (const w of wanted) if (!found.has(w.id)) problems.set(w.address, fill(TAB_TEXT.badChoice, w.address))
  }
  return problems
}

/** The required fill-in cells without a value. */
export function missingRequired(fillIns: Record<string, TabFillIn>, cells: Record<string, TabCellValue>): string[] {
  return Object.entries(fillIns)
    .filter(([a, f]) => {
      const v = cells[a]
      return f.required && (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0))
    })
    .map(([a]) => a)
}
