/**
 * Workflow (SPEC §3 "Workflow model", §4, §7 "Workflow"; issue 29; shared/research/01-workflow.md):
 *
 *   GET  actReModel/list                 models (drafts), filtered by keyword, category, application
 *   POST actReModel/add                  { model, ccList, executorList, formList, useScopeList }
 *   PUT  actReModel/update               the same with model.modelId and model.version
 *   GET  actReModel/detail?modelId       the model with its four config lists
 *   POST actReModel/deploymentModel      { modelId }: validates the BPMN, writes model history vN (status 1)
 *   GET  wfModelHistory/listPublish      the deployed versions (versionType 1 published, 0 history)
 *   GET  wfModelHistory/listPagePublish  the same, paged
 *   PUT  wfModelHistory/updateStatus     { status 1|0, modelHistoryIds }: in use / stopped
 *   wfInstance/*, wfTask/*, wfCc/*       process query: start, my tasks, done, started, cc; the verbs
 *   wfRole/*, wfRoleAccount/*            workflow roles and their accounts
 *
 * A model's BPMN XML is checked when it is deployed (20001 naming what is wrong); a draft may be
 * saved half drawn. No script from a model ever runs: conditions are `${…}` expressions over the
 * instance's variables, evaluated by the gateway's own evaluator.
 */
import { z } from 'zod'
import { CONTROL_CHARS, V, filterText, int, isIsoDate, isoDate, name, optional, optionalText, text, uniqueBy } from '../rules'
import { id, idList, listQuery, recordSchemas, version } from './common'

export { WORKFLOW_API } from '../workflowApi'

/** Largest BPMN XML accepted (bytes of UTF-8), on save and on deploy. */
export const WF_XML_MAX = 512 * 1024

/**
 * Who executes a user task (and who gets its cc): SPEC's `settingMode`.
 *  user            the accounts listed in `ids`
 *  role            the accounts holding one of the roles in `ids`
 *  wfRole          the accounts of the workflow roles in `ids`
 *  starter         the account that started the instance
 *  starterDeptHead the department heads (position level deptHead) of the starter's department, else of its parents
 *  starterSelect   the account ids the starter picked, in the instance variable `variable`
 *  formField       the account ids in the form field (instance variable) `variable`
 */
export const WF_SETTING_MODES = ['user', 'role', 'wfRole', 'starter', 'starterDeptHead', 'starterSelect', 'formField'] as const
export type WfSettingMode = (typeof WF_SETTING_MODES)[number]
/** How several executors of one node decide: `any` 或签 (the first decision counts), `all` 会签 (everyone approves; one rejection rejects). */
export const WF_APPROVE_METHODS = ['any', 'all'] as const
export type WfApproveMethod = (typeof WF_APPROVE_METHODS)[number]

const nodeId = () =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(100, { error: `${V.tooLong}:100` })
    .regex(/^[A-Za-z_][\w.-]*$/, { error: V.invalid })
const variableName = () =>
  z
    .string({ error: V.invalid })
    .trim()
    .max(64, { error: `${V.tooLong}:64` })
    .regex(/^[A-Za-z_]\w*$/, { error: V.invalid })
    .optional()
const ids = () => z.array(id()).max(200).default([])

/** Needs `ids` for user / role / wfRole and `variable` for starterSelect / formField. */
const settingComplete = (v: { settingMode: WfSettingMode; ids: string[]; variable?: string }, ctx: z.RefinementCtx) => {
  if (['user', 'role', 'wfRole'].includes(v.settingMode) && v.ids.length === 0)
    ctx.addIssue({ code: 'custom', path: ['ids'], message: V.required })
  if (['starterSelect', 'formField'].includes(v.settingMode) && !v.variable)
    ctx.addIssue({ code: 'custom', path: ['variable'], message: V.required })
}

/** Who a node's setting names (its executors, or whom it copies): the mode, and its ids or its variable. */
const nodeSetting = z.object({
  nodeId: nodeId(),
  settingMode: z.enum(WF_SETTING_MODES, { error: V.required }),
  ids: ids(),
  variable: variableName(),
})

export const wfExecutorConfig = nodeSetting
  .extend({ approveMethod: z.enum(WF_APPROVE_METHODS, { error: V.invalid }).optional() })
  .superRefine(settingComplete)
export type WfExecutorConfig = z.infer<typeof wfExecutorConfig>

export const wfCcConfig = nodeSetting.superRefine(settingComplete)
export type WfCcConfig = z.infer<typeof wfCcConfig>

/**
 * A start form's field (issue 29): declared on the start event's formType-1 entry; its `key` is the
 * instance variable the starter's value goes into (an exclusive gateway's condition reads it; an
 * `account` field's id is what a starterSelect / formField executor or cc names).
 *  text     a line of text        number   a number (sent and stored as a JSON number)
 *  date     YYYY-MM-DD            choice   one of `options`
 *  account  the id of a normal account the starter picks
 */
export const WF_FORM_FIELD_KINDS = ['text', 'number', 'date', 'choice', 'account'] as const
export type WfFormFieldKind = (typeof WF_FORM_FIELD_KINDS)[number]
export const WF_FORM_FIELDS_MAX = 30
export const WF_FORM_OPTIONS_MAX = 50
export const WF_FORM_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/
/** Longest text a start form's text field takes. */
export const WF_FORM_TEXT_MAX = 500

export const wfFormField = z
  .object({
    key: z.string({ error: V.required }).trim().min(1, { error: V.required }).regex(WF_FORM_KEY, { error: V.invalid }),
    label: text(40),
    kind: z.enum(WF_FORM_FIELD_KINDS, { error: V.required }),
    required: z.boolean({ error: V.invalid }).default(false),
    /** A choice's options (others have none). */
    options: z
      .array(text(50))
      .max(WF_FORM_OPTIONS_MAX, { error: `${V.tooLarge}:${WF_FORM_OPTIONS_MAX}` })
      .default([]),
  })
  .superRefine((f, ctx) => {
    if (f.kind === 'choice' && f.options.length === 0) ctx.addIssue({ code: 'custom', path: ['options'], message: V.required })
    const repeated = uniqueBy(f.options, (o) => o)
    if (repeated) ctx.addIssue({ code: 'custom', path: ['options'], message: `${V.repeat}:${repeated}` })
  })
export type WfFormField = z.infer<typeof wfFormField>

/**
 * A form of a node: formType 1 built-in, 2 external (a URL). An external form needs its URL; a
 * built-in one its URL or, on the start event, its fields (the start form, `fields`).
 */
export const wfFormConfig = z
  .object({
    nodeId: nodeId(),
    formType: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)], { error: V.invalid })),
    formUrl: optional(text(500)),
    useScope: optionalText(100),
    settingMode: int({ min: 0, max: 9 }).optional(),
    externalFormId: id().optional(),
    modelHistoryId: id().optional(),
    fields: z
      .array(wfFormField)
      .max(WF_FORM_FIELDS_MAX, { error: `${V.tooLarge}:${WF_FORM_FIELDS_MAX}` })
      .optional(),
  })
  .superRefine((f, ctx) => {
    const fields = f.fields ?? []
    if (fields.length && f.formType !== 1) ctx.addIssue({ code: 'custom', path: ['fields'], message: V.invalid })
    if (!f.formUrl && !(f.formType === 1 && fields.length)) ctx.addIssue({ code: 'custom', path: ['formUrl'], message: V.required })
    const repeated = uniqueBy(fields, (x) => x.key)
    if (repeated) ctx.addIssue({ code: 'custom', path: ['fields'], message: `${V.repeat}:${repeated}` })
  })
export type WfFormConfig = z.infer<typeof wfFormConfig>

/** Who may start the model: everybody, or the accounts of units, roles or accounts listed. */
export const WF_SCOPE_TYPES = ['all', 'org', 'role', 'account'] as const
export const wfUseScope = z.object({
  scopeType: z.enum(WF_SCOPE_TYPES, { error: V.required }),
  ids: ids(),
})
export type WfUseScope = z.infer<typeof wfUseScope>

/** UTF-8 bytes of a string (both sides: no Buffer in the browser). */
export const utf8Length = (s: string): number => new TextEncoder().encode(s).length

const bpmnXml = z
  .string({ error: V.required })
  .min(1, { error: V.required })
  .refine((s) => utf8Length(s) <= WF_XML_MAX, { error: `${V.tooLarge}:${WF_XML_MAX}` })

/** A process model's key (also what another area binds a process by: a sheet template's wfModelKey). */
export const modelKey = () =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(64, { error: `${V.tooLong}:64` })
    .regex(/^[A-Za-z_][\w-]*$/, { error: V.code })

export const wfModelFields = {
  applicationId: id(),
  applicationMenuId: id().optional(),
  category: text(50),
  modelKey: modelKey(),
  name: name(100),
  remark: optionalText(500),
  bpmnXml,
}

/** A model's configs of one kind: at most `max`, none by default, one per key (v.repeat). */
const configList = <S extends z.ZodType>(item: S, max: number, keyOf: (config: z.output<S>) => string) =>
  z
    .array(item)
    .max(max)
    .default([])
    .refine((list) => new Set(list.map(keyOf)).size === list.length, { error: V.repeat })

const configLists = {
  ccList: configList(wfCcConfig, 500, (c) => c.nodeId),
  executorList: configList(wfExecutorConfig, 500, (c) => c.nodeId),
  formList: configList(wfFormConfig, 1000, (c) => `${c.nodeId}:${c.formType}`),
  useScopeList: z.array(wfUseScope).max(50).default([]),
}

export const wfModelAdd = z.object({ model: z.object({ ...wfModelFields, modelId: id().optional() }), ...configLists })
export const wfModelUpdate = z.object({ model: z.object({ ...wfModelFields, modelId: id(), version: version() }), ...configLists })
export type WfModelAdd = z.infer<typeof wfModelAdd>
export type WfModelUpdate = z.infer<typeof wfModelUpdate>
export type WfConfigs = Pick<WfModelAdd, 'ccList' | 'executorList' | 'formList' | 'useScopeList'>

export const wfModelListQuery = listQuery.extend({
  keyword: filterText(100),
  category: filterText(50),
  applicationId: id().optional(),
})
export const wfModelIdQuery = z.object({ modelId: id() })
export const wfDeployBody = z.object({ modelId: id() })

export const WF_VERSION_TYPES = [1, 0] as const
const zeroOne = () => z.coerce.number({ error: V.invalid }).pipe(z.union([z.literal(0), z.literal(1)], { error: V.invalid }))
export const wfHistoryQuery = listQuery.extend({
  modelId: id().optional(),
  /** 1: the published (newest) version of each model; 0: the older versions. */
  versionType: zeroOne().optional(),
  status: zeroOne().optional(),
  keyword: filterText(100),
})
export const wfHistoryStatusBody = z.object({ status: zeroOne(), modelHistoryIds: idList() })

export interface WfModelRow {
  modelId: string
  applicationId: string
  applicationMenuId: string | null
  category: string
  modelKey: string
  name: string
  remark: string | null
  /** The newest deployed version (0: never deployed). */
  latestVersion: number
  version: number
  createTime: string
  updateTime: string
}
export interface WfModelDetail extends WfConfigs {
  model: WfModelRow & { bpmnXml: string }
}
export interface WfModelHistoryRow {
  modelHistoryId: string
  modelId: string
  modelVersion: number
  modelKey: string
  name: string
  category: string
  applicationId: string
  status: 0 | 1
  versionType: 0 | 1
  deployTime: string
  deployBy: string | null
}

// ---- instances and tasks ---------------------------------------------------------

/** Instance variables: a flat object of JSON values (form fields, picked executors). */
export const wfVariables = z
  .record(
    z
      .string()
      .regex(/^[A-Za-z_]\w*$/)
      .max(64),
    z.union([z.string().max(2000), z.number(), z.boolean(), z.null(), z.array(z.string().max(200)).max(200)]),
  )
  .refine((v) => Object.keys(v).length <= 100, { error: V.invalid })

/** A start form's values as typed variables: what each kind takes; an empty optional field is left out. */
const startValue = (f: WfFormField): z.ZodType<string | number> => {
  switch (f.kind) {
    case 'number':
      return z.preprocess(
        (v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
        z.number({ error: V.invalid }).refine(Number.isFinite, { error: V.invalid }),
      )
    case 'date':
      return z.string({ error: V.invalid }).trim().refine(isIsoDate, { error: V.date })
    case 'choice':
      return z.string({ error: V.invalid }).refine((v) => f.options.includes(v), { error: V.invalid })
    case 'account':
      return id()
    default:
      return z
        .string({ error: V.invalid })
        .trim()
        .max(WF_FORM_TEXT_MAX, { error: `${V.tooLong}:${WF_FORM_TEXT_MAX}` })
        .refine((v) => !CONTROL_CHARS.test(v), { error: V.control })
  }
}
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

/** Issue message of a key the start form does not declare (the gateway names the key). */
export const WF_UNKNOWN_FIELD = 'v.invalid:unknown'

/**
 * The variables a start form takes (both sides: the 发起 dialog's check, the start call's): every
 * declared field by its kind, the required ones present, no other key. Issues sit on the field's key.
 */
export const wfStartFormValues = (fields: readonly WfFormField[]) =>
  z.record(z.string(), z.unknown(), { error: V.invalid }).transform((input, ctx) => {
    const out: Record<string, string | number> = {}
    const declared = new Set(fields.map((f) => f.key))
    for (const key of Object.keys(input))
      if (!declared.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: WF_UNKNOWN_FIELD, input: input[key] })
    for (const f of fields) {
      const v = input[f.key]
      if (blank(v)) {
        if (f.required) ctx.addIssue({ code: 'custom', path: [f.key], message: V.required, input: v })
        continue
      }
      const r = startValue(f).safeParse(v)
      if (r.success) out[f.key] = r.data
      else for (const i of r.error.issues) ctx.addIssue({ code: 'custom', path: [f.key], message: i.message, input: v })
    }
    return out
  })

/** A published version's start form: the start event's built-in fields and its external form's URL. */
export interface WfStartForm {
  nodeId: string
  fields: WfFormField[]
  /** The start event's formType-2 URL (null: none). */
  externalUrl: string | null
}
/** A version one may start (wfInstance/startable), with its start form (null: none declared). */
export interface WfStartableVersion extends WfModelHistoryRow {
  startForm: WfStartForm | null
}
/** A start form's field with the value the instance was started with (an account's shown name in `text`). */
export interface WfStartFormValue {
  key: string
  label: string
  kind: WfFormFieldKind
  value: string | number | null
  /** What to show: the value, an account's name (null: not filled). */
  text: string | null
}

export const wfStartBody = z
  .object({
    modelHistoryId: id().optional(),
    /** Starts the published version of the model with this key when no history id is given. */
    modelKey: modelKey().optional(),
    businessKey: optionalText(100),
    title: optionalText(200),
    variables: wfVariables.default({}),
  })
  .refine((v) => v.modelHistoryId || v.modelKey, { path: ['modelHistoryId'], error: V.required })

export const wfApproveBody = z.object({ taskId: id(), comment: optionalText(500), variables: wfVariables.optional() })
export const wfRejectBody = z.object({ taskId: id(), comment: text(500) })
export const wfResetBody = z.object({ taskId: id(), targetActivityId: nodeId(), comment: optionalText(500) })
export const wfTaskIdQuery = z.object({ taskId: id() })
export const wfWithdrawBody = z.object({ instanceId: id(), comment: optionalText(500) })
export const wfHandOverBody = z.object({ taskId: id(), accountId: id(), comment: optionalText(500) })
export const wfCcBody = z.object({ taskId: id(), accountIds: z.array(id()).min(1, { error: V.required }).max(100) })

export const WF_INSTANCE_STATUSES = ['running', 'approved', 'rejected', 'withdrawn', 'cancelled'] as const
export type WfInstanceStatus = (typeof WF_INSTANCE_STATUSES)[number]
export const WF_TASK_STATUSES = ['pending', 'approved', 'rejected', 'returned', 'withdrawn', 'cancelled', 'timeout'] as const
export type WfTaskStatus = (typeof WF_TASK_STATUSES)[number]

/** 流程查询's instance list (an administrator's view, within the caller's data scope): by model, starter, status, start date. */
export const wfInstanceListQuery = listQuery.extend({
  modelId: optional(id()),
  starterAccountId: optional(id()),
  status: optional(z.enum(WF_INSTANCE_STATUSES, { error: V.invalid })),
  /** Started on or after this day (YYYY-MM-DD). */
  startDateFrom: optional(isoDate()),
  /** Started on or before this day (YYYY-MM-DD). */
  startDateTo: optional(isoDate()),
  keyword: filterText(100),
})
/** My started instances, my tasks, my done tasks, my cc: paged, by status where it applies. */
export const wfMyQuery = listQuery.extend({
  status: optional(z.enum(WF_INSTANCE_STATUSES, { error: V.invalid })),
  keyword: filterText(100),
})
export const wfInstanceIdQuery = z.object({ instanceId: id() })

export interface WfInstanceRow {
  instanceId: string
  modelId: string
  modelHistoryId: string
  modelVersion: number
  modelName: string
  title: string | null
  businessKey: string | null
  starterAccountId: string
  starterName: string | null
  status: WfInstanceStatus
  startTime: string
  endTime: string | null
}
export interface WfTaskRow {
  taskId: string
  instanceId: string
  instanceTitle: string | null
  modelName: string
  activityId: string
  activityName: string | null
  approveMethod: WfApproveMethod
  assigneeAccountId: string
  assigneeName: string | null
  ownerAccountId: string | null
  starterAccountId: string
  starterName: string | null
  status: WfTaskStatus
  comment: string | null
  createTime: string
  endTime: string | null
}
export interface WfCcRow {
  ccId: string
  instanceId: string
  instanceTitle: string | null
  modelName: string
  activityId: string | null
  fromAccountId: string | null
  fromName: string | null
  starterName: string | null
  instanceStatus: WfInstanceStatus
  createTime: string
}
export interface WfCommentRow {
  commentId: string
  taskId: string | null
  activityId: string | null
  accountId: string | null
  accountName: string | null
  action: string
  comment: string | null
  targetAccountId: string | null
  createTime: string
}
/** An instance's detail: its version's diagram, the nodes waiting now and those passed, its tasks and timeline. */
export interface WfInstanceDetail {
  instance: WfInstanceRow
  bpmnXml: string
  currentActivityIds: string[]
  finishedActivityIds: string[]
  tasks: Omit<WfTaskRow, 'instanceTitle' | 'modelName' | 'starterAccountId' | 'starterName'>[]
  comments: WfCommentRow[]
  /** The start form's fields with the values the instance was started with (empty: the version has none). */
  startForm: WfStartFormValue[]
}
export interface WfReturnTarget {
  activityId: string
  name: string | null
}

// ---- workflow roles (流程角色) ------------------------------------------------------

export const wfRole = recordSchemas(
  {
    roleName: name(50),
    roleCode: optional(text(50)),
    remark: optionalText(500),
    status: zeroOne().default(1),
  },
  'wfRoleId',
)
export const wfRoleListQuery = listQuery.extend({ keyword: filterText(50), status: zeroOne().optional() })
export const wfRoleAccountQuery = listQuery.extend({ wfRoleId: id(), keyword: filterText(50) })
export const wfRoleCandidatesQuery = z.object({ wfRoleId: id(), keyword: filterText(50) })
export const wfRoleAccountBody = z.object({ wfRoleId: id(), accountIds: idList() })
export interface WfRoleRow {
  wfRoleId: string
  roleName: string
  roleCode: string | null
  remark: string | null
  status: 0 | 1
  organizationId: string | null
  accountCount: number
  version: number
  createTime: string
  updateTime: string
}
/** An account a picker offers (wfRoleAccount/listCandidates, wfTask/accountOptions). */
export interface WfAccountOption {
  accountId: string
  accountName: string
  userName: string | null
  organizationName: string | null
  status: string
}
export type WfRoleCandidate = WfAccountOption
export interface WfRoleAccountRow {
  accountId: string
  accountName: string
  userName: string | null
}
