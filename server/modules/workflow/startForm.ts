/**
 * A version's start form (issue 29): the fields declared on its start event's formType-1 entry and
 * the URL of the start event's external (formType 2) form. Deploy checks what depends on it (fields
 * only on the start event; a starterSelect / formField executor or cc reads an account field of it);
 * the start call checks the starter's values against it and stores them typed; an instance's detail
 * shows them again.
 */
import type { FastifyRequest } from 'fastify'
import { Code } from '../../../src/contract/codes'
import { V, parseValidationMessage } from '../../../src/contract/rules'
import {
  WF_UNKNOWN_FIELD,
  wfStartFormValues,
  type WfConfigs,
  type WfStartForm,
  type WfStartFormValue,
} from '../../../src/contract/schemas/workflow'
import type { Db } from '../../db/client'
import { ApiError, requestLang, fill, type Text } from '../../lib/http'
import { accountsByIds, normalAccountIds } from '../account'
import { loadModel, startEventOf, type ProcessGraph } from './bpmn'
import { configsOf } from './runtime'
import { FORM_TEXT, variableNotInForm } from './texts'

/** The start form of a graph's configs (null: neither fields nor an external URL on the start event). */
export function startFormIn(graph: ProcessGraph, configs: WfConfigs): WfStartForm | null {
  const start = startEventOf(graph)
  if (!start) return null
  const of = (type: 1 | 2) => configs.formList.find((f) => f.nodeId === start.id && f.formType === type)
  const fields = of(1)?.fields ?? []
  const externalUrl = of(2)?.formUrl ?? null
  return fields.length || externalUrl ? { nodeId: start.id, fields, externalUrl } : null
}

/** A deployed version's start form (its diagram read only when it has forms at all). */
export async function startFormOf(version: { modelHistoryId: string; bpmnXml: string; configs: unknown }): Promise<WfStartForm | null> {
  const configs = configsOf(version.configs)
  if (configs.formList.length === 0) return null
  const { graph } = await loadModel(version.modelHistoryId, version.bpmnXml)
  return startFormIn(graph, configs)
}

/** What a deploy refuses about forms: fields off the start event, executor / cc variables the start form lacks. */
export function formProblems(graph: ProcessGraph, configs: WfConfigs): Text[] {
  const start = startEventOf(graph)
  const problems: Text[] = []
  for (const f of configs.formList)
    if (f.fields?.length && f.nodeId !== start?.id) problems.push(fill(FORM_TEXT.fieldsNotOnStart, f.nodeId))
  const fields = startFormIn(graph, configs)?.fields ?? []
  if (fields.length === 0) return problems
  const accountKeys = new Set(fields.filter((f) => f.kind === 'account').map((f) => f.key))
  const check = (role: 'executor' | 'cc', list: WfConfigs['executorList'] | WfConfigs['ccList']) => {
    for (const c of list) {
      const node = graph.nodes.get(c.nodeId)
      if (!node || (c.settingMode !== 'starterSelect' && c.settingMode !== 'formField')) continue
      if (!c.variable || !accountKeys.has(c.variable)) problems.push(variableNotInForm(role, node.name ?? node.id, c.variable ?? ''))
    }
  }
  check('executor', configs.executorList)
  check('cc', configs.ccList)
  return problems
}

/** The text of a value refused for the field labelled `label` (the issue's message is a validation key). */
function refusalText(message: string, label: string, kind: string): Text {
  const { key } = parseValidationMessage(message)
  if (key === V.required) return fill(FORM_TEXT.required, label)
  if (key === V.date) return fill(FORM_TEXT.date, label)
  if (key === V.tooLong) return fill(FORM_TEXT.tooLong, label)
  if (kind === 'number') return fill(FORM_TEXT.number, label)
  if (kind === 'choice') return fill(FORM_TEXT.choice, label)
  if (kind === 'account') return fill(FORM_TEXT.account, label)
  return fill(FORM_TEXT.invalid, label)
}

/**
 * The starter's values checked against the start form, typed (a number as a number; an empty
 * optional field left out): a 20001 naming each field refused (`variables.<key>`), the first as the message.
 */
export async function startVariables(
  db: Db,
  req: FastifyRequest,
  form: WfStartForm,
  variables: Record<string, unknown>,
): Promise<Record<string, string | number>> {
  const byKey = new Map(form.fields.map((f) => [f.key, f]))
  const refused: { key: string; vkey: string; text: Text }[] = []
  const parsed = wfStartFormValues(form.fields).safeParse(variables)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '')
      const f = byKey.get(key)
      if (issue.message === WF_UNKNOWN_FIELD || !f) refused.push({ key, vkey: V.invalid, text: fill(FORM_TEXT.unknown, key) })
      else {
        const vkey = parseValidationMessage(issue.message).key === V.required ? V.required : V.invalid
        refused.push({ key, vkey, text: refusalText(issue.message, f.label, f.kind) })
      }
    }
  } else {
    const accountFields = form.fields.filter((f) => f.kind === 'account' && typeof parsed.data[f.key] === 'string')
    const normal = new Set(await normalAccountIds(db, [...new Set(accountFields.map((f) => parsed.data[f.key] as string))]))
    for (const f of accountFields)
      if (!normal.has(parsed.data[f.key] as string)) refused.push({ key: f.key, vkey: V.invalid, text: fill(FORM_TEXT.account, f.label) })
  }
  if (refused.length === 0 && parsed.success) return parsed.data
  const lang = requestLang(req)
  throw new ApiError(
    Code.INVALID,
    refused.map((r) => ({ field: `variables.${r.key}`, key: r.vkey, message: r.text[lang] })),
    refused[0]!.text,
  )
}

/** The start form's fields with the values an instance was started with (accounts by their shown names). */
export async function startFormValues(db: Db, form: WfStartForm | null, startData: unknown): Promise<WfStartFormValue[]> {
  if (!form?.fields.length) return []
  const data = (startData ?? {}) as Record<string, unknown>
  const valueOf = (key: string): string | number | null => {
    const v = data[key]
    return typeof v === 'string' || typeof v === 'number' ? v : null
  }
  const accountIds = form.fields.filter((f) => f.kind === 'account').map((f) => valueOf(f.key))
  const ids = [...new Set(accountIds.filter((v): v is string => typeof v === 'string'))]
  const names = new Map((await accountsByIds(db, ids)).map((a) => [a.accountId, a.userName ?? a.accountName]))
  return form.fields.map((f) => {
    const value = valueOf(f.key)
    const text = value === null ? null : f.kind === 'account' ? (names.get(String(value)) ?? String(value)) : String(value)
    return { key: f.key, label: f.label, kind: f.kind, value, text }
  })
}
