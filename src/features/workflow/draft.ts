/**
 * A model being edited: its fields, and per user-task node its executor, cc and form configs as the
 * panel edits them (a setting mode may be unset, a form URL empty). `toPayload` turns it into what
 * actReModel/add or /update takes (SPEC "Saving a workflow model"): executor and cc configs only
 * where a setting mode is set, forms only with a URL (the start event's built-in form: or with fields);
 * add when the id is not above 0, else update.
 */
import type {
  WfApproveMethod,
  WfCcConfig,
  WfExecutorConfig,
  WfFormConfig,
  WfFormField,
  WfFormFieldKind,
  WfModelAdd,
  WfModelDetail,
  WfSettingMode,
  WfUseScope,
} from '@/contract/schemas/workflow'

export interface NodeSetting {
  settingMode: WfSettingMode | ''
  ids: string[]
  variable: string
}
export interface NodeExecutor extends NodeSetting {
  approveMethod: WfApproveMethod
}
/** A start form's field as the panel edits it (options of a choice as one line, split on commas). */
export interface DraftFormField {
  key: string
  label: string
  kind: WfFormFieldKind
  required: boolean
  options: string
}
export interface NodeForm {
  formType: 1 | 2
  formUrl: string
  useScope: string
  /** The start event's built-in form (formType 1): its fields. */
  fields: DraftFormField[]
}
export interface NodeConfig {
  executor: NodeExecutor
  cc: NodeSetting
  /** Two entries by default: formType 1 (built-in) and 2 (external). */
  forms: NodeForm[]
}

export interface ModelDraft {
  modelId: string
  version: number
  /** The newest deployed version (0: never deployed). */
  latestVersion: number
  applicationId: string
  applicationMenuId: string
  category: string
  modelKey: string
  name: string
  remark: string
  bpmnXml: string
  nodes: Record<string, NodeConfig>
  useScope: WfUseScope
}

export const emptyNode = (): NodeConfig => ({
  executor: { settingMode: '', ids: [], variable: '', approveMethod: 'any' },
  cc: { settingMode: '', ids: [], variable: '' },
  forms: [
    { formType: 1, formUrl: '', useScope: '', fields: [] },
    { formType: 2, formUrl: '', useScope: '', fields: [] },
  ],
})

/** A new diagram: one process with a start event, ready to draw on. */
export const NEW_DIAGRAM = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" id="Definitions_1" targetNamespace="http://trestle.cn/bpmn">
  <bpmn:process id="Process_1" isExecutable="true" />
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="Process_1" />
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`

export const newDraft = (applicationId = ''): ModelDraft => ({
  modelId: '',
  version: 0,
  latestVersion: 0,
  applicationId,
  applicationMenuId: '',
  category: '',
  modelKey: '',
  name: '',
  remark: '',
  bpmnXml: NEW_DIAGRAM,
  nodes: {},
  useScope: { scopeType: 'all', ids: [] },
})

/** The draft of a saved model (its detail), every node with its two form entries. */
export function draftOf(d: WfModelDetail): ModelDraft {
  const nodes: Record<string, NodeConfig> = {}
  const node = (id: string) => (nodes[id] ??= emptyNode())
  for (const e of d.executorList)
    node(e.nodeId).executor = {
      settingMode: e.settingMode,
      ids: e.ids ?? [],
      variable: e.variable ?? '',
      approveMethod: e.approveMethod ?? 'any',
    }
  for (const c of d.ccList) node(c.nodeId).cc = { settingMode: c.settingMode, ids: c.ids ?? [], variable: c.variable ?? '' }
  for (const f of d.formList) {
    const forms = node(f.nodeId).forms
    const entry: NodeForm = {
      formType: f.formType,
      formUrl: f.formUrl ?? '',
      useScope: f.useScope ?? '',
      fields: (f.fields ?? []).map((x) => ({ ...x, options: x.options.join(', ') })),
    }
    const at = forms.findIndex((x) => x.formType === f.formType)
    if (at >= 0) forms[at] = entry
    else forms.push(entry)
  }
  const m = d.model
  return {
    modelId: m.modelId,
    version: m.version,
    latestVersion: m.latestVersion,
    applicationId: m.applicationId,
    applicationMenuId: m.applicationMenuId ?? '',
    category: m.category,
    modelKey: m.modelKey,
    name: m.name,
    remark: m.remark ?? '',
    bpmnXml: m.bpmnXml,
    nodes,
    useScope: d.useScopeList[0] ?? { scopeType: 'all', ids: [] },
  }
}

/** Whether the draft is saved already (SPEC: add when the id is not above 0). */
export const isSaved = (d: Pick<ModelDraft, 'modelId'>): boolean => d.modelId !== '' && d.modelId !== '0'

const setting = (nodeId: string, s: NodeSetting) => ({
  nodeId,
  settingMode: s.settingMode as WfSettingMode,
  ids: s.ids,
  ...(s.variable.trim() && { variable: s.variable.trim() }),
})

/** The options of a choice typed as one line: split on commas (either width), trimmed, empty ones dropped. */
export const splitOptions = (line: string): string[] =>
  line
    .split(/[,，]/)
    .map((o) => o.trim())
    .filter(Boolean)

/** The fields of a start form as the contract takes them (keys and labels trimmed; options only for a choice). */
export const formFieldsOf = (fields: readonly DraftFormField[]): WfFormField[] =>
  fields.map((f) => ({
    key: f.key.trim(),
    label: f.label.trim(),
    kind: f.kind,
    required: f.required,
    options: f.kind === 'choice' ? splitOptions(f.options) : [],
  }))

/**
 * What add / update send, for the user tasks still in the diagram (`nodeIds`; configs of deleted
 * nodes are dropped) and its start event (`startId`: its forms only): executor and cc configs only
 * with a setting mode, forms only with a URL — or, the start event's built-in form, with fields.
 */
export function toPayload(d: ModelDraft, nodeIds: readonly string[], startId?: string): WfModelAdd & { model: { version?: number } } {
  const executorList: WfExecutorConfig[] = []
  const ccList: WfCcConfig[] = []
  const formList: WfFormConfig[] = []
  const forms = (nodeId: string, n: NodeConfig, withFields: boolean) => {
    for (const f of n.forms) {
      const fields = withFields && f.formType === 1 ? formFieldsOf(f.fields) : []
      if (f.formUrl.trim() || fields.length)
        formList.push({
          nodeId,
          formType: f.formType,
          ...(f.formUrl.trim() && { formUrl: f.formUrl.trim() }),
          ...(f.useScope.trim() && { useScope: f.useScope.trim() }),
          ...(fields.length && { fields }),
        })
    }
  }
  for (const nodeId of nodeIds) {
    const n = d.nodes[nodeId]
    if (!n) continue
    if (n.executor.settingMode) executorList.push({ ...setting(nodeId, n.executor), approveMethod: n.executor.approveMethod })
    if (n.cc.settingMode) ccList.push(setting(nodeId, n.cc))
    forms(nodeId, n, false)
  }
  const start = startId ? d.nodes[startId] : undefined
  if (startId && start) forms(startId, start, true)
  const model = {
    applicationId: d.applicationId,
    ...(d.applicationMenuId && { applicationMenuId: d.applicationMenuId }),
    category: d.category,
    modelKey: d.modelKey,
    name: d.name,
    ...(d.remark.trim() && { remark: d.remark }),
    bpmnXml: d.bpmnXml,
    ...(isSaved(d) && { modelId: d.modelId, version: d.version }),
  }
  return { model, executorList, ccList, formList, useScopeList: [d.useScope] }
}
