/**
 * Our own properties panel (not bpmn-js-properties-panel: ~465 KiB gzip): for the selected user task
 * its name (written into the diagram), executor config, cc config and its two forms; with nothing
 * selected, who may start the model; with the start event, that and its start form (./StartFormEditor). The configs live in the draft keyed by node id.
 */
import { useId, type ReactNode } from 'react'
import { WF_APPROVE_METHODS, WF_SCOPE_TYPES, WF_SETTING_MODES, type WfUseScope } from '@/contract/schemas/workflow'
import { Input } from '@/components/ui/input'
import { ChipPicker } from '@/components/chip-picker'
import { ChoiceSelect } from '@/components/ui/select'
import { useT, type TKey } from '@/lib/i18n'
import type { NodeConfig, NodeSetting } from './draft'
import type { DiagramNode } from './lint'
import { Field, Section } from './PanelParts'
import { StartFormEditor } from './StartFormEditor'
import { useTargetOptions, type TargetKind } from './targets'

const NONE = '-'
const withIds = (mode: string): mode is TargetKind => mode === 'user' || mode === 'role' || mode === 'wfRole'
const withVariable = (mode: string) => mode === 'starterSelect' || mode === 'formField'

/** The inputs of a node's form: its address and where it is used. */
const FORM_INPUTS = [
  { key: 'formUrl', label: 'formUrl', idPart: 'url', maxLength: 500 },
  { key: 'useScope', label: 'formScope', idPart: 'use', maxLength: 100 },
] as const

/** The ids a config names, picked one at a time from the options of their kind. */
function TargetPicker({ kind, ids, onChange, id }: { kind: TargetKind; ids: string[]; onChange: (ids: string[]) => void; id: string }) {
  const { t } = useT()
  const options = useTargetOptions(kind)
  const what = t(`workflow.target.${kind}`)
  return (
    <div className="grid gap-2">
      <ChipPicker
        id={id}
        options={options}
        ids={ids}
        onChange={onChange}
        texts={{
          placeholder: t('workflow.panel.pick', { what }),
          search: t('workflow.panel.search'),
          empty: t('workflow.panel.noMatch'),
          remove: (name) => t('workflow.panel.remove', { name }),
        }}
        none={<p className="text-xs text-muted-foreground">{t('workflow.panel.noneChosen')}</p>}
      />
    </div>
  )
}

/** A setting (executor or cc): its mode, then the ids or the variable the mode needs. */
function SettingFields<S extends NodeSetting>({ value, onChange, children }: { value: S; onChange: (v: S) => void; children?: ReactNode }) {
  const { t } = useT()
  const uid = useId()
  return (
    <>
      <Field label={t('workflow.panel.settingMode')} id={`${uid}-mode`}>
        <ChoiceSelect
          id={`${uid}-mode`}
          value={value.settingMode || NONE}
          onChange={(m) => onChange({ ...value, settingMode: m === NONE ? '' : m, ids: [], variable: '' })}
          values={[NONE, ...WF_SETTING_MODES]}
          label={(m) => (m === NONE ? t('workflow.panel.none') : t(`workflow.settingMode.${m}`))}
        />
      </Field>
      {withIds(value.settingMode) && (
        <Field label={t('workflow.panel.ids')} id={`${uid}-ids`}>
          <TargetPicker id={`${uid}-ids`} kind={value.settingMode} ids={value.ids} onChange={(ids) => onChange({ ...value, ids })} />
        </Field>
      )}
      {withVariable(value.settingMode) && (
        <Field label={t('workflow.panel.variable')} hint={t('workflow.panel.variableHint')} id={`${uid}-var`}>
          <Input
            id={`${uid}-var`}
            value={value.variable}
            maxLength={64}
            onChange={(e) => onChange({ ...value, variable: e.target.value })}
          />
        </Field>
      )}
      {value.settingMode && children}
    </>
  )
}

export interface NodePanelProps {
  node: DiagramNode | null
  config: NodeConfig
  onConfig: (next: NodeConfig) => void
  onRename: (name: string) => void
  useScope: WfUseScope
  onUseScope: (next: WfUseScope) => void
}

export function NodePanel({ node, config, onConfig, onRename, useScope, onUseScope }: NodePanelProps) {
  const { t } = useT()
  const uid = useId()
  const userTask = node?.type === 'bpmn:UserTask'
  const typeName = (type: string) => {
    const key = `workflow.bpmn.${typeLabel(type)}` as TKey
    const text = t(key)
    return text === key ? type.replace('bpmn:', '') : text
  }
  return (
    <aside aria-label={t(userTask ? 'workflow.panel.title' : 'workflow.panel.processTitle')} className="grid content-start gap-3 text-sm">
      <h3 className="font-medium">{t(userTask ? 'workflow.panel.title' : 'workflow.panel.processTitle')}</h3>
      {!userTask && (
        <>
          {node?.type !== 'bpmn:StartEvent' && (
            <p className="text-xs text-muted-foreground">
              {node ? t('workflow.panel.notUserTask', { type: typeName(node.type) }) : t('workflow.panel.empty')}
            </p>
          )}
          <Section title={t('workflow.panel.useScope')}>
            <Field label={t('workflow.panel.scopeType')} id={`${uid}-scope`}>
              <ChoiceSelect
                id={`${uid}-scope`}
                value={useScope.scopeType}
                onChange={(s) => onUseScope({ scopeType: s, ids: [] })}
                values={WF_SCOPE_TYPES}
                label={(s) => t(`workflow.scopeType.${s}`)}
              />
            </Field>
            {useScope.scopeType !== 'all' && (
              <TargetPicker
                id={`${uid}-scope-ids`}
                kind={useScope.scopeType}
                ids={useScope.ids}
                onChange={(ids) => onUseScope({ ...useScope, ids })}
              />
            )}
          </Section>
          {node?.type === 'bpmn:StartEvent' && <StartFormEditor key={node.id} config={config} onConfig={onConfig} />}
        </>
      )}
      {node && userTask && (
        <>
          <Field label={t('workflow.panel.nodeId')} id={`${uid}-id`}>
            <Input id={`${uid}-id`} value={node.id} readOnly className="font-mono text-xs" />
          </Field>
          <Field label={t('workflow.panel.name')} id={`${uid}-name`}>
            <Input
              id={`${uid}-name`}
              key={node.id}
              defaultValue={node.name}
              maxLength={100}
              onBlur={(e) => onRename(e.target.value.trim())}
            />
          </Field>
          <Section title={t('workflow.panel.executor')}>
            <SettingFields value={config.executor} onChange={(executor) => onConfig({ ...config, executor })}>
              <Field label={t('workflow.panel.approveMethod')} id={`${uid}-approve`}>
                <ChoiceSelect
                  id={`${uid}-approve`}
                  value={config.executor.approveMethod}
                  onChange={(m) => onConfig({ ...config, executor: { ...config.executor, approveMethod: m } })}
                  values={WF_APPROVE_METHODS}
                  label={(m) => t(`workflow.panel.approve.${m}`)}
                />
              </Field>
            </SettingFields>
          </Section>
          <Section title={t('workflow.panel.cc')}>
            <SettingFields value={config.cc} onChange={(cc) => onConfig({ ...config, cc })} />
          </Section>
          <Section title={t('workflow.panel.forms')}>
            {config.forms.map((f, i) => (
              <div key={f.formType} className="grid gap-2">
                <p className="text-xs font-medium">{t(`workflow.panel.formType.${f.formType}`)}</p>
                {FORM_INPUTS.map(({ key, label, idPart, maxLength }) => (
                  <Field
                    key={key}
                    label={t(`workflow.panel.${label}`)}
                    hint={t(`workflow.panel.${label}Hint`)}
                    id={`${uid}-${idPart}-${i}`}
                  >
                    <Input
                      id={`${uid}-${idPart}-${i}`}
                      value={f[key]}
                      maxLength={maxLength}
                      onChange={(e) =>
                        onConfig({ ...config, forms: config.forms.map((x, j) => (j === i ? { ...x, [key]: e.target.value } : x)) })
                      }
                    />
                  </Field>
                ))}
              </div>
            ))}
          </Section>
        </>
      )}
    </aside>
  )
}

/** bpmn-js's English name of a type (`bpmn:ExclusiveGateway` → `Exclusive gateway`), the key of its label. */
function typeLabel(type: string): string {
  const words = type
    .replace('bpmn:', '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
