import type { WorkSiteStatus } from '@/contract/schemas/workSite'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'

const TONE: Record<WorkSiteStatus, string> = {
  preparing: 'border-sky-300 bg-sky-50 text-sky-800',
  building: 'border-emerald-300 bg-emerald-50 text-emerald-800',
  suspended: 'border-amber-300 bg-amber-50 text-amber-900',
  completed: 'border-slate-300 bg-slate-100 text-slate-700',
}

/** 筹备 / 在建 / 停工 / 完工, coloured. */
export function StatusBadge({ status, className }: { status: WorkSiteStatus; className?: string }) {
  const { t } = useT()
  return (
    <span className={cn('inline-flex items-center rounded-md border px-2 py-0.5 text-xs font-medium', TONE[status], className)}>
      {t(`workSites.status.${status}`)}
    </span>
  )
}
