/** The workflow module's answers in both languages (the request's language is picked by lib/http). */
import type { Text } from '../../lib/http'
import texts from './texts.json'

/** What a deploy finds wrong with a model's BPMN (20001 on bpmnXml); `{x}` is filled in. */
export const BPMN_TEXT = texts.bpmn satisfies Record<string, Text>

/** Refusals of the runtime's verbs (20021, or 20002 for what the caller cannot see; a task handled meanwhile is 20008 with the task). */
export const RUN_TEXT = texts.run satisfies Record<string, Text>

/** A start form's refusals: at deploy (20001 on bpmnXml) and at start (20001 on `variables.<key>`); `{x}` is filled in. */
export const FORM_TEXT = texts.form satisfies Record<string, Text>

/** A starterSelect / formField executor (or cc) reading a variable the start form has no account field for. */
export const variableNotInForm = (role: 'executor' | 'cc', node: string, variable: string): Text =>
  role === 'executor'
    ? {
        zh: `节点「${node}」的执行人变量 ${variable} 不是启动表单中的账号字段`,
        en: `The executor variable ${variable} of node “${node}” is not an account field of the start form`,
      }
    : {
        zh: `节点「${node}」的抄送人变量 ${variable} 不是启动表单中的账号字段`,
        en: `The cc variable ${variable} of node “${node}” is not an account field of the start form`,
      }
