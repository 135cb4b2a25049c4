import type { ReactNode } from 'react'

/** A structure screen's heading: title and description, the project picker on the right. */
export function StructureHeader({ title, description, picker }: { title: string; description: string; picker: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-xl font-semibold">{title}</h1>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {picker}
    </div>
  )
}
