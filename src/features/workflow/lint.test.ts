import { describe, expect, it } from 'vitest'
import { emptyNode, newDraft, toPayload } from './draft'
import { lintDiagram } from './lint'

describe('lintDiagram', () => {
  it('names script tasks, unnamed user tasks and user tasks without executors', () => {
    const nodes = [
      { id: 'S', type: 'bpmn:StartEvent', name: '' },
      { id: 'X', type: 'bpmn:ScriptTask', name: 'x' },
      { id: 'A', type: 'bpmn:UserTask', name: ' ' },
      { id: 'B', type: 'bpmn:UserTask', name: '审核' },
      { id: 'C', type: 'bpmn:UserTask', name: '复核' },
    ]
    const problems = lintDiagram(nodes, (id) => id === 'C')
    expect(problems.map((p) => [p.nodeId, p.key])).toEqual([
      ['X', 'workflow.lint.scriptTask'],
      ['A', 'workflow.lint.unnamed'],
      ['B', 'workflow.lint.noExecutor'],
    ])
  })
})

describe('toPayload', () => {
  it('sends executor and cc configs only with a setting mode, forms only with a URL, and only for nodes in the diagram', () => {
    const d = newDraft('app')
    d.nodes.T1 = emptyNode()
    d.nodes.T1.executor = { settingMode: 'user', ids: ['u1'], variable: '', approveMethod: 'all' }
    d.nodes.T1.forms[1]!.formUrl = ' https://forms.example.cn/a '
    d.nodes.T2 = emptyNode()
    d.nodes.T2.cc = { settingMode: 'starter', ids: [], variable: '' }
    d.nodes.Gone = emptyNode()
    d.nodes.Gone.executor.settingMode = 'starter'
    const p = toPayload(d, ['T1', 'T2'])
    expect(p.executorList).toEqual([{ nodeId: 'T1', settingMode: 'user', ids: ['u1'], approveMethod: 'all' }])
    expect(p.ccList).toEqual([{ nodeId: 'T2', settingMode: 'starter', ids: [] }])
    expect(p.formList).toEqual([{ nodeId: 'T1', formType: 2, formUrl: 'https://forms.example.cn/a' }])
    expect(p.model).not.toHaveProperty('modelId')
    expect(toPayload({ ...d, modelId: '0' }, []).model).not.toHaveProperty('modelId')
    expect(toPayload({ ...d, modelId: '42', version: 3 }, []).model).toMatchObject({ modelId: '42', version: 3 })
  })

  it('gives each node two form entries by default', () => {
    expect(emptyNode().forms.map((f) => f.formType)).toEqual([1, 2])
  })
})
