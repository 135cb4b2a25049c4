/**
 * The gateway's tables (DESIGN §3): one drizzle pg-core schema for PGlite and node-postgres.
 * Ids are UUIDv7 strings generated in code (newId), never by SQL.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { ownerRef, singleUse, sortedStamped, stamped, ts } from './schema/columns'

// ---- organisations --------------------------------------------------------

export const organizationType = pgTable('organization_type', {
  organizationTypeId: text('organization_type_id').primaryKey(),
  parentId: text('parent_id'),
  typeName: text('type_name').notNull(),
  typeCode: text('type_code').notNull().unique(),
  ...sortedStamped,
})

export const organization = pgTable(
  'organization',
  {
    organizationId: text('organization_id').primaryKey(),
    parentId: text('parent_id'),
    /** Materialised path '/root/…/self/' of ids (COLLATE "C"; kept by server/lib/tree.ts): subtrees by an indexed range. */
    path: text('path'),
    organizationTypeId: text('organization_type_id').references(() => organizationType.organizationTypeId),
    organizationName: text('organization_name').notNull(),
    shortName: text('short_name'),
    creditCode: text('credit_code'),
    status: integer('status').notNull().default(1),
    legalPerson: text('legal_person'),
    contactPerson: text('contact_person'),
    contactPhone: text('contact_phone'),
    address: text('address'),
    email: text('email'),
    fax: text('fax'),
    website: text('website'),
    depositBank: text('deposit_bank'),
    bankAccount: text('bank_account'),
    taxCode: text('tax_code'),
    /** Most accounts the unit may have (org account limits); null: no limit. */
    accountLimit: integer('account_limit'),
    /** Added as a sub-organisation through department/addByOrgId: 'company' or 'subsidiary' (else null). */
    unitKind: text('unit_kind'),
    ...sortedStamped,
  },
  (t) => [
    index('organization_parent_idx').on(t.parentId),
    index('organization_path_idx').on(t.path),
    uniqueIndex('organization_name_uq').on(t.organizationName),
    uniqueIndex('organization_credit_code_uq').on(t.creditCode),
    index('organization_type_idx').on(t.organizationTypeId, t.sort),
    index('organization_lower_name_idx').on(sql`lower(${t.organizationName})`),
  ],
)

// ---- applications and menus -------------------------------------------------

export const application = pgTable('application', {
  applicationId: text('application_id').primaryKey(),
  name: text('name').notNull(),
  shortName: text('short_name'),
  code: text('code').notNull().unique(),
  type: text('type').notNull(),
  url: text('url'),
  sort: integer('sort').notNull().default(1),
  principal: text('principal'),
  principalPhone: text('principal_phone'),
  industry: text('industry'),
  major: text('major'),
  remark: text('remark'),
  iconFileId: text('icon_file_id'),
  ...stamped,
})

/** An application's access key: only its SHA-256; the key itself is shown once (application/updateKey). */
export const applicationKey = pgTable('application_key', {
  applicationId: text('application_id').primaryKey(),
  keyHash: text('key_hash').notNull(),
  rotatedAt: ts('rotated_at').notNull().defaultNow(),
  rotatedBy: text('rotated_by'),
})

export const applicationVersion = pgTable('application_version', {
  applicationVersionId: text('application_version_id').primaryKey(),
  applicationId: text('application_id').notNull(),
  major: integer('major').notNull(),
  minor: integer('minor').notNull(),
  revision: integer('revision').notNull(),
  attachmentFileId: text('attachment_file_id'),
  releaseNote: text('release_note'),
  published: boolean('published').notNull().default(false),
  publishTime: ts('publish_time'),
  publisher: text('publisher'),
  isUsed: boolean('is_used').notNull().default(false),
  ...stamped,
})

/** Which units (`org`) and roles (`role`) may use an application. */
export const applicationGrant = pgTable(
  'application_grant',
  {
    applicationId: text('application_id').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.subjectType, t.subjectId] })],
)

export const applicationMenu = pgTable(
  'application_menu',
  {
    applicationMenuId: text('application_menu_id').primaryKey(),
    applicationId: ownerRef('application_id', () => application.applicationId),
    parentId: text('parent_id'),
    menuName: text('menu_name').notNull(),
    /** English display name (≤ 60); null falls back to the console's route title, then menuName. */
    menuNameEn: text('menu_name_en'),
    action: text('action'),
    iconPath: text('icon_path'),
    ...sortedStamped,
  },
  (t) => [index('application_menu_app_idx').on(t.applicationId), index('application_menu_parent_idx').on(t.parentId)],
)

export const applicationMenuFunction = pgTable(
  'application_menu_function',
  {
    applicationMenuFunctionId: text('application_menu_function_id').primaryKey(),
    applicationMenuId: ownerRef('application_menu_id', () => applicationMenu.applicationMenuId),
    functionName: text('function_name').notNull(),
    functionAction: text('function_action').notNull(),
    ...sortedStamped,
  },
  (t) => [uniqueIndex('menu_function_action_uq').on(t.applicationMenuId, t.functionAction)],
)

// ---- roles and grants ---------------------------------------------------------

export const role = pgTable('role', {
  roleId: text('role_id').primaryKey(),
  organizationId: text('organization_id').references(() => organization.organizationId),
  roleName: text('role_name').notNull(),
  remark: text('remark'),
  status: integer('status').notNull().default(1),
  sort: integer('sort').notNull().default(1),
  dataScope: text('data_scope').notNull().default('own'),
  /** `sysadmin`: the seeded system administrator role (grants the console to admin); never deleted or stopped. */
  builtin: text('builtin'),
  ...stamped,
})

export const roleMenu = pgTable(
  'role_menu',
  {
    roleId: ownerRef('role_id', () => role.roleId),
    applicationMenuId: ownerRef('application_menu_id', () => applicationMenu.applicationMenuId),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.applicationMenuId] })],
)

export const roleMenuFunction = pgTable(
  'role_menu_function',
  {
    roleId: ownerRef('role_id', () => role.roleId),
    applicationMenuFunctionId: ownerRef('application_menu_function_id', () => applicationMenuFunction.applicationMenuFunctionId),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.applicationMenuFunctionId] })],
)

// ---- accounts -------------------------------------------------------------------

export const account = pgTable(
  'account',
  {
    accountId: text('account_id').primaryKey(),
    accountName: text('account_name').notNull(),
    userName: text('user_name'),
    cellphone: text('cellphone'),
    email: text('email'),
    level: text('level').notNull().default('general'),
    status: text('status').notNull().default('normal'),
    lockedUntil: ts('locked_until'),
    passwordHash: text('password_hash').notNull(),
    validUntil: ts('valid_until'),
    organizationId: text('organization_id').references(() => organization.organizationId),
    // ---- accounts (server/modules/account) ----
    /** After it the password must be changed at the next login (20021 passwordExpired); null: never. */
    passwordValidUntil: ts('password_valid_until'),
    /** Off: signing in by cellphone is refused for this account. */
    phoneLoginEnabled: boolean('phone_login_enabled').notNull().default(true),
    /** Registered (project) accounts: free text until projects exist. */
    projectName: text('project_name'),
    projectOrganizationName: text('project_organization_name'),
    projectDepartmentName: text('project_department_name'),
    /** Registered (project) accounts: the project department (project_department, FK in 0012_projects) — its project is what they see. */
    projectDepartmentId: text('project_department_id'),
    /** Bound third-party identities (set by third-party login; read-only elsewhere). */
    wechatId: text('wechat_id'),
    qqId: text('qq_id'),
    ...stamped,
  },
  (t) => [uniqueIndex('account_name_uq').on(sql`lower(${t.accountName})`), uniqueIndex('account_cellphone_uq').on(t.cellphone)],
)

export const accountRole = pgTable(
  'account_role',
  {
    accountId: ownerRef('account_id', () => account.accountId),
    roleId: ownerRef('role_id', () => role.roleId),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.roleId] }), index('account_role_role_idx').on(t.roleId)],
)

// ---- sessions, tokens, keys -------------------------------------------------------

export const session = pgTable(
  'session',
  {
    sessionId: text('session_id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    accountId: text('account_id').notNull(),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    carrier: text('carrier'),
  },
  (t) => [index('session_account_idx').on(t.accountId)],
)

export const accessToken = pgTable(
  'access_token',
  {
    accessTokenId: text('access_token_id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    sessionId: ownerRef('session_id', () => session.sessionId),
    appCode: text('app_code').notNull(),
    /** The HMAC key handed to the client once; needed in clear to verify signatures. */
    privateKey: text('private_key').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('access_token_session_idx').on(t.sessionId)],
)

export const nonce = pgTable(
  'nonce',
  {
    accessTokenId: text('access_token_id').notNull(),
    nonce: text('nonce').notNull(),
    seenAt: ts('seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accessTokenId, t.nonce] }), index('nonce_seen_idx').on(t.seenAt)],
)

/**
 * One row: the counter behind the grants version (lib/grantsVersion.ts), moved only by the triggers
 * of migration 0044 on the tables grants are made of.
 */
export const grantsEpoch = pgTable('grants_epoch', {
  id: smallint('id').primaryKey(),
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
})

/**
 * One row per tree table (dict_node, container): a counter moved only by the triggers of migration
 * 0045 whenever the table changes — what a gateway's copy of a tree is checked against (lib/treeCache.ts).
 */
export const treeEpoch = pgTable('tree_epoch', {
  tree: text('tree').primaryKey(),
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
})

/**
 * A row per statement that changed a tree table (migration 0046): its epoch, whether it was a
 * TRUNCATE and the ids a DELETE took — what brings a gateway's copy of a tree forward (lib/treeCache.ts).
 */
export const treeChange = pgTable(
  'tree_change',
  {
    tree: text('tree').notNull(),
    epoch: bigint('epoch', { mode: 'number' }).notNull(),
    truncated: boolean('truncated').notNull().default(false),
    removed: text('removed').array(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tree, t.epoch] })],
)

/** RSA key pairs; `slot` (= floor(epoch / TTL)) is unique, so concurrent processes agree on one current key. */
export const rsaKey = pgTable('rsa_key', {
  keyId: text('key_id').primaryKey(),
  slot: integer('slot').notNull().unique(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
})

export const loginFailure = pgTable('login_failure', {
  nameKey: text('name_key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: ts('window_start').notNull(),
  lockedUntil: ts('locked_until'),
})

export const rateLimit = pgTable(
  'rate_limit',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
)

export const idempotency = pgTable(
  'idempotency',
  {
    accountId: text('account_id').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    state: text('state').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] }), index('idempotency_created_idx').on(t.createdAt)],
)

export const verifyCode = pgTable(
  'verify_code',
  {
    verifyCodeId: text('verify_code_id').primaryKey(),
    target: text('target').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    ...singleUse,
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('verify_code_target_idx').on(t.target, t.purpose)],
)

// ---- logs -----------------------------------------------------------------------------

export const operateLog = pgTable(
  'operate_log',
  {
    operateLogId: text('operate_log_id').primaryKey(),
    accountName: text('account_name'),
    /** The caller's unit when written: an organisation administrator sees the logs of their units. */
    organizationId: text('organization_id'),
    appCode: text('app_code'),
    menuId: text('menu_id'),
    menuName: text('menu_name'),
    functionId: text('function_id'),
    action: text('action'),
    /** The operation the route performed: a function action of the catalogue (src/contract/logWords.ts words it); null for a client-reported click. */
    op: text('op'),
    /** The catalogue menu the route belongs to (its declared permission's). */
    menuPath: text('menu_path'),
    service: text('service'),
    uri: text('uri'),
    method: text('method'),
    ip: text('ip'),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms'),
    content: text('content'),
    /** Redacted and truncated (logs/write.ts). */
    request: text('request'),
    response: text('response'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('operate_log_created_idx').on(t.createdAt)],
)

/** Partitioned by month on created_at (0015_terminals_logs.sql, server/modules/logs/partitions.ts). */
export const loginLog = pgTable(
  'login_log',
  {
    loginLogId: text('login_log_id').primaryKey(),
    accountName: text('account_name'),
    organizationId: text('organization_id'),
    ip: text('ip'),
    /** A place key of server/lib/ipCity.ts (offline lookup). */
    city: text('city'),
    carrier: text('carrier'),
    terminal: text('terminal'),
    terminalVersion: text('terminal_version'),
    os: text('os'),
    success: boolean('success').notNull(),
    code: integer('code').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('login_log_created_idx').on(t.createdAt)],
)

/**
 * The dashboard's sign-in figures, kept by login_log's statement triggers (0034_login_rollup.sql):
 * successful sign-ins per day (the database clock's date) and unit ('' for none).
 */
export const loginDay = pgTable(
  'login_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    organizationId: text('organization_id').notNull(),
    success: integer('success').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.organizationId] })],
)

/** Per lower-cased account name ('' for none) and unit ('' for none), its latest successful sign-in (0034_login_rollup.sql). */
export const loginLast = pgTable(
  'login_last',
  {
    accountKey: text('account_key').notNull(),
    organizationId: text('organization_id').notNull(),
    lastAt: ts('last_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountKey, t.organizationId] }), index('login_last_at_idx').on(t.lastAt)],
)

export const systemLog = pgTable(
  'system_log',
  {
    systemLogId: text('system_log_id').primaryKey(),
    event: text('event').notNull(),
    accountName: text('account_name'),
    organizationId: text('organization_id'),
    appCode: text('app_code'),
    ip: text('ip'),
    city: text('city'),
    uri: text('uri'),
    method: text('method'),
    code: integer('code'),
    content: text('content'),
    /** The catalogue menu of the refused or recorded call; null for the gateway's own work. */
    menuPath: text('menu_path'),
    /** A function action for a call's event; the job kind for the gateway's work (event 'work'). */
    action: text('action'),
    service: text('service'),
    request: text('request'),
    response: text('response'),
    durationMs: integer('duration_ms'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('system_log_created_idx').on(t.createdAt)],
)

// ---- terminals (0015_terminals_logs.sql) ------------------------------------------------

export const terminal = pgTable('terminal', {
  terminalId: text('terminal_id').primaryKey(),
  deviceId: text('device_id').notNull(),
  deviceName: text('device_name'),
  os: text('os'),
  osVersion: text('os_version'),
  memory: text('memory'),
  processor: text('processor'),
  applyIp: text('apply_ip'),
  applyCity: text('apply_city'),
  accountName: text('account_name'),
  /** The account the device belongs to (its first applicant); null once an administrator released it. */
  accountId: text('account_id'),
  organizationId: text('organization_id'),
  applyCount: integer('apply_count').notNull().default(1),
  appliedAt: ts('applied_at').notNull().defaultNow(),
  status: text('status').notNull().default('unauthorised'),
  authorisedAt: ts('authorised_at'),
  validityDays: integer('validity_days'),
  validUntil: ts('valid_until'),
  heartbeatIntervalMin: numeric('heartbeat_interval_min', { precision: 8, scale: 2, mode: 'number' }).notNull().default(5),
  decidedBy: text('decided_by'),
  ...stamped,
})

/** The last heartbeat of a terminal (no version: a heartbeat is not an edit). */
export const terminalHeartbeat = pgTable('terminal_heartbeat', {
  terminalId: text('terminal_id').primaryKey(),
  lastHeartbeatAt: ts('last_heartbeat_at').notNull(),
  lastIp: text('last_ip'),
})

export const terminalEvent = pgTable('terminal_event', {
  terminalEventId: text('terminal_event_id').primaryKey(),
  terminalId: text('terminal_id').notNull(),
  kind: text('kind').notNull(),
  at: ts('at').notNull().defaultNow(),
  by: text('by'),
})

export * from './schema/org'

// ---- files, imports, invitations (server/modules/files, server/modules/invite) ----
export * from './schema/files'
export * from './schema/invite'

// ---- departments and people (server/modules/department, server/modules/people) ----
export * from './schema/people'

// ---- role authorisation beyond menus (server/modules/roleAuth) ----
export * from './schema/role'

// ---- account change history (server/modules/account) ----
export * from './schema/account'

// ---- personal centre and third-party sign-in (server/modules/personal, server/modules/oauth) ----
export * from './schema/personal'

// ---- projects and their structure (server/modules/project) ----
export * from './schema/project'

// ---- a project's structure: containers, design units, unit engineering (server/modules/projectStructure) ----
export * from './schema/projectStructure'

// ---- project initialisation wizard runs (server/modules/projectInit) ----
export * from './schema/projectInit'
// ---- work sites (server/modules/workSite) ----
export * from './schema/workSite'
// ---- background jobs, the events outbox, messages (server/lib/jobs.ts, server/modules/messages) ----
export * from './schema/jobs'
export * from './schema/messages'

// ---- engineering dictionaries: majors, EBS / WBS / quantity trees, WBS–EBS relations (server/modules/dictionary) ----
export * from './schema/dictionary'
export * from './schema/dataDictionary'
// ---- extension attributes, bill of quantities, resource pool (server/modules/attributes) ----
export * from './schema/attributes'
// ---- workflow: models, deployed versions, instances, tasks, workflow roles (server/modules/workflow) ----
export * from './schema/workflow'
// ---- tabulation: groups, templates and versions, cell permissions, contents (server/modules/tabulation) ----
export * from './schema/tabulation'
