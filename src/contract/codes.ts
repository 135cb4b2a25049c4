/**
 * The response-code catalogue of DESIGN §2, shared by the console and the gateway.
 * Every response is the envelope `{ code, message, data, prompt? }`.
 */
export const Code = {
  OK: 10000,
  OK_ALT: 20120,
  INVALID: 20001,
  NOT_FOUND: 20002,
  FORBIDDEN: 20003,
  ACCESS_TOKEN_EXPIRED: 20004,
  SIGNATURE_REJECTED: 20005,
  DUPLICATE: 20006,
  CIPHER_INVALID: 20007,
  VERSION_CONFLICT: 20008,
  IDEMPOTENCY_MISMATCH: 20009,
  BAD_CREDENTIALS: 20010,
  ACCOUNT_LOCKED: 20011,
  REFUSED: 20021,
  NOTICE: 20099,
  IDLE: 20112,
  SESSION_INVALID: 20114,
  ACCOUNT_DISABLED: 20119,
  SERVER_FAULT: 50000,
} as const

export type CodeValue = (typeof Code)[keyof typeof Code]

export const SUCCESS_CODES: ReadonlySet<number> = new Set([Code.OK, Code.OK_ALT])
export const isSuccess = (code: unknown): boolean => typeof code === 'number' && SUCCESS_CODES.has(code)

/** Default message of each code, in both languages. The gateway answers in the request's language. */
export const codeMessages: Record<CodeValue, { zh: string; en: string }> = {
  10000: { zh: '操作成功', en: 'Success' },
  20120: { zh: '操作成功', en: 'Success' },
  20001: { zh: '参数不合法', en: 'Invalid parameters' },
  20002: { zh: '记录不存在或无权查看', en: 'Not found, or not visible to you' },
  20003: { zh: '没有该功能的权限', en: 'You are not authorised for this function' },
  20004: { zh: '访问令牌已过期', en: 'Access token expired' },
  20005: { zh: '请求签名校验失败，请检查设备时间是否准确', en: 'Request signature rejected — check that the device clock is correct' },
  20006: { zh: '数据重复', en: 'Duplicate' },
  20007: { zh: '密文无效，请重新获取公钥', en: 'Cipher invalid, fetch the public key again' },
  20008: { zh: '数据已被他人修改', en: 'The record was changed by someone else' },
  20009: { zh: '重复提交的请求与原请求不一致或仍在处理中', en: 'Idempotency key reused with another payload, or still in progress' },
  20010: { zh: '账号或密码错误', en: 'Wrong account or password' },
  20011: {
    zh: '账号已被锁定，请稍后再试或联系管理员',
    en: 'Account locked after repeated failures; try later or contact your administrator',
  },
  20021: { zh: '操作被拒绝', en: 'Request refused' },
  20099: { zh: '提示', en: 'Notice' },
  20112: { zh: '长时间未操作，请重新输入密码', en: 'You have been inactive for a long time; enter your password again' },
  20114: { zh: '登录状态已失效，请重新登录', en: 'Your session is no longer valid; please sign in again' },
  20119: { zh: '账号已停用、过期或被删除', en: 'The account is stopped, expired or removed' },
  50000: { zh: '服务器内部错误', en: 'Internal server error' },
}

export type Lang = 'zh' | 'en'

/** Picks the language from an Accept-Language header: zh unless English is preferred. */
export function langFrom(acceptLanguage: string | undefined | null): Lang {
  if (!acceptLanguage) return 'zh'
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? ''
  return first.startsWith('en') ? 'en' : 'zh'
}
