/**
 * bpmn-js's NavigatedViewer (pan and zoom, no editing) and our markers' styles — imported only by
 * `import('./bpmnViewer')` from an instance's detail, so it loads with the `bpmn` chunk group
 * (scripts/vite-chunks.ts) on 流程查询 alone. The nodes waiting now and those passed are marked
 * with `canvas.addMarker` (./bpmnViewer.css: the colours of the legend in ./DiagramViewer).
 */
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer'
import 'bpmn-js/dist/assets/diagram-js.css'
import 'bpmn-js/dist/assets/bpmn-js.css'
import './bpmnViewer.css'

export const CURRENT_MARKER = 'wf-current'
export const FINISHED_MARKER = 'wf-finished'

interface Canvas {
  zoom(to: string): void
  addMarker(elementId: string, marker: string): void
}
interface Registry {
  get(id: string): unknown
}

export interface ShownDiagram {
  destroy(): void
}

/** Shows `xml` in `container`, fitted, with the current and finished nodes marked (ids the diagram lacks are skipped). */
export async function showDiagram(
  container: HTMLElement,
  xml: string,
  current: readonly string[],
  finished: readonly string[],
): Promise<ShownDiagram> {
  const viewer = new NavigatedViewer({ container })
  try {
    await viewer.importXML(xml)
    const canvas = viewer.get<Canvas>('canvas')
    const registry = viewer.get<Registry>('elementRegistry')
    const mark = (ids: readonly string[], marker: string) =>
      ids.filter((id) => registry.get(id)).forEach((id) => canvas.addMarker(id, marker))
    mark(finished, FINISHED_MARKER)
    mark(current, CURRENT_MARKER)
    canvas.zoom('fit-viewport')
  } catch (e) {
    viewer.destroy()
    throw e
  }
  return { destroy: () => viewer.destroy() }
}
