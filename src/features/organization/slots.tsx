/**
 * What other areas show in a unit's tabs — its departments with their staff (people), its accounts
 * (accounts). Those areas use this one (its queries, its unit picker), so they are not imported
 * here: the app registers them (src/app/slots.ts), each loaded when its tab first opens.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { Skeleton } from '@/components/ui/skeleton'

export interface UnitPanelProps {
  organizationId: string
  organizationName: string
}
export type UnitPanelSlot = 'departments' | 'accounts'

const panels = new Map<UnitPanelSlot, LazyExoticComponent<ComponentType<UnitPanelProps>>>()

export function registerUnitPanel(slot: UnitPanelSlot, load: () => Promise<ComponentType<UnitPanelProps>>): void {
  panels.set(
    slot,
    lazy(() => load().then((c) => ({ default: c }))),
  )
}

export function LentPanel({ slot, ...props }: { slot: UnitPanelSlot } & UnitPanelProps) {
  const Panel = panels.get(slot)
  if (!Panel) return null
  return (
    <Suspense fallback={<Skeleton className="h-48" />}>
      <Panel {...props} />
    </Suspense>
  )
}
