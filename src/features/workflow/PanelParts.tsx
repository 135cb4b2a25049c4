/** The node panel's pieces (./NodePanel, ./StartFormEditor): a labelled field with its hint (`<id>-hint`), a titled section. */
import type { ReactNode } from 'react'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

export function Field({
  label,
  hint,
  children,
  id,
  className,
}: {
  label: string
  hint?: string
  children: ReactNode
  id: string
  className?: string
}) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  )
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-3 border-t pt-3">
      <legend className="pr-2 text-sm font-medium">{title}</legend>
      {children}
    </fieldset>
  )
}
