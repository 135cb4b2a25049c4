/** The little of bpmn-moddle (a dependency of bpmn-engine, without types of its own) the workflow module uses. */
declare module 'bpmn-moddle' {
  export interface ModdleElement {
    $type: string
    id?: string
    name?: string
    [key: string]: unknown
  }
  export interface ModdleContext {
    rootElement: ModdleElement
    elementsById: Record<string, ModdleElement>
    references: unknown[]
    warnings: { message: string }[]
  }
  export default class BpmnModdle {
    constructor(packages?: Record<string, unknown>)
    fromXML(xml: string, type?: string): Promise<ModdleContext>
  }
}
