/** Page numbers around the current one, with gaps: [1, '…', 4, 5, 6, '…', 20]. */
export function pageWindow(current: number, pages: number, span = 1): (number | '…')[] {
  const wanted = new Set([1, pages])
  for (let p = current - span; p <= current + span; p++) if (p >= 1 && p <= pages) wanted.add(p)
  const sorted = [...wanted].sort((a, b) => a - b)
  const out: (number | '…')[] = []
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push('…')
    out.push(p)
  })
  return out
}
