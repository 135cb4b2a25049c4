/**
 * How the palette ranks what the typed text finds: each entry carries its words (its label in both
 * languages, the pinyin initials of the Chinese one, the words it is also known by) and, weaker, its
 * context's (a page's group). A word equal to the text scores highest, then one starting with it, then
 * one containing it; the context's count half. Entries that score 0 are not shown.
 */
import { pinyinInitials } from '@/lib/i18n/pinyin'

export interface Findable {
  words: readonly string[]
  context?: readonly string[]
}

const fold = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ')

function wordScore(q: string, words: readonly string[]): number {
  let best = 0
  for (const w of words) {
    const s = fold(w)
    if (!s) continue
    if (s === q) return 1
    if (s.startsWith(q)) best = Math.max(best, 0.8)
    else if (s.includes(q)) best = Math.max(best, 0.6)
  }
  return best
}

export function matchScore(text: string, entry: Findable): number {
  const q = fold(text)
  if (!q) return 1
  return Math.max(wordScore(q, entry.words), wordScore(q, entry.context ?? []) / 2)
}

/** The words a Chinese and an English name are found by: both, and the Chinese one's pinyin initials. */
export const namesWords = (zh: string, en?: string | null): string[] => [zh, en ?? '', pinyinInitials(zh)].filter(Boolean)

/** The entries that match `text`, best first (ties keep their order). */
export function rank<T extends Findable>(text: string, entries: readonly T[]): T[] {
  return entries
    .map((e, i) => ({ e, i, s: matchScore(text, e) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.e)
}
