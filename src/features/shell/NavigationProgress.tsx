import { useEffect, useState } from 'react'
import { useRouterState } from '@tanstack/react-router'
import { useT } from '@/lib/i18n'

/** Appears only when a navigation takes longer than this, so quick ones do not flash. */
const SHOW_AFTER_MS = 150

/** A thin bar at the top of the window while the router is loading a navigation. */
export function NavigationProgress() {
  const { t } = useT()
  const busy = useRouterState({ select: (s) => s.status === 'pending' || s.isLoading })
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    if (!busy) {
      const hide = setTimeout(() => setVisible(false), 0)
      return () => clearTimeout(hide)
    }
    const show = setTimeout(() => setVisible(true), SHOW_AFTER_MS)
    return () => clearTimeout(show)
  }, [busy])
  if (!visible) return null
  return (
    <div
      role="progressbar"
      aria-label={t('shell.progress')}
      aria-busy="true"
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] h-0.5 overflow-hidden bg-primary/20"
    >
      <div className="h-full w-2/5 animate-progress bg-primary" />
    </div>
  )
}
