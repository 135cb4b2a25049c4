/**
 * Railway chainage (里程), shared by the console and the gateway: a prefix (冠号, up to four
 * letters: DK, K, AK, CK…, possibly none), kilometres, '+', metres below 1000 with up to three
 * decimals — `DK123+456.780`. Entered loosely (lower case, spaces, a full-width plus, fewer
 * decimals), always shown and stored canonically (upper-case prefix, three-digit metres, three
 * decimals). The gateway stores the canonical text; the database derives the numeric metres and
 * the prefix from it (generated columns), which order and compare mileages.
 */

/** What `parseChainage` accepts. */
export const CHAINAGE_INPUT = /^\s*([A-Za-z]{0,4})\s*(\d{1,4})\s*[+＋]\s*(\d{1,3})(?:\.(\d{1,3}))?\s*$/

/** The canonical form: `DK123+456.780`. */
export const CHAINAGE_CANONICAL = /^[A-Z]{0,4}\d{1,4}\+\d{3}\.\d{3}$/

export interface Chainage {
  /** Upper-case letters, possibly empty. */
  prefix: string
  /** Kilometres × 1000 + metres, to the millimetre. */
  metres: number
}

/** Millimetres as an integer: sums and comparisons stay exact. */
const mmOf = (metres: number) => Math.round(metres * 1000)

/** The chainage in a text, or null when it is not one. */
export function parseChainage(input: string | null | undefined): Chainage | null {
  if (typeof input !== 'string') return null
  const m = CHAINAGE_INPUT.exec(input)
  if (!m) return null
  const km = Number(m[2])
  const whole = Number(m[3])
  const frac = Number((m[4] ?? '').padEnd(3, '0'))
  return { prefix: m[1]!.toUpperCase(), metres: (km * 1_000_000 + whole * 1000 + frac) / 1000 }
}

/** `DK123+456.780` from a prefix and metres (negative metres are shown as 0). */
export function formatChainage(c: Chainage): string {
  const mm = Math.max(0, mmOf(c.metres))
  const km = Math.floor(mm / 1_000_000)
  const rest = mm % 1_000_000
  const m = Math.floor(rest / 1000)
  const frac = rest % 1000
  return `${c.prefix}${km}+${String(m).padStart(3, '0')}.${String(frac).padStart(3, '0')}`
}

/** The canonical form of an entered chainage, or null when it is not one. */
export function normaliseChainage(input: string | null | undefined): string | null {
  const c = parseChainage(input)
  return c ? formatChainage(c) : null
}

/** Length between two chainages in metres (end − start), to the millimetre. */
export function chainageLength(start: Chainage, end: Chainage): number {
  return (mmOf(end.metres) - mmOf(start.metres)) / 1000
}

/** Whether two ranges [aStart, aEnd) and [bStart, bEnd) share more than a point. */
export function rangesOverlap(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return mmOf(a.start) < mmOf(b.end) && mmOf(b.start) < mmOf(a.end)
}
