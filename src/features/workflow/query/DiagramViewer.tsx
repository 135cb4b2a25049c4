/**
 * An instance's diagram, read only: bpmn-js's NavigatedViewer, loaded when this mounts (./bpmnViewer,
 * the `bpmn` chunk group), the nodes waiting now and those passed marked, with their legend. The
 * bpmn.io watermark (its licence) stays visible in the canvas's corner.
 */
import { useEffect, useRef, useState } from 'react'
import { LoadOverlay, type LoadState } from '@/components/load-overlay'
import { useT } from '@/lib/i18n'
import type { ShownDiagram } from './bpmnViewer'

export function DiagramViewer({ xml, current, finished }: { xml: string; current: readonly string[]; finished: readonly string[] }) {
  const { t } = useT()
  const box = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<LoadState>('loading')
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let shown: ShownDiagram | null = null
    let gone = false
    setState('loading')
    void import('./bpmnViewer')
      .then(async ({ showDiagram }) => {
        if (gone || !box.current) return
        const d = await showDiagram(box.current, xml, current, finished)
        if (gone) return d.destroy()
        shown = d
        setState('ready')
      })
      .catch(() => {
        if (!gone) setState('failed')
      })
    return () => {
      gone = true
      shown?.destroy()
    }
  }, [xml, current, finished, attempt])

  return (
    <div className="flex flex-col gap-2">
      <div className="relative h-64 w-full overflow-hidden rounded-md border bg-white">
        <div ref={box} className="h-full w-full" role="figure" aria-label={t('workflow.query.detail.diagramLabel')} />
        <LoadOverlay
          state={state}
          texts={{
            loading: t('workflow.query.detail.loading'),
            failed: t('workflow.query.detail.loadFailed'),
            retry: t('workflow.query.detail.retry'),
          }}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      </div>
      <ul className="flex flex-wrap gap-4 text-xs text-muted-foreground">
        <li className="inline-flex items-center gap-1.5">
          <span aria-hidden className="size-3 rounded-sm border-2 border-[#d97706] bg-[#fef3c7]" />
          {t('workflow.query.detail.legendCurrent')}
        </li>
        <li className="inline-flex items-center gap-1.5">
          <span aria-hidden className="size-3 rounded-sm border-2 border-[#16a34a] bg-[#dcfce7]" />
          {t('workflow.query.detail.legendFinished')}
        </li>
      </ul>
    </div>
  )
}
