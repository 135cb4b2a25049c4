/**
 * bpmn-js's Modeler and its styles — imported only by `import('./bpmnModeler')` from the diagram
 * editor, so they are their own chunk, loaded on 流程模型管理 alone (research/01-workflow.md: ~175 KiB
 * gzip; bpmn-font/css/bpmn.css, never bpmn-embedded.css with its base64 font). Its labels go through
 * our i18n (`workflow.bpmn.*`, keyed by bpmn-js's English templates).
 */
import Modeler from 'bpmn-js/lib/Modeler'
import 'bpmn-js/dist/assets/diagram-js.css'
import 'bpmn-js/dist/assets/bpmn-js.css'
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css'
import { format, translate as lookup, type Locale } from '@/lib/i18n'

/** diagram-js's `translate` service: our text for a template, else the template itself. */
function translateModule(locale: Locale) {
  const translate = (template: string, replacements?: Record<string, string>) => {
    const key = `workflow.bpmn.${template}`
    const text = lookup(locale, key)
    return format(text === key ? template : text, replacements)
  }
  return { translate: ['value', translate] }
}

export function createModeler(container: HTMLElement, locale: Locale): Modeler {
  return new Modeler({ container, additionalModules: [translateModule(locale)] })
}

export type { Modeler }
