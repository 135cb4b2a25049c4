/**
 * The browser's check of a diagram on save — the deploy rules of the gateway
 * (server/modules/workflow/bpmn.ts) that the panel can fix: no script task, every user task named
 * and given executors. The gateway checks the rest (and these again) at deploy, answering 20001.
 */
import type { TKey, TParams } from '@/lib/i18n'

export interface DiagramNode {
  id: string
  /** The BPMN type, e.g. `bpmn:UserTask`. */
  type: string
  name: string
}

export interface LintProblem {
  nodeId: string
  key: TKey
  params: TParams
}

export function lintDiagram(nodes: readonly DiagramNode[], hasExecutor: (nodeId: string) => boolean): LintProblem[] {
  const problems: LintProblem[] = []
  for (const n of nodes) {
    if (n.type === 'bpmn:ScriptTask') problems.push({ nodeId: n.id, key: 'workflow.lint.scriptTask', params: { id: n.id } })
    if (n.type !== 'bpmn:UserTask') continue
    const name = n.name.trim()
    if (!name) problems.push({ nodeId: n.id, key: 'workflow.lint.unnamed', params: { id: n.id } })
    else if (!hasExecutor(n.id)) problems.push({ nodeId: n.id, key: 'workflow.lint.noExecutor', params: { name } })
  }
  return problems
}
