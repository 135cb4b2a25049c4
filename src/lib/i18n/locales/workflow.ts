import type { Shape } from '../shape'
import zhTexts from './zh/workflow.json'
import enTexts from './en/workflow.json'

/** The workflow screens: models, the query and its detail, workflow roles, the designer. */
export const zh = zhTexts

/**
 * bpmn-js's labels (palette, context pad, replace menu), fed to its `translate` module: the keys
 * are its English templates (every `translate('…')` of bpmn-js 18 and diagram-js), en shows them as they are.
 */
const bpmnEn = Object.fromEntries(Object.keys(zh.bpmn).map((k) => [k, k])) as Shape<typeof zh.bpmn>

export const en: Shape<typeof zh> = { ...enTexts, bpmn: bpmnEn }
