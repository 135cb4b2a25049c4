/**
 * The BPMN canvas: bpmn-js's Modeler, loaded when this mounts (its own chunk, ./bpmnModeler). It
 * tells the editor which element is selected and when the diagram changed, and hands it a
 * `DiagramHandle` to read the XML and the nodes, rename a node and select one. The bpmn.io
 * watermark (its licence) stays visible in the canvas's corner.
 */
import { useCallback, useRef } from 'react'
import { LoadOverlay, useLoadInPlace, type LoadInPlace } from '@/components/load-overlay'
import { useT } from '@/lib/i18n'
import type { DiagramNode } from './lint'

export interface DiagramHandle {
  xml(): Promise<string>
  nodes(): DiagramNode[]
  rename(nodeId: string, name: string): void
  select(nodeId: string): void
}

interface Shape {
  id: string
  type: string
  labelTarget?: unknown
  businessObject?: { name?: string; $type?: string }
}

const nodeOf = (e: Shape): DiagramNode => ({ id: e.id, type: e.type, name: e.businessObject?.name ?? '' })
const isNode = (e: Shape) => !e.labelTarget && e.type.startsWith('bpmn:') && !['bpmn:Process', 'bpmn:SequenceFlow'].includes(e.type)

export interface DiagramCanvasProps {
  /** The diagram to show; read when the canvas is made (and again when the language changes). */
  xml: string
  onReady: (handle: DiagramHandle | null) => void
  onSelect: (node: DiagramNode | null) => void
  onChange: () => void
}

export function DiagramCanvas({ xml, onReady, onSelect, onChange }: DiagramCanvasProps) {
  const { t, locale } = useT()
  const latest = useRef({ xml, onReady, onSelect, onChange })
  latest.current.onReady = onReady
  latest.current.onSelect = onSelect
  latest.current.onChange = onChange
  const { box, state, retry } = useLoadInPlace(
    useCallback(
      async (el: HTMLDivElement, on: LoadInPlace) => {
        const current = latest.current
        on.cleanup(() => current.onReady(null))
        const { createModeler } = await import('./bpmnModeler')
        if (on.gone()) return
        const m = createModeler(el, locale)
        on.cleanup(() => m.destroy())
        await m.importXML(latest.current.xml)
        if (on.gone()) return
        const registry = m.get<{ get(id: string): Shape | undefined; getAll(): Shape[] }>('elementRegistry')
        const modeling = m.get<{ updateLabel(e: Shape, name: string): void }>('modeling')
        const selection = m.get<{ select(e: Shape): void; get(): Shape[] }>('selection')
        const canvas = m.get<{ zoom(to: string): void; scrollToElement(e: Shape): void }>('canvas')
        canvas.zoom('fit-viewport')
        const selected = () => {
          const [first] = selection.get()
          return first && isNode(first) ? nodeOf(first) : null
        }
        m.on('selection.changed', () => latest.current.onSelect(selected()))
        m.on('commandStack.changed', () => {
          // kept for the next canvas (a language switch makes a new one)
          void m.saveXML().then(({ xml: out }) => {
            if (out) latest.current.xml = out
          })
          latest.current.onChange()
          latest.current.onSelect(selected())
        })
        const handle: DiagramHandle = {
          async xml() {
            const { xml: out } = await m.saveXML({ format: true })
            latest.current.xml = out ?? latest.current.xml
            return latest.current.xml
          },
          nodes: () => registry.getAll().filter(isNode).map(nodeOf),
          rename(nodeId, name) {
            const e = registry.get(nodeId)
            if (e) modeling.updateLabel(e, name)
          },
          select(nodeId) {
            const e = registry.get(nodeId)
            if (!e) return
            selection.select(e)
            canvas.scrollToElement(e)
          },
        }
        latest.current.onReady(handle)
      },
      [locale],
    ),
  )

  return (
    <div className="relative h-full min-h-0 w-full overflow-hidden rounded-md border bg-white">
      <div ref={box} className="h-full w-full" role="application" aria-label={t('workflow.editor.diagram')} />
      <LoadOverlay
        state={state}
        texts={{ loading: t('workflow.editor.loading'), failed: t('workflow.editor.loadFailed'), retry: t('workflow.editor.retry') }}
        onRetry={retry}
      />
    </div>
  )
}
