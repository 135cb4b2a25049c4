/**
 * The words of the operation and system logs, zh and en, shared by the console's logs screen and
 * the gateway's exports (so a file says what the screen shows): what an operation did, the menu it
 * belongs to, its outcome, a system event and the gateway's own work.
 */
import { isMenuPath, menuOf, PAGES, type FnAction } from './catalogue'
import { codeMessages, isSuccess, type CodeValue, type Lang } from './codes'

export interface Words {
  zh: string
  en: string
}

/** The English name of every function action of the catalogue (its Chinese name is the catalogue's: one per action). */
const OPERATION_EN: Record<FnAction, string> = {
  add: 'Add',
  edit: 'Edit',
  delete: 'Delete',
  export: 'Export',
  addDept: 'Add department',
  moveStaff: 'Transfer staff',
  qualification: 'Qualifications',
  group: 'Groups',
  accountLimit: 'Account limit',
  import: 'Import',
  archive: 'Archive',
  invite: 'Invite to complete details',
  viewIdCard: 'View ID number',
  viewCellphone: 'View phone number',
  account: 'Accounts',
  accountEnable: 'Enable/disable account',
  accountResetPwd: 'Reset account password',
  accountAudit: 'Review account',
  audit: 'Review',
  authorize: 'Authorise',
  member: 'Members',
  enable: 'Enable/disable',
  resetPwd: 'Reset password',
  validPeriod: 'Validity period',
  publish: 'Publish',
  menu: 'Menus',
  reject: 'Reject',
  cancel: 'Revoke',
  unit: 'Participating units',
  line: 'Lines',
  init: 'Initialise',
  move: 'Move',
  copy: 'Copy',
  major: 'Disciplines',
  stop: 'Stop',
  delegate: 'Delegate',
  withdraw: 'Withdraw',
  read: 'Mark as read',
  send: 'Send',
  design: 'Design',
  permission: 'Cell permissions',
  fill: 'Fill in',
  submit: 'Submit',
}

/** Each action's Chinese name, as the catalogue names it (the same under every menu that has it). */
const OPERATION_ZH = new Map<string, string>(PAGES.flatMap((p) => Object.entries(p.fns as Record<string, string>)))

/** What a route did, by the function action it declares (or the operation it performs): every function of the catalogue. */
export const operationWords = (op: string): Words | undefined =>
  op in OPERATION_EN ? { zh: OPERATION_ZH.get(op) ?? op, en: OPERATION_EN[op as FnAction] } : undefined

/** A mutation that declares no function (a menu-only permission): its method in words. */
export const METHOD_WORDS: Record<string, Words> = {
  POST: { zh: '提交', en: 'Submit' },
  PUT: { zh: '修改', en: 'Update' },
  PATCH: { zh: '修改', en: 'Update' },
  DELETE: { zh: '删除', en: 'Delete' },
  GET: { zh: '查询', en: 'Query' },
  CLICK: { zh: '点击（客户端上报）', en: 'Click (reported by the client)' },
}

export const OUTCOME_WORDS = {
  ok: { zh: '成功', en: 'Succeeded' },
  fail: { zh: '失败', en: 'Failed' },
  yes: { zh: '是', en: 'Yes' },
  no: { zh: '否', en: 'No' },
} as const satisfies Record<string, Words>

/** The security events of the system log. */
export const EVENT_WORDS: Record<string, Words> = {
  login_rate_limited: { zh: '登录过于频繁', en: 'Too many sign-ins' },
  permission_refused: { zh: '越权访问被拒绝', en: 'Access refused' },
  signature_refused: { zh: '签名校验失败', en: 'Signature rejected' },
  reauth_limited: { zh: '密码重试过多', en: 'Too many password retries' },
  invite_submitted: { zh: '邀请已提交', en: 'Invitation submitted' },
  view_id_card: { zh: '查看身份证号', en: 'ID number viewed' },
  view_cellphone: { zh: '查看手机号', en: 'Phone number viewed' },
  app_key_rotated: { zh: '应用密钥已更换', en: 'Application key rotated' },
  work: { zh: '后台任务', en: 'Background work' },
}

/**
 * The gateway's own work in the system log (its action): the kind of a job of server/lib/jobs.ts,
 * or the start-up upkeep; a kind `import:<list>` / `projectInit:<preset>` by its prefix.
 */
export const WORK_WORDS: Record<string, Words> = {
  'logs.partitions': { zh: '日志分区维护', en: 'Log partition upkeep' },
  event: { zh: '事件分发', en: 'Event delivery' },
  'msg.push': { zh: '消息投递', en: 'Message delivery' },
  'workflow.timer': { zh: '流程定时器', en: 'Workflow timer' },
  'account.expiring': { zh: '账号到期提醒', en: 'Account expiry reminders' },
  import: { zh: '导入任务', en: 'Import job' },
  projectInit: { zh: '项目初始化任务', en: 'Project initialisation job' },
}

/** The place keys of server/lib/ipCity.ts (an offline lookup of an address), as the terminals and logs screens and exports write them. */
export const PLACE_WORDS: Record<string, Words> = {
  loopback: { zh: '本机', en: 'This machine' },
  private: { zh: '内网', en: 'Private network' },
  beijing: { zh: '北京', en: 'Beijing' },
  shanghai: { zh: '上海', en: 'Shanghai' },
  hangzhou: { zh: '杭州', en: 'Hangzhou' },
  nanjing: { zh: '南京', en: 'Nanjing' },
  shenzhen: { zh: '深圳', en: 'Shenzhen' },
}

const pick = (w: Words | undefined, lang: Lang) => w?.[lang]

/** A place key in words; an unknown one as stored. */
export function placeWord(city: string | null | undefined, lang: Lang): string | null {
  if (!city) return null
  return pick(PLACE_WORDS[city], lang) ?? city
}

/**
 * An operation's action in words: its operation key, else its stored text, else its method; a
 * client-reported click (method CLICK) says so first.
 */
export function actionWord(row: { op?: string | null; action?: string | null; method?: string | null }, lang: Lang): string {
  const word = pick(row.op ? operationWords(row.op) : undefined, lang) ?? row.action ?? null
  const method = pick(row.method ? METHOD_WORDS[row.method] : undefined, lang)
  if (row.method === 'CLICK') return word ? `${method} · ${word}` : (method ?? '')
  return word ?? method ?? ''
}

/** A row's menu in words: the catalogue's name of its menu path, else its stored name. */
export function menuWord(row: { menuPath?: string | null; menuName?: string | null }, lang: Lang): string {
  if (row.menuPath && isMenuPath(row.menuPath)) {
    const m = menuOf(row.menuPath)
    return lang === 'zh' ? m.name : m.nameEn
  }
  return row.menuName ?? ''
}

/** 成功, or 失败：the code's text from the codes catalogue. */
export function outcomeWord(code: number | null | undefined, lang: Lang): string {
  if (isSuccess(code)) return OUTCOME_WORDS.ok[lang]
  const text = code !== null && code !== undefined ? codeMessages[code as CodeValue]?.[lang] : undefined
  const sep = lang === 'zh' ? '：' : ': '
  return text ? `${OUTCOME_WORDS.fail[lang]}${sep}${text}` : OUTCOME_WORDS.fail[lang]
}

/** A system event's words (a security event, or the gateway's work by its kind); unknown ones as stored. */
export function eventWord(event: string, lang: Lang): string {
  return pick(EVENT_WORDS[event], lang) ?? event
}

/** A work row's action (a job kind) in words; unknown ones as stored. */
export function workWord(kind: string | null | undefined, lang: Lang): string {
  if (!kind) return ''
  return pick(WORK_WORDS[kind] ?? WORK_WORDS[kind.split(':')[0]!], lang) ?? kind
}

/** A system log row's action: the kind of the gateway's work, or the function of the call an event concerns. */
export function systemActionWord(row: { event?: string | null; action?: string | null }, lang: Lang): string {
  if (!row.action) return ''
  return row.event === 'work' ? workWord(row.action, lang) : actionWord({ op: row.action }, lang)
}
