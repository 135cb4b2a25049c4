/** A home section's heading with its hint line below; the section is labelled by `id`. */
export function SectionHeading({ id, title, hint }: { id: string; title: string; hint: string }) {
  return (
    <div>
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      <p className="text-sm text-muted-foreground">{hint}</p>
    </div>
  )
}
