/**
 * The areas' gateway paths, in a module without zod: the shell, the home and the outbox's declarations
 * call them on every signed-in start without building the schemas that check those calls (each
 * contract/schemas module re-exports its own). The sign-in page's and the request client's paths are
 * in ./paths, which the entry loads; these are not.
 */
import { ADMIN, API, resourcePaths } from './paths'

/** Largest page size of a list page (the list query's bound, contract/schemas/common.ts). */
export const MAX_PAGE_SIZE = 2000

/** The file service (contract/schemas/files.ts). */
export const FILE_PATHS = {
  upload: '/api/portal/v1/userCommonFile/upload',
  listByIds: '/api/portal/v1/userCommonFile/listByIds',
  /** GET → FileLimits: each purpose's largest file here (the installer package's is configured). */
  limits: '/api/portal/v1/userCommonFile/limits',
  /** Prefix of the signed download URLs (not under /api: served without headers). */
  download: '/files',
} as const

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

/**
 * The delivery services of email and SMS (SPEC §7 supplier, supplierConfig; contract/schemas/supplier.ts):
 * one per kind for the installation, on 消息设置.
 */
export const SUPPLIER_API = {
  list: '/api/admin/v1/supplier/list',
  update: '/api/admin/v1/supplierConfig/update',
  test: '/api/admin/v1/supplierConfig/test',
} as const

/** The administrators' home dashboard (contract/schemas/dashboard.ts). */
export const DASHBOARD_PATHS = { summary: `${ADMIN}/dashboard/summary` } as const

/** The data dictionary (contract/schemas/dataDictionary.ts). */
export const DATA_DICT_API = {
  /** GET ?key=: a key's items, for any signed-in caller (the choices of a declared field). */
  items: `${ADMIN}/dictionary/items`,
  key: resourcePaths('dataDictKey'),
  item: { ...resourcePaths('dataDictItem'), move: `${ADMIN}/dataDictItem/move` },
} as const

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
  /** GET: the posts (SPEC §3), the data dictionary key `post`'s enabled items as { postId, userTypeName }. */
  post: { list: `${ADMIN}/post/list` },
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
