/** Extra auth paths (unsigned, like the rest of the login sequence). */
export const AUTH_PATHS = {
  /** GET → VerifyChannels: which channels deliver for real (else codes go to the server log). */
  verifyChannels: '/api/auth/v1/api/verifyChannels',
  /**
   * GET ?keyword → RegisterOrgOption[]: the public unit search of the registration form (SPEC §7
   * orgSearch among the auth calls). Not signed, rate-limited per IP; only active units, at most
   * REGISTER_ORG_SEARCH.max of them, and only their id, name and type (the signed, scoped
   * /api/admin/v1/orgSearch/listPage answers more to signed-in callers).
   */
  orgSearch: '/api/auth/v1/orgSearch/list',
} as const

export const INVITE_PATHS = {
  create: '/api/admin/v1/invite/create',
  open: '/api/portal/v1/invite/open',
  submit: '/api/portal/v1/invite/submit',
} as const

/** The admin service's prefix. */
export const ADMIN = '/api/admin/v1'

/** Every gateway path the console calls (DESIGN §2: `/api/<service>/<resource>/<action>`). */
export const API = {
  auth: {
    getPubKey: '/api/auth/v1/generalAccount/getPubKey',
    /** SPEC §7 api/login: the console's sign-in (step 2 of the login sequence). */
    login: '/api/auth/v1/api/login',
    /** SPEC §7 generalAccount login: the same sign-in, kept for other clients. */
    generalAccountLogin: '/api/auth/v1/generalAccount/login',
    logout: '/api/auth/v1/generalAccount/logout',
    getAccessToken: '/api/auth/v1/api/getAccessToken',
    listAppByPermission: '/api/auth/v1/api/listAppByPermission',
    thirdPlatformConfig: '/api/auth/v1/api/thirdPlatformConfig',
    loginThirdPlatform: '/api/auth/v1/api/loginThirdPlatform',
    getVerifyCode: '/api/auth/v1/generalAccount/getVerifyCode',
    getForgotVerifyCode: '/api/auth/v1/generalAccount/getForgotVerifyCode',
    validMobile: '/api/auth/v1/generalAccount/validMobile',
    updatePassword: '/api/auth/v1/generalAccount/updatePassword',
    checkLoginAccount: '/api/auth/v1/generalAccount/checkLoginAccount',
    addByRegister: '/api/auth/v1/generalAccount/addByRegister',
    valid: '/api/auth/v1/generalAccount/valid',
  },
  portal: {
    userInfo: '/api/portal/v1/user/info',
    /** GET → OrgNode[]: the signed-in account's place in the organisation (SPEC §7 "GET nodes"; the session's `nodes`). */
    nodes: '/api/portal/v1/user/nodes',
    /** GET ?accountNames=a,b → AccountHolder[]: who holds these accounts and their unit (SPEC §7 helper call), within the caller's log scope. */
    usersByAccountNames: '/api/portal/v1/user/listByAccountNames',
    /** The outbox tells of a replayed edit that met a newer version (消息设置 "offline edit conflicted"). */
    offlineConflict: '/api/portal/v1/msg/offlineConflict',
  },
  admin: {
    menuByPermission: '/api/admin/v1/applicationMenu/listByMenuOperatePermission',
    operateLogAdd: '/api/admin/v1/operateLog/add',
  },
} as const

/** The five calls of a resource (SPEC §7 "Generic list page"): `/api/admin/v1/<resource>/<action>`. */
export const resourcePaths = (resource: string, base = ADMIN) => ({
  listPage: `${base}/${resource}/listPage`,
  list: `${base}/${resource}/list`,
  add: `${base}/${resource}/add`,
  update: `${base}/${resource}/update`,
  delete: `${base}/${resource}/delete`,
})

/** Calls that carry no signature: the login sequence, registration and recovery, logout. */
export const UNSIGNED_PATHS: ReadonlySet<string> = new Set([
  API.auth.getPubKey,
  API.auth.login,
  API.auth.generalAccountLogin,
  API.auth.logout,
  API.auth.getAccessToken,
  API.auth.listAppByPermission,
  API.auth.thirdPlatformConfig,
  API.auth.loginThirdPlatform,
  API.auth.getVerifyCode,
  API.auth.getForgotVerifyCode,
  API.auth.validMobile,
  API.auth.updatePassword,
  API.auth.checkLoginAccount,
  API.auth.addByRegister,
  API.auth.valid,
  AUTH_PATHS.verifyChannels,
  AUTH_PATHS.orgSearch,
  INVITE_PATHS.open,
  INVITE_PATHS.submit,
])

export const DEFAULT_APP_CODE = 'trestle-admin'
