/**
 * The pages the console's areas have built, as their manifests declare them (src/app/areas.ts
 * registers them at start). A menu leading to a page no area serves is planned — its route shows
 * the not-built page — and the sidebar, the home's quick links and the palette mark it so.
 */
import { useT } from '@/lib/i18n'
import { normalizePath } from '@/lib/permissions'
import { cn } from '@/lib/utils'

let built: ReadonlySet<string> | null = null

export function registerBuiltPages(paths: readonly string[]): void {
  built = new Set(paths.map(normalizePath))
}

/** True for a menu action whose page is not built (false before the areas are registered). */
export const isPlanned = (action: string | null | undefined): boolean => !!built && !!action && !built.has(normalizePath(action))

/** 建设中 beside the name of a planned page's menu; nothing for a built one. */
export function PlannedMark({ action, className }: { action: string | null | undefined; className?: string }) {
  const { t } = useT()
  if (!isPlanned(action)) return null
  return (
    <span className={cn('shrink-0 rounded border border-current/30 px-1.5 text-[11px] leading-4 font-normal opacity-80', className)}>
      {t('shell.notBuilt.mark')}
    </span>
  )
}
