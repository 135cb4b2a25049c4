/** Enumerated values of SPEC §3–§4 and §9, shared by both sides. Labels live in the console's i18n. */

export const ACCOUNT_LEVELS = ['tourist', 'general', 'registered'] as const
export type AccountLevel = (typeof ACCOUNT_LEVELS)[number]

/** pending review, normal, review failed, stopped, locked */
export const ACCOUNT_STATUSES = ['pending', 'normal', 'rejected', 'stopped', 'locked'] as const
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number]

/** Application types: platform, PC, app, mini-program, terminal. */
export const APP_TYPES = ['platform', 'pc', 'app', 'miniProgram', 'terminal'] as const
export type AppType = (typeof APP_TYPES)[number]

/** A role's data scope: own organisation, with its children, all. */
export const DATA_SCOPES = ['own', 'children', 'all'] as const
export type DataScope = (typeof DATA_SCOPES)[number]

/** Active flag used by roles and other records (SPEC §9: status 1 for active). */
export const STATUS = { active: 1, stopped: 0 } as const

/** Organisation unit tree node types and tree categories (SPEC §9). */
export const ORG_NODE_TYPE = { unitType: 1, unit: 2, role: 3 } as const
export const ORG_TREE_CATEGORY = { organization: 1, department: 2 } as const

/** The people tree's node kinds: a unit, a department. */
export const TREE_CATEGORY = { organization: 1, department: 2 } as const

/** How many days the dashboard's per-day series cover. */
export const DASHBOARD_DAYS = [14, 30] as const

// the lengths of SPEC §5's account rules (../rules.ts builds the rules on them)

/** An account name: 3–20 letters and digits. */
export const ACCOUNT_NAME_MAX = 20
/** A password: 6–20 printable characters. */
export const PASSWORD_MAX = 20
/** A mainland mobile number: 11 digits. */
export const PHONE_LENGTH = 11
/** A verification code: 6 digits. */
export const VERIFY_CODE_LENGTH = 6
