/**
 * A model's BPMN XML: read (bounded, no DOCTYPE or entities, BPMN elements only), checked at deploy
 * (what may run here: one process of start / end events, user tasks, exclusive and parallel gateways,
 * timer events; no scripts anywhere; every user task named and given executors; every node connected)
 * and turned into what the runtime needs: the engine's moddle context (multi-instance markers taken
 * off: 会签 / 或签 are counted by the runtime over its task rows) and the process graph.
 */
import BpmnModdle, { type ModdleContext, type ModdleElement } from 'bpmn-moddle'
import { WF_XML_MAX, utf8Length } from '../../../src/contract/schemas/workflow'
import { checkCondition } from './expression'
import { fill, type Text } from '../../lib/http'
import { BPMN_TEXT } from './texts'
import { keptById } from '../../lib/kept'

export interface GraphNode {
  id: string
  type: string
  name: string | null
  incoming: string[]
  outgoing: string[]
  /** A boundary event's task. */
  attachedTo?: string
  /** A user task marked multi-instance (its approve method defaults to 会签). */
  multiInstance?: boolean
}
export interface GraphFlow {
  id: string
  source: string
  target: string
}
export interface ProcessGraph {
  processId: string
  nodes: Map<string, GraphNode>
  flows: Map<string, GraphFlow>
}

/** A model version ready to run: the engine's context and the graph. */
export interface LoadedModel {
  moddleContext: ModdleContext
  graph: ProcessGraph
}

export class BpmnProblems extends Error {
  constructor(public readonly problems: Text[]) {
    super(problems.map((p) => p.en).join('; '))
    this.name = 'BpmnProblems'
  }
}

/** Flow nodes a model may hold, and the artefacts it may draw. */
const RUNNABLE = new Set([
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:UserTask',
  'bpmn:ManualTask',
  'bpmn:Task',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:BoundaryEvent',
  'bpmn:IntermediateCatchEvent',
  'bpmn:SequenceFlow',
])
const DRAWN = new Set(['bpmn:TextAnnotation', 'bpmn:Association', 'bpmn:Group'])
const DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/

const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : [])
const idOf = (v: unknown): string => ((v as ModdleElement | undefined)?.id ?? '') as string
const bodyOf = (v: unknown): string | undefined => {
  const b = (v as { body?: unknown } | undefined)?.body
  return typeof b === 'string' ? b.trim() : undefined
}
const nameOf = (n: { id: string; name: string | null }) => (n.name ? `${n.name}（${n.id}）` : n.id)
const few = (ids: string[]) => (ids.length > 5 ? `${ids.slice(0, 5).join(', ')} …` : ids.join(', '))

/** Reads the XML: bounded, refusing DOCTYPE / entities, malformed XML and non-BPMN content. */
export async function readBpmn(xml: string): Promise<ModdleContext> {
  if (utf8Length(xml) > WF_XML_MAX) throw new BpmnProblems([fill(BPMN_TEXT.tooLarge, WF_XML_MAX)])
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new BpmnProblems([BPMN_TEXT.doctype])
  let ctx: ModdleContext
  try {
    ctx = await new BpmnModdle().fromXML(xml.trim())
  } catch (err) {
    const first = (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 200)
    throw new BpmnProblems([fill(BPMN_TEXT.malformed, first)])
  }
  if (ctx.warnings.length) {
    const what = ctx.warnings.map((w) =>
      w.message
        .split('\n')[0]!
        .replace(/^unparsable content /, '')
        .replace(/ detected$/, ''),
    )
    throw new BpmnProblems([fill(BPMN_TEXT.unknownElement, few(what).slice(0, 300))])
  }
  return ctx
}

function processesOf(ctx: ModdleContext): ModdleElement[] {
  return list<ModdleElement>(ctx.rootElement.rootElements).filter((e) => e.$type === 'bpmn:Process')
}

/** The graph of the one process (nodes with their flows, boundary events with their task). */
export function graphOf(proc: ModdleElement): ProcessGraph {
  const nodes = new Map<string, GraphNode>()
  const flows = new Map<string, GraphFlow>()
  for (const el of list<ModdleElement>(proc.flowElements)) {
    if (el.$type === 'bpmn:SequenceFlow') {
      flows.set(el.id!, { id: el.id!, source: idOf(el.sourceRef), target: idOf(el.targetRef) })
      continue
    }
    nodes.set(el.id!, {
      id: el.id!,
      type: el.$type,
      name: typeof el.name === 'string' && el.name.trim() ? el.name.trim() : null,
      incoming: [],
      outgoing: [],
      ...(el.$type === 'bpmn:BoundaryEvent' && { attachedTo: idOf(el.attachedToRef) }),
      ...(el.loopCharacteristics !== undefined && { multiInstance: true }),
    })
  }
  for (const f of flows.values()) {
    nodes.get(f.source)?.outgoing.push(f.id)
    nodes.get(f.target)?.incoming.push(f.id)
  }
  return { processId: proc.id!, nodes, flows }
}

/** Everything wrong with a model's BPMN for running it here (empty: it may be deployed). */
export async function checkBpmn(xml: string, executorNodeIds: ReadonlySet<string>): Promise<Text[]> {
  let ctx: ModdleContext
  try {
    ctx = await readBpmn(xml)
  } catch (err) {
    if (err instanceof BpmnProblems) return err.problems
    throw err
  }
  const procs = processesOf(ctx)
  if (procs.length !== 1) return [BPMN_TEXT.processCount]
  const proc = procs[0]!
  const problems: Text[] = []
  const unsupported: string[] = []
  for (const el of list<ModdleElement>(proc.flowElements)) {
    if (el.$type === 'bpmn:ScriptTask') problems.push(fill(BPMN_TEXT.scriptTask, el.id ?? ''))
    else if (!RUNNABLE.has(el.$type)) unsupported.push(`${el.$type.replace('bpmn:', '')} ${el.id ?? ''}`)
    if (el.loopCharacteristics !== undefined && el.$type !== 'bpmn:UserTask') problems.push(fill(BPMN_TEXT.loopNotUserTask, el.id ?? ''))
    for (const ed of list<ModdleElement>(el.eventDefinitions)) {
      if (ed.$type !== 'bpmn:TimerEventDefinition' && !(el.$type === 'bpmn:EndEvent' && ed.$type === 'bpmn:TerminateEventDefinition')) {
        unsupported.push(`${ed.$type.replace('bpmn:', '')} ${el.id ?? ''}`)
        continue
      }
      if (ed.$type === 'bpmn:TimerEventDefinition') {
        const duration = bodyOf(ed.timeDuration)
        const date = bodyOf(ed.timeDate)
        const ok = (duration !== undefined && DURATION.test(duration)) || (date !== undefined && DATE_TIME.test(date))
        if (!ok || ed.timeCycle !== undefined) problems.push(fill(BPMN_TEXT.timer, el.id ?? ''))
      }
    }
    // a catch event waits for its timer: without one it would wait for nothing
    if ((el.$type === 'bpmn:IntermediateCatchEvent' || el.$type === 'bpmn:BoundaryEvent') && list(el.eventDefinitions).length === 0)
      unsupported.push(`${el.$type.replace('bpmn:', '')} ${el.id ?? ''}`)
    if (el.$type === 'bpmn:SequenceFlow' && el.conditionExpression !== undefined) {
      const expr = el.conditionExpression as { language?: unknown; body?: unknown }
      if (expr.language) problems.push(fill(BPMN_TEXT.scriptCondition, el.id ?? ''))
      else if (typeof expr.body !== 'string' || checkCondition(expr.body.trim()) !== null)
        problems.push(fill(BPMN_TEXT.badCondition, el.id ?? ''))
    }
  }
  for (const art of list<ModdleElement>(proc.artifacts))
    if (!DRAWN.has(art.$type)) unsupported.push(`${art.$type.replace('bpmn:', '')} ${art.id ?? ''}`)
  if (unsupported.length) problems.push(fill(BPMN_TEXT.unsupported, few(unsupported)))

  const graph = graphOf(proc)
  const nodes = [...graph.nodes.values()]
  const starts = nodes.filter((n) => n.type === 'bpmn:StartEvent')
  const startEls = list<ModdleElement>(proc.flowElements).filter((e) => e.$type === 'bpmn:StartEvent')
  if (starts.length !== 1 || startEls.some((s) => list(s.eventDefinitions).length > 0)) problems.push(BPMN_TEXT.startEvent)
  if (!nodes.some((n) => n.type === 'bpmn:EndEvent')) problems.push(BPMN_TEXT.endEvent)
  for (const n of nodes) {
    if (n.type !== 'bpmn:UserTask') continue
    if (!n.name) problems.push(fill(BPMN_TEXT.unnamedTask, n.id))
    else if (!executorNodeIds.has(n.id)) problems.push(fill(BPMN_TEXT.noExecutor, n.name))
  }
  // exclusive gateways: with several ways out, each needs a condition or is the default
  for (const el of list<ModdleElement>(proc.flowElements)) {
    if (el.$type !== 'bpmn:ExclusiveGateway') continue
    const outs = graph.nodes.get(el.id!)!.outgoing
    if (outs.length < 2) continue
    const dflt = idOf(el.default)
    const flowEls = list<ModdleElement>(proc.flowElements)
    const bare = outs.filter((f) => f !== dflt && flowEls.find((x) => x.id === f)?.conditionExpression === undefined)
    if (bare.length) problems.push(fill(BPMN_TEXT.gatewayCondition, el.id!))
  }
  // connected: every node has its ways in and out, and the start reaches it
  const loose = nodes.filter((n) => {
    if (n.type === 'bpmn:BoundaryEvent') return n.outgoing.length === 0 || !graph.nodes.has(n.attachedTo ?? '')
    const needsIn = n.type !== 'bpmn:StartEvent'
    const needsOut = n.type !== 'bpmn:EndEvent'
    return (needsIn && n.incoming.length === 0) || (needsOut && n.outgoing.length === 0)
  })
  const danglingFlows = [...graph.flows.values()].filter((f) => !graph.nodes.has(f.source) || !graph.nodes.has(f.target))
  if (loose.length || danglingFlows.length)
    problems.push(fill(BPMN_TEXT.unconnected, few([...loose.map(nameOf), ...danglingFlows.map((f) => f.id)])))
  else if (starts.length === 1) {
    const seen = new Set<string>([starts[0]!.id])
    const queue = [starts[0]!.id]
    const boundaryOf = new Map<string, string[]>()
    for (const n of nodes) if (n.attachedTo) boundaryOf.set(n.attachedTo, [...(boundaryOf.get(n.attachedTo) ?? []), n.id])
    while (queue.length) {
      const id = queue.pop()!
      const next = [...graph.nodes.get(id)!.outgoing.map((f) => graph.flows.get(f)!.target), ...(boundaryOf.get(id) ?? [])]
      for (const t of next)
        if (!seen.has(t)) {
          seen.add(t)
          queue.push(t)
        }
    }
    const unreached = nodes.filter((n) => !seen.has(n.id))
    if (unreached.length) problems.push(fill(BPMN_TEXT.unreachable, few(unreached.map(nameOf))))
  }
  return problems
}

/** The start event of a graph (the first, when a draft has several), or null. */
export const startEventOf = (graph: ProcessGraph): GraphNode | null =>
  [...graph.nodes.values()].find((n) => n.type === 'bpmn:StartEvent') ?? null

/** A draft's process graph (null when the XML does not read or has not exactly one process). */
export async function draftGraph(xml: string): Promise<ProcessGraph | null> {
  try {
    const procs = processesOf(await readBpmn(xml))
    return procs.length === 1 ? graphOf(procs[0]!) : null
  } catch (err) {
    if (err instanceof BpmnProblems) return null
    throw err
  }
}

/**
 * A deployed version, ready for the engine (kept by its id: versions never change). The user tasks'
 * multi-instance markers are taken off the engine's copy: the runtime counts 会签 / 或签 itself.
 */
export const loadModel = keptById(200, async (_modelHistoryId: string, xml: string): Promise<LoadedModel> => {
  const ctx = await readBpmn(xml)
  const proc = processesOf(ctx)[0]
  if (!proc) throw new BpmnProblems([BPMN_TEXT.processCount])
  const graph = graphOf(proc)
  for (const el of list<ModdleElement>(proc.flowElements)) if (el.$type === 'bpmn:UserTask') delete el.loopCharacteristics
  return { moddleContext: ctx, graph }
})
