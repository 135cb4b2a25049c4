/**
 * An instance's diagram, read only: bpmn-js's NavigatedViewer, loaded when this mounts (./bpmnViewer,
 * the `bpmn` chunk group), the nodes waiting now and those passed marked, with their legend. The
 * bpmn.io watermark (its licence) stays visible in the canvas's corner.
 */
import { useCallback } from 'react'
import { LoadOverlay, useLoadInPlace, type LoadInPlace } from '@/components/load-overlay'
import { useT } from '@/lib/i18n'

export function DiagramViewer({ xml, current, finished }: { xml: string; current: readonly string[]; finished: readonly string[] }) {
  const { t } = useT()
  const { box, state, retry } = useLoadInPlace(
    useCallback(
      async (el: HTMLDivElement, on: LoadInPlace) => {
        const { showDiagram } = await import('./bpmnViewer')
        if (on.gone()) return
        const d = await showDiagram(el, xml, current, finished)
        on.cleanup(() => d.destroy())
      },
      [xml, current, finished],
    ),
  )

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
          onRetry={retry}
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
