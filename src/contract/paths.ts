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

/** The file service (contract/schemas/files.ts). */
export const FILE_PATHS = {
  upload: '/api/portal/v1/userCommonFile/upload',
  listByIds: '/api/portal/v1/userCommonFile/listByIds',
  /** Prefix of the signed download URLs (not under /api: served without headers). */
  download: '/files',
} as const

/** The admin service's prefix. */
const ADMIN = '/api/admin/v1'

/** Every gateway path the console calls (DESIGN §2: `/api/<service>/<resource>/<action>`). */
export const API = {
  auth: {
    getPubKey: '/api/auth/v1/generalAccount/getPubKey',
    login: '/api/auth/v1/generalAccount/login',
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

/** The message centre, its settings and the live stream (contract/schemas/message.ts). */
export const MSG_API = {
  config: '/api/admin/v1/msgConfig',
  customConfig: '/api/admin/v1/msgCustomConfig',
  accountTree: '/api/admin/v1/msgConfig/accountTree',
  roles: '/api/admin/v1/msgConfig/roles',
  inbox: '/api/admin/v1/msgPushUser/listPage',
  unreadCount: '/api/admin/v1/msgPushUser/unreadCount',
  read: '/api/admin/v1/msgPushUser/read',
  readAll: '/api/admin/v1/msgPushUser/readAll',
  send: '/api/admin/v1/msgPushUser/send',
  pushed: '/api/admin/v1/msgPushed/listPage',
  waiting: '/api/admin/v1/msgWaitPush/listPage',
  retry: '/api/admin/v1/msgWaitPush/retry',
  stream: '/api/portal/v1/msg/stream',
  conflict: API.portal.offlineConflict,
} as const

/** The administrators' home dashboard (contract/schemas/dashboard.ts). */
export const DASHBOARD_PATHS = { summary: '/api/admin/v1/dashboard/summary' } as const

const staffSublist = (r: string) => ({
  list: `${ADMIN}/${r}/list`,
  addFullByUserId: `${ADMIN}/${r}/addFullByUserId`,
  delete: `${ADMIN}/${r}/delete`,
})
/** The people area: departments, staff and their sub-lists, the registration review (contract/schemas/people.ts). */
export const PEOPLE_API = {
  department: {
    listTreeByOrgId: `${ADMIN}/department/listTreeByOrgId`,
    listByOrgId: `${ADMIN}/department/listByOrgId`,
    addByOrgId: `${ADMIN}/department/addByOrgId`,
    update: `${ADMIN}/department/update`,
    delete: `${ADMIN}/department/delete`,
  },
  user: {
    listPage: `${ADMIN}/user/listPage`,
    list: `${ADMIN}/user/list`,
    add: `${ADMIN}/user/add`,
    update: `${ADMIN}/user/update`,
    delete: `${ADMIN}/user/delete`,
    getIdCard: `${ADMIN}/user/getIdCard`,
    getCellphone: `${ADMIN}/user/getCellphone`,
    move: `${ADMIN}/user/move`,
    archive: `${ADMIN}/user/archive`,
  },
  userEducation: staffSublist('userEducation'),
  userCertificate: staffSublist('userCertificate'),
  userJob: staffSublist('userJob'),
  userProject: staffSublist('userProject'),
  userAudit: { listPage: `${ADMIN}/userAudit/listPage`, audit: `${ADMIN}/userAudit/audit`, submission: `${ADMIN}/userAudit/submission` },
  userCheck: { checkIdcard: `${ADMIN}/userCheck/checkIdcard` },
} as const

const GENERAL = `${ADMIN}/generalAccount`
const REGISTERED = `${ADMIN}/registerAccount`
/** Accounts, general and registered (contract/schemas/account.ts). */
export const ACCOUNT_API = {
  general: {
    listPage: `${GENERAL}/listPage`,
    list: `${GENERAL}/list`,
    add: `${GENERAL}/add`,
    update: `${GENERAL}/update`,
    delete: `${GENERAL}/delete`,
    enable: `${GENERAL}/enable`,
    unlock: `${GENERAL}/unlock`,
    audit: `${GENERAL}/audit`,
    resetPwd: `${GENERAL}/resetPwd`,
    updateValidPeriod: `${GENERAL}/updateValidPeriod`,
    updatePwdValidPeriod: `${GENERAL}/updatePwdValidPeriod`,
    listDetailPage: `${GENERAL}/listDetailPage`,
    getLoggedInAccount: `${GENERAL}/getLoggedInAccount`,
  },
  registered: {
    listPage: `${REGISTERED}/listPage`,
    list: `${REGISTERED}/list`,
    add: `${REGISTERED}/add`,
    update: `${REGISTERED}/update`,
    delete: `${REGISTERED}/delete`,
    enable: `${REGISTERED}/enable`,
    unlock: `${REGISTERED}/unlock`,
    resetPwd: `${REGISTERED}/resetPwd`,
    updateValidPeriod: `${REGISTERED}/updateValidPeriod`,
    updateProjectDept: `${REGISTERED}/updateProjectDept`,
    enablePhoneLogin: `${REGISTERED}/enablePhoneLogin`,
    listDetailPage: `${REGISTERED}/listDetailPage`,
  },
} as const

/** Units (contract/schemas/org.ts). */
export const ORG_API = {
  listTree: `${ADMIN}/org/listTree`,
  listByKeyword: `${ADMIN}/org/listByKeyword`,
  listOrgNodeByOrgIds: `${ADMIN}/org/listOrgNodeByOrgIds`,
  listOrgAndDeptTreeByOrgIds: `${ADMIN}/org/listOrgAndDeptTreeByOrgIds`,
  getOrgAndDeptTreeByOrgIds: `${ADMIN}/org/getOrgAndDeptTreeByOrgIds`,
  getByUserId: `${ADMIN}/org/getByUserId`,
  addRules: `${ADMIN}/org/addRules`,
  typeListTree: `${ADMIN}/orgType/listTree`,
  typeList: `${ADMIN}/orgType/list`,
  accountListPage: `${ADMIN}/orgAccount/listPage`,
  setAccountLimit: `${ADMIN}/orgAccount/setAccountLimit`,
  listAccounts: `${ADMIN}/orgAccount/listAccounts`,
  searchListPage: `${ADMIN}/orgSearch/listPage`,
} as const

/** The four sub-lists replaced as a whole (`<name>/addFullByOrgId`). */
export const ORG_SUBLISTS = ['orgListing', 'orgCowork', 'orgContact', 'orgQualification'] as const
export type OrgSublist = (typeof ORG_SUBLISTS)[number]
export const sublistPaths = (resource: OrgSublist) => ({
  list: `${ADMIN}/${resource}/list`,
  delete: `${ADMIN}/${resource}/delete`,
  addFullByOrgId: `${ADMIN}/${resource}/addFullByOrgId`,
})
