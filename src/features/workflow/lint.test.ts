import { describe, expect, it } from 'vitest'
import { WF_UNKNOWN_FIELD, wfFormConfig, wfStartFormValues } from '@/contract/schemas/workflow'
import { emptyNode, newDraft, toPayload, type DraftFormField } from './draft'
import { lintDiagram, lintStartForm } from './lint'

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

describe('start form', () => {
  const nodes = [
    { id: 'S', type: 'bpmn:StartEvent', name: '' },
    { id: 'A', type: 'bpmn:UserTask', name: '审核' },
    { id: 'B', type: 'bpmn:UserTask', name: '复核' },
  ]
  const withFields = (fields: DraftFormField[]) => {
    const d = newDraft('app')
    d.nodes.S = emptyNode()
    d.nodes.S.forms[0]!.fields = fields
    d.nodes.A = emptyNode()
    d.nodes.A.executor = { settingMode: 'formField', ids: [], variable: 'manager', approveMethod: 'any' }
    d.nodes.B = emptyNode()
    d.nodes.B.executor = { settingMode: 'starterSelect', ids: [], variable: 'amount', approveMethod: 'any' }
    return d
  }
  const field = (key: string, kind: DraftFormField['kind'], extra: Partial<DraftFormField> = {}): DraftFormField => ({
    key,
    label: key,
    kind,
    required: false,
    options: '',
    ...extra,
  })

  it('sends the start event’s fields on its built-in form, options only for a choice, and the schema takes them', () => {
    const d = withFields([
      field('amount', 'number', { required: true, options: 'x' }),
      field('level', 'choice', { options: '高， 中,低,' }),
      field('manager', 'account'),
    ])
    const p = toPayload(d, ['A', 'B'], 'S')
    const start = p.formList.find((f) => f.nodeId === 'S')
    expect(start).toEqual({
      nodeId: 'S',
      formType: 1,
      fields: [
        { key: 'amount', label: 'amount', kind: 'number', required: true, options: [] },
        { key: 'level', label: 'level', kind: 'choice', required: false, options: ['高', '中', '低'] },
        { key: 'manager', label: 'manager', kind: 'account', required: false, options: [] },
      ],
    })
    expect(p.formList.every((f) => wfFormConfig.safeParse(f).success)).toBe(true)
    // a user task's built-in form keeps no fields, and without a URL is not sent
    d.nodes.A!.forms[0]!.fields = [field('x', 'text')]
    expect(toPayload(d, ['A', 'B'], 'S').formList.filter((f) => f.nodeId === 'A')).toEqual([])
  })

  it('lints keys, labels, options, repeats and executor variables that are not account fields of the form', () => {
    const d = withFields([
      field('amount', 'number'),
      field('amount', 'text'),
      field('9x', 'text'),
      field('level', 'choice', { label: ' ' }),
    ])
    const problems = lintStartForm(nodes, (id) => d.nodes[id])
    expect(problems.map((p) => [p.nodeId, p.key, p.params])).toEqual([
      ['S', 'workflow.lint.formRepeat', { key: 'amount' }],
      ['S', 'workflow.lint.formKey', { key: '9x' }],
      ['S', 'workflow.lint.formLabel', { key: 'level' }],
      ['S', 'workflow.lint.formOptions', { key: 'level', n: 50 }],
      ['A', 'workflow.lint.formVariable', { name: '审核', variable: 'manager' }],
      ['B', 'workflow.lint.formVariable', { name: '复核', variable: 'amount' }],
    ])
    // without a start form, variables are not checked (another area may set them)
    expect(lintStartForm(nodes, (id) => withFields([]).nodes[id])).toEqual([])
    const good = withFields([field('manager', 'account'), field('amount', 'account')])
    expect(lintStartForm(nodes, (id) => good.nodes[id])).toEqual([])
  })

  it('refuses in the schema: repeated keys, fields on an external form, a choice without options, a form with neither URL nor fields', () => {
    const entry = (fields: unknown[], formType = 1, formUrl?: string) =>
      wfFormConfig.safeParse({ nodeId: 'S', formType, ...(formUrl && { formUrl }), fields })
    const f = (key: string, kind = 'text', options: string[] = []) => ({ key, label: key, kind, options })
    expect(entry([f('a'), f('b')]).success).toBe(true)
    const issues = (r: ReturnType<typeof entry>) => (r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]))
    expect(issues(entry([f('a'), f('a')]))).toEqual([['fields', 'v.repeat:a']])
    expect(issues(entry([f('a')], 2, 'https://x.cn'))).toEqual([['fields', 'v.invalid']])
    expect(issues(entry([f('c', 'choice')]))).toEqual([['fields.0.options', 'v.required']])
    expect(issues(entry([]))).toEqual([['formUrl', 'v.required']])
    expect(issues(entry([f('a-b')]))).toEqual([['fields.0.key', 'v.invalid']])
    expect(entry(Array.from({ length: 31 }, (_, i) => f(`k${i}`))).success).toBe(false)
  })

  it('types the starter’s values and names each refused field', () => {
    const schema = wfStartFormValues([
      { key: 'amount', label: '金额', kind: 'number', required: true, options: [] },
      { key: 'day', label: '日期', kind: 'date', required: false, options: [] },
      { key: 'level', label: '级别', kind: 'choice', required: false, options: ['高', '低'] },
      { key: 'manager', label: '经理', kind: 'account', required: true, options: [] },
      { key: 'note', label: '说明', kind: 'text', required: false, options: [] },
    ])
    const manager = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'
    expect(schema.parse({ amount: '1500.5', day: '', level: '高', manager, note: ' x ' })).toEqual({
      amount: 1500.5,
      level: '高',
      manager,
      note: 'x',
    })
    const r = schema.safeParse({ amount: 'lots', day: '2026-13-01', level: '中', other: 1 })
    expect(r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['other', WF_UNKNOWN_FIELD],
      ['amount', 'v.invalid'],
      ['day', 'v.date'],
      ['level', 'v.invalid'],
      ['manager', 'v.required'],
    ])
  })
})
