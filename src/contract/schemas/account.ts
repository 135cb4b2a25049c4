/**
 * Accounts (issue 4, SPEC §3–§5, §7): general accounts (every account of a unit, on
 * /admin/organization) and registered (project) accounts (/admin/project-org-account), the
 * account state machine, valid periods, password resets and the change history.
 *
 * General accounts — base /api/admin/v1/generalAccount (menu /admin/organization):
 *   GET  listPage (accountListQuery) → Page<Account>   GET list → Account[] (≤ 5000)
 *   POST add (accountAdd) → Account                     fn `account`
 *   PUT  update (accountUpdate: name, phone, email, level, unit; never the account name) fn `account`
 *   POST delete  form ids=a,b → { deleted }              fn `account`   (never one's own account)
 *   POST enable (enableBody {ids, enable}) → { updated, versions: { [accountId]: version } } fn `accountEnable`  normal ↔ stopped
 *   POST unlock (idsBody) → { updated }                  fn `accountEnable`  locked → normal
 *   POST audit (accountAuditBody) → { updated }          fn `accountAudit`   pending → normal | rejected
 *   POST resetPwd (resetPwdBody) → { accountId }         fn `accountResetPwd` (ends the account's sessions)
 *   POST updateValidPeriod (validPeriodBody) / updatePwdValidPeriod (pwdValidPeriodBody) fn `account`
 *   GET  listDetailPage (accountChangeQuery) → Page<AccountChange>   the change history
 *   GET  getLoggedInAccount → Account                    any signed-in account: itself
 *
 * Registered (project) accounts — base /api/admin/v1/registerAccount (menu /admin/project-org-account),
 * the accounts of level `registered`; another account's id answers 20002:
 *   GET listPage · POST add (registerAccountAdd, fn add) · PUT update (registerAccountUpdate, fn edit) · POST enable (fn enable) · POST updateValidPeriod
 *   (fn validPeriod) · POST resetPwd (fn resetPwd) · POST updateProjectDept (fn edit) · POST delete (fn delete)
 *   · POST enablePhoneLogin (fn edit) · GET listDetailPage
 *
 * State machine (SPEC §4, ACCOUNT_TRANSITIONS): an invalid transition answers 20021 with
 * `data: [{ accountId, accountName, status }]` (the accounts that cannot take it). Stopping, expiring
 * (a valid period in the past) and deleting end the account's sessions at once: its next call gets 20119.
 *
 * Login (auth/v1/generalAccount/login) answers, besides the codes of DESIGN §2:
 *   20119 with 账号已过有效期… when the valid period has passed;
 *   20021 with `data: { reason: 'passwordExpired' }` when the password valid period has passed (the
 *     login page asks for a new password); 20021 with `data: { reason: 'phoneLoginDisabled' }` when the
 *     account was signed in by cellphone but phone login is off for it.
 */
import { z } from 'zod'
import type { FnOf, MenuPath } from '../catalogue'
import { ACCOUNT_LEVELS, ACCOUNT_STATUSES, type AccountLevel, type AccountStatus } from '../enums'
import { maxima } from '../fields'
import { ACCOUNT_FIELDS } from '../fields/account'
import { V, accountName, email, filterText, isIsoDate, name, optional, optionalText, password, phone } from '../rules'
import { id, idList, listQuery, reasonOnReject, reviewFields, version } from './common'

export { ACCOUNT_API } from '../endpoints'

export const ACCOUNT_MENU = { general: '/admin/organization', registered: '/admin/project-org-account' } as const satisfies Record<
  string,
  MenuPath
>

/** Function actions (the catalogue's) per menu. */
export const ACCOUNT_FNS = {
  general: {
    add: 'account',
    delete: 'account',
    enable: 'accountEnable',
    resetPwd: 'accountResetPwd',
    audit: 'accountAudit',
    validPeriod: 'account',
    invite: 'invite',
  },
  registered: { add: 'add', delete: 'delete', enable: 'enable', resetPwd: 'resetPwd', validPeriod: 'validPeriod', edit: 'edit' },
} as const satisfies {
  general: Record<string, FnOf<typeof ACCOUNT_MENU.general>>
  registered: Record<string, FnOf<typeof ACCOUNT_MENU.registered>>
}

// ---- the state machine (SPEC §4) ------------------------------------------------------

export type AccountAction = 'approve' | 'reject' | 'stop' | 'enable' | 'unlock'

/** From which statuses each action may be taken, and the status it leads to. */
export const ACCOUNT_TRANSITIONS: Record<AccountAction, { from: readonly AccountStatus[]; to: AccountStatus }> = {
  approve: { from: ['pending'], to: 'normal' },
  reject: { from: ['pending'], to: 'rejected' },
  stop: { from: ['normal'], to: 'stopped' },
  enable: { from: ['stopped'], to: 'normal' },
  unlock: { from: ['locked'], to: 'normal' },
}

export const canTransition = (status: string, action: AccountAction): boolean =>
  (ACCOUNT_TRANSITIONS[action].from as readonly string[]).includes(status)

/** Statuses that hold one of the unit's account places (organization.accountLimit): pending and rejected do not. */
export const SEAT_STATUSES: readonly AccountStatus[] = ['normal', 'stopped', 'locked']

// ---- rules ------------------------------------------------------------------------------

/** A calendar date (valid through the end of that day, China time) or null: no limit. */
export const validDate = () =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.string({ error: V.invalid }).trim().refine(isIsoDate, { error: V.date }).nullable(),
  )

/** The password may not equal the account name (case-insensitive), and the two entries must match. */
function passwordChecks<T extends { accountName: string; password: string; confirmPassword: string }>(schema: z.ZodType<T>) {
  return schema
    .refine((v) => v.password.toLowerCase() !== v.accountName.toLowerCase(), { path: ['password'], error: V.passwordSameAsAccount })
    .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: V.passwordMismatch })
}
const passwordFields = { password: password(), confirmPassword: z.string({ error: V.required }).min(1, { error: V.required }) }

const roleIds = () =>
  z
    .array(z.uuid({ error: V.invalid }))
    .max(50)
    .optional()

/** Bounds as declared (../fields/account.ts). */
const ACCOUNT = maxima(ACCOUNT_FIELDS)

/** What an administrator edits of an account (the account name never changes after creation). */
export const accountEditFields = z.object({
  userName: name(ACCOUNT.userName),
  cellphone: optional(phone()),
  email: optional(email()),
  level: z.enum(ACCOUNT_LEVELS, { error: V.invalid }).default('general'),
  organizationId: z.uuid({ error: V.required }),
})

export const accountAddFields = accountEditFields.extend({
  accountId: id().optional(),
  accountName: accountName(),
  /** A staff record of the unit to link (person.accountId). */
  userId: optional(z.uuid({ error: V.invalid })),
  validUntil: validDate().optional(),
  passwordValidUntil: validDate().optional(),
  /** Roles to grant (visible to the caller and not beyond what the caller holds). */
  roleIds: roleIds(),
  ...passwordFields,
})
export const accountAdd = passwordChecks(accountAddFields)
export const accountUpdate = accountEditFields.extend({ accountId: id(), version: version() })

export const projectDeptFields = z.object({
  /**
   * The project department (projectDepartment/listOptions): the gateway fills the three names from
   * it, and the account then sees that department's project. Without it the names are free text
   * (older clients) and the account sees no project.
   */
  projectDepartmentId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.uuid({ error: V.invalid }).optional()),
  projectName: optionalText(100),
  projectOrganizationName: optionalText(100),
  projectDepartmentName: optionalText(100),
})

export const registerAccountAddFields = accountAddFields
  .omit({ level: true })
  .extend(projectDeptFields.shape)
  .extend({ phoneLoginEnabled: z.boolean({ error: V.invalid }).default(true) })
export const registerAccountAdd = passwordChecks(registerAccountAddFields)
export const registerAccountUpdate = accountEditFields.omit({ level: true }).extend({ accountId: id(), version: version() })

export const accountListQuery = listQuery.extend({
  keyword: filterText(50),
  status: z.enum(ACCOUNT_STATUSES, { error: V.invalid }).optional(),
  level: z.enum(ACCOUNT_LEVELS, { error: V.invalid }).optional(),
  organizationId: z.uuid({ error: V.invalid }).optional(),
  /** With organizationId: include the accounts of its child units (1, default) or not (0). */
  hasChild: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1)], { error: V.invalid }))
    .optional(),
  /** true: only accounts whose valid period has passed. */
  expired: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional(),
})

export const idsBody = z.object({ ids: idList() })
export const enableBody = z.object({ ids: idList(), enable: z.boolean({ error: V.required }) })
export const accountAuditBody = z.object({ ids: idList(), ...reviewFields }).refine(...reasonOnReject)

/**
 * A new password set by an administrator (the console can generate one and shows it once: the
 * gateway never answers a password, so none is kept in stored idempotent answers).
 */
export const resetPwdBody = z
  .object({
    accountId: z.uuid({ error: V.invalid }),
    password: password(),
    confirmPassword: z.string({ error: V.required }).min(1, { error: V.required }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: V.passwordMismatch })

export const validPeriodBody = z.object({ ids: idList(), validUntil: validDate() })
export const pwdValidPeriodBody = z.object({ ids: idList(), passwordValidUntil: validDate() })
export const projectDeptBody = projectDeptFields.extend({ accountId: z.uuid({ error: V.invalid }) })
export const phoneLoginBody = z.object({ ids: idList(), enable: z.boolean({ error: V.required }) })

export const accountChangeQuery = listQuery.extend({ accountId: z.uuid({ error: V.required }) })

/** The invite purpose `account`: targetId is the unit; the invitee registers an account pending review there. */
export const accountInviteForm = passwordChecks(
  z.object({
    accountName: accountName(),
    ...passwordFields,
    userName: name(ACCOUNT.userName),
    cellphone: phone(),
    email: optional(email()),
  }),
)
export type AccountInviteForm = z.infer<typeof accountInviteForm>

// ---- answers ----------------------------------------------------------------------------

export interface Account {
  accountId: string
  accountName: string
  userName: string | null
  /** Masked in lists (138****5678). */
  cellphone: string | null
  email: string | null
  level: AccountLevel
  status: AccountStatus
  lockedUntil: string | null
  validUntil: string | null
  passwordValidUntil: string | null
  /** The valid period has passed. */
  expired: boolean
  passwordExpired: boolean
  organizationId: string | null
  organizationName: string | null
  userId: string | null
  wechatBound: boolean
  qqBound: boolean
  phoneLoginEnabled: boolean
  projectDepartmentId: string | null
  projectName: string | null
  projectOrganizationName: string | null
  projectDepartmentName: string | null
  roleNames: string[]
  version: number
  createTime: string
  updateTime: string
}

/** Fields the change history records. */
export const ACCOUNT_CHANGE_FIELDS = [
  'created',
  'status',
  'level',
  'validUntil',
  'passwordValidUntil',
  'organization',
  'password',
  'projectDept',
  'phoneLogin',
  'roles',
  'deleted',
] as const
export type AccountChangeField = (typeof ACCOUNT_CHANGE_FIELDS)[number]

export interface AccountChange {
  changeId: string
  accountId: string
  accountName: string
  field: AccountChangeField
  fromValue: string | null
  toValue: string | null
  /** A reason (audit rejection) or how (e.g. `invite`, `generated`). */
  remark: string | null
  changedBy: string | null
  changedByName: string | null
  changedAt: string
}

export interface PasswordExpiredData {
  reason: 'passwordExpired'
  accountName: string
}
