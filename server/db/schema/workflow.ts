/**
 * Workflow (issue 29; migration 0030_workflow; server/modules/workflow): models (drafts), their
 * deployed versions (immutable), process instances with the BPMN engine's state, the instance's
 * state at each user task it waited at (the return / withdraw points), tasks, the timeline, cc,
 * and workflow roles with their accounts.
 */
import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { stamped, ts } from './columns'

/** A model being drawn: the BPMN XML and the per-node configs (cc, executors, external forms, use scope). */
export const wfModel = pgTable(
  'wf_model',
  {
    modelId: text('model_id').primaryKey(),
    applicationId: text('application_id').notNull(),
    applicationMenuId: text('application_menu_id'),
    category: text('category').notNull(),
    modelKey: text('model_key').notNull(),
    name: text('name').notNull(),
    remark: text('remark'),
    bpmnXml: text('bpmn_xml').notNull(),
    /** { ccList, executorList, formList, useScopeList } (contract WfConfigs). */
    configs: jsonb('configs').notNull().default({}),
    /** The newest deployed version (0: never deployed). */
    latestVersion: integer('latest_version').notNull().default(0),
    ...stamped,
  },
  (t) => [uniqueIndex('wf_model_key_uq').on(t.modelKey)],
)

/** A deployed version of a model: never changed but for its status (1 in use, 0 stopped) and version type (1 published, 0 history). */
export const wfModelHistory = pgTable(
  'wf_model_history',
  {
    modelHistoryId: text('model_history_id').primaryKey(),
    modelId: text('model_id')
      .notNull()
      .references(() => wfModel.modelId, { onDelete: 'cascade' }),
    modelVersion: integer('model_version').notNull(),
    modelKey: text('model_key').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    applicationId: text('application_id').notNull(),
    applicationMenuId: text('application_menu_id'),
    bpmnXml: text('bpmn_xml').notNull(),
    configs: jsonb('configs').notNull().default({}),
    status: integer('status').notNull().default(1),
    versionType: integer('version_type').notNull().default(1),
    deployTime: ts('deploy_time').notNull().defaultNow(),
    deployBy: text('deploy_by'),
  },
  (t) => [
    uniqueIndex('wf_model_history_version_uq').on(t.modelId, t.modelVersion),
    index('wf_model_history_key_idx').on(t.modelKey, t.versionType),
  ],
)

/** A running (or ended) process: it stays on the version it started on. */
export const wfInstance = pgTable(
  'wf_instance',
  {
    instanceId: text('instance_id').primaryKey(),
    modelHistoryId: text('model_history_id')
      .notNull()
      .references(() => wfModelHistory.modelHistoryId),
    modelId: text('model_id').notNull(),
    title: text('title'),
    /** What the instance is for, set by the area that started it ('userAudit'; null: started on 流程查询 or by a sheet). */
    businessType: text('business_type'),
    businessKey: text('business_key'),
    starterAccountId: text('starter_account_id').notNull(),
    starterOrganizationId: text('starter_organization_id'),
    /** running, approved, rejected, withdrawn, cancelled */
    status: text('status').notNull().default('running'),
    /** The engine's state (bpmn-engine getState() without the definition source, recovered with the version's). */
    engineState: jsonb('engine_state'),
    /** The instance's variables (form data, picked executors): what conditions read. */
    variables: jsonb('variables').notNull().default({}),
    /** The data the instance was started with (kept as submitted). */
    startData: jsonb('start_data').notNull().default({}),
    /** Timers armed now: [{ key, activityId, expireAt }] (each has a job in the jobs table). */
    timers: jsonb('timers').notNull().default([]),
    /** Commands applied so far (each command one step; tasks record the step that made and ended them). */
    step: integer('step').notNull().default(0),
    startTime: ts('start_time').notNull().defaultNow(),
    endTime: ts('end_time'),
    ...stamped,
  },
  (t) => [
    index('wf_instance_starter_idx').on(t.starterAccountId, t.startTime),
    index('wf_instance_model_idx').on(t.modelId, t.startTime),
    index('wf_instance_status_idx').on(t.status, t.startTime),
    index('wf_instance_business_idx').on(t.businessType, t.businessKey, t.startTime),
  ],
)

/** The engine's state when a user task started waiting: the newest per task of an instance (so at most one per user task). */
export const wfSnapshot = pgTable(
  'wf_snapshot',
  {
    instanceId: text('instance_id')
      .notNull()
      .references(() => wfInstance.instanceId, { onDelete: 'cascade' }),
    activityId: text('activity_id').notNull(),
    executionId: text('execution_id').notNull(),
    step: integer('step').notNull(),
    state: jsonb('state').notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.activityId] })],
)

/** One executor's task at one run of a user task (several for 会签 / 或签). */
export const wfTask = pgTable(
  'wf_task',
  {
    taskId: text('task_id').primaryKey(),
    instanceId: text('instance_id')
      .notNull()
      .references(() => wfInstance.instanceId, { onDelete: 'cascade' }),
    activityId: text('activity_id').notNull(),
    activityName: text('activity_name'),
    /** The engine's execution id of this run of the node. */
    executionId: text('execution_id').notNull(),
    /** any (或签) or all (会签). */
    approveMethod: text('approve_method').notNull().default('any'),
    assigneeAccountId: text('assignee_account_id').notNull(),
    /** Set while delegated (委派): the task comes back to its owner when the delegate resolves it. */
    ownerAccountId: text('owner_account_id'),
    /** pending, approved, rejected, returned, withdrawn, cancelled, timeout */
    status: text('status').notNull().default('pending'),
    comment: text('comment'),
    handledBy: text('handled_by'),
    /** The instance step that created / ended it. */
    createdStep: integer('created_step').notNull(),
    endedStep: integer('ended_step'),
    createTime: ts('create_time').notNull().defaultNow(),
    endTime: ts('end_time'),
  },
  (t) => [
    index('wf_task_assignee_idx')
      .on(t.assigneeAccountId, t.createTime)
      .where(sql`status = 'pending'`),
    index('wf_task_handled_idx').on(t.handledBy, t.endTime),
    index('wf_task_instance_idx').on(t.instanceId, t.activityId),
  ],
)

/** The timeline: every verb applied to an instance, with its comment. */
export const wfComment = pgTable(
  'wf_comment',
  {
    commentId: text('comment_id').primaryKey(),
    instanceId: text('instance_id')
      .notNull()
      .references(() => wfInstance.instanceId, { onDelete: 'cascade' }),
    taskId: text('task_id'),
    activityId: text('activity_id'),
    accountId: text('account_id'),
    /** start, approve, reject, reset, withdraw, delegate, resolve, transfer, cc, timeout */
    action: text('action').notNull(),
    comment: text('comment'),
    /** The other account of a delegate / transfer. */
    targetAccountId: text('target_account_id'),
    step: integer('step').notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [index('wf_comment_instance_idx').on(t.instanceId, t.createTime)],
)

/** A copy of an instance to an account (抄送). */
export const wfCc = pgTable(
  'wf_cc',
  {
    ccId: text('cc_id').primaryKey(),
    instanceId: text('instance_id')
      .notNull()
      .references(() => wfInstance.instanceId, { onDelete: 'cascade' }),
    activityId: text('activity_id'),
    taskId: text('task_id'),
    accountId: text('account_id').notNull(),
    fromAccountId: text('from_account_id'),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [
    index('wf_cc_account_idx').on(t.accountId, t.createTime),
    uniqueIndex('wf_cc_once_uq').on(t.instanceId, t.accountId, sql`coalesce(${t.activityId}, '')`),
  ],
)

/** A workflow role (流程角色): a named group of accounts that executes tasks. */
export const wfRole = pgTable(
  'wf_role',
  {
    wfRoleId: text('wf_role_id').primaryKey(),
    roleName: text('role_name').notNull(),
    roleCode: text('role_code'),
    remark: text('remark'),
    organizationId: text('organization_id'),
    status: integer('status').notNull().default(1),
    ...stamped,
  },
  (t) => [uniqueIndex('wf_role_name_uq').on(t.roleName)],
)

export const wfRoleAccount = pgTable(
  'wf_role_account',
  {
    wfRoleId: text('wf_role_id')
      .notNull()
      .references(() => wfRole.wfRoleId, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.wfRoleId, t.accountId] }), index('wf_role_account_account_idx').on(t.accountId)],
)
