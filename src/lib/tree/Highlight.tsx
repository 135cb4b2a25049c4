/** A text with the occurrences of a keyword marked (case-insensitive), for search results. */
export function Highlight({ text, keyword }: { text: string; keyword?: string | null }) {
  const k = keyword?.trim().toLowerCase() ?? ''
  if (!k) return <>{text}</>
  const lower = text.toLowerCase()
  const parts: React.ReactNode[] = []
  let from = 0
  for (let at = lower.indexOf(k); at >= 0; at = lower.indexOf(k, from)) {
    if (at > from) parts.push(text.slice(from, at))
    parts.push(
      <mark key={at} className="rounded-sm bg-amber-200/80 px-px text-inherit dark:bg-amber-500/40">
        {text.slice(at, at + k.length)}
      </mark>,
    )
    from = at + k.length
  }
  if (from < text.length) parts.push(text.slice(from))
  return <>{parts}</>
}
