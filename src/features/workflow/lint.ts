/**
 * The browser's check of a diagram on save — the deploy rules of the gateway
 * (server/modules/workflow/bpmn.ts) that the panel can fix: no script task, every user task named
 * and given executors, and the start form (`lintStartForm`). The gateway checks the rest (and these
 * again) at deploy, answering 20001.
 */
import { WF_FORM_FIELDS_MAX, WF_FORM_KEY, WF_FORM_OPTIONS_MAX } from '@/contract/schemas/workflow'
import type { TKey, TParams } from '@/lib/i18n'
import { splitOptions, type NodeConfig } from './draft'

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

/**
 * The start form's problems (the gateway's schema and deploy check, in the browser): each field's key
 * an identifier used once, a label, a choice's options; and every starterSelect / formField executor
 * or cc reading an account field of it (when the start event declares fields).
 */
export function lintStartForm(nodes: readonly DiagramNode[], configOf: (nodeId: string) => NodeConfig | undefined): LintProblem[] {
  const start = nodes.find((n) => n.type === 'bpmn:StartEvent')
  const fields = (start && configOf(start.id)?.forms.find((f) => f.formType === 1)?.fields) || []
  if (!start || fields.length === 0) return []
  const problems: LintProblem[] = []
  const at = (key: TKey, params: TParams) => problems.push({ nodeId: start.id, key, params })
  if (fields.length > WF_FORM_FIELDS_MAX) at('workflow.lint.formTooMany', { n: WF_FORM_FIELDS_MAX })
  const seen = new Set<string>()
  for (const f of fields) {
    const key = f.key.trim()
    if (!WF_FORM_KEY.test(key)) at('workflow.lint.formKey', { key })
    else if (seen.has(key)) at('workflow.lint.formRepeat', { key })
    seen.add(key)
    if (!f.label.trim() || f.label.trim().length > 40) at('workflow.lint.formLabel', { key })
    const options = splitOptions(f.options)
    if (f.kind === 'choice' && (options.length === 0 || options.length > WF_FORM_OPTIONS_MAX || new Set(options).size !== options.length))
      at('workflow.lint.formOptions', { key, n: WF_FORM_OPTIONS_MAX })
  }
  const accounts = new Set(fields.filter((f) => f.kind === 'account').map((f) => f.key.trim()))
  for (const n of nodes) {
    if (n.type !== 'bpmn:UserTask') continue
    const c = configOf(n.id)
    for (const [role, s] of [
      ['executor', c?.executor],
      ['cc', c?.cc],
    ] as const)
      if (s && (s.settingMode === 'starterSelect' || s.settingMode === 'formField') && !accounts.has(s.variable.trim()))
        problems.push({
          nodeId: n.id,
          key: role === 'executor' ? 'workflow.lint.formVariable' : 'workflow.lint.formCcVariable',
          params: { name: n.name.trim() || n.id, variable: s.variable.trim() },
        })
  }
  return problems
}
