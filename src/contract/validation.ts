/**
 * SPEC §5's validation keys and their texts, and the payload clean-up every request applies: the
 * part of the rules (rules.ts) without zod, so that what every page loads (the request client, the
 * sign-in form's messages) does not bring zod along. rules.ts re-exports all of it.
 */

export const V = {
  required: 'v.required',
  invalid: 'v.invalid',
  tooLong: 'v.tooLong',
  tooShort: 'v.tooShort',
  nameStart: 'v.nameStart',
  accountName: 'v.accountName',
  password: 'v.password',
  passwordSameAsAccount: 'v.passwordSameAsAccount',
  passwordMismatch: 'v.passwordMismatch',
  passwordSameAsOld: 'v.passwordSameAsOld',
  wrongPassword: 'v.wrongPassword',
  codeWrong: 'v.codeWrong',
  sameAsBound: 'v.sameAsBound',
  phone: 'v.phone',
  email: 'v.email',
  idCard: 'v.idCard',
  url: 'v.url',
  fax: 'v.fax',
  sort: 'v.sort',
  repeat: 'v.repeat',
  action: 'v.action',
  code: 'v.code',
  creditCode: 'v.creditCode',
  bankAccount: 'v.bankAccount',
  bankName: 'v.bankName',
  tel: 'v.tel',
  taxCode: 'v.taxCode',
  date: 'v.date',
  dateOrder: 'v.dateOrder',
  birthDate: 'v.birthDate',
  control: 'v.control',
  tooLarge: 'v.tooLarge',
  negative: 'v.negative',
  mileage: 'v.mileage',
  mileageOrder: 'v.mileageOrder',
  mileageOutside: 'v.mileageOutside',
  mileageOverlap: 'v.mileageOverlap',
  mileageCenter: 'v.mileageCenter',
  placeholder: 'v.placeholder',
  notInDictionary: 'v.notInDictionary',
} as const

export type ValidationKey = (typeof V)[keyof typeof V]

export const validationMessages: Record<ValidationKey, { zh: string; en: string }> = {
  'v.required': { zh: '请输入{field}', en: 'Please enter {field}' },
  'v.invalid': { zh: '{field}格式不正确', en: '{field} is not valid' },
  'v.tooLong': { zh: '{field}最多{n}个字符', en: '{field} may have at most {n} characters' },
  'v.tooShort': { zh: '{field}至少{n}个字符', en: '{field} needs at least {n} characters' },
  'v.nameStart': { zh: '名称内容不能以特殊字符开头', en: 'Name content may not start with a special character' },
  'v.accountName': { zh: '账号为3-20位字母或数字', en: 'Account name: 3–20 letters or digits' },
  'v.password': { zh: '密码为6-20位字母、数字或特殊字符', en: 'Password: 6–20 letters, digits or special characters' },
  'v.passwordSameAsAccount': { zh: '密码不能与账号相同', en: 'The password may not equal the account name' },
  'v.passwordMismatch': { zh: '两次输入的密码不一致', en: 'The two passwords differ' },
  'v.passwordSameAsOld': { zh: '新密码不能与原密码相同', en: 'The new password must differ from the old one' },
  'v.wrongPassword': { zh: '密码不正确', en: 'The password is not correct' },
  'v.codeWrong': { zh: '验证码错误或已失效', en: 'The code is wrong or no longer valid' },
  'v.sameAsBound': { zh: '与当前绑定的相同', en: 'This is the one already bound' },
  'v.phone': { zh: '请输入正确的手机号码', en: 'Enter a correct phone number' },
  'v.email': { zh: '请输入正确的邮箱', en: 'Enter a correct email address' },
  'v.idCard': { zh: '身份证号码格式错误', en: 'The ID card number is not valid' },
  'v.url': { zh: '请输入正确的网址', en: 'Enter a correct website address' },
  'v.fax': { zh: '请输入正确的传真号码', en: 'Enter a correct fax number' },
  'v.sort': { zh: '排序码须为正整数', en: 'Sort code must be a positive integer' },
  'v.repeat': { zh: '存在重复项：{value}', en: 'Repeated item: {value}' },
  'v.action': {
    zh: '请输入以字母开头的操作标识（字母、数字、-、_、/）',
    en: 'Enter an action of letters, digits, -, _ or /, starting with a letter',
  },
  'v.code': { zh: '编码为字母、数字、-或_', en: 'Code: letters, digits, - or _' },
  'v.creditCode': {
    zh: '统一社会信用代码不正确（18位，校验位须符合 GB 32100-2015）',
    en: 'The unified social credit code is not valid (18 characters with a GB 32100-2015 check character)',
  },
  'v.bankAccount': { zh: '请输入正确的银行账号（8-30位数字）', en: 'Enter a correct bank account number (8–30 digits)' },
  'v.bankName': { zh: '请输入正确的开户银行名称', en: 'Enter a correct bank name' },
  'v.tel': { zh: '请输入正确的电话号码（手机或座机）', en: 'Enter a correct phone number (mobile or landline)' },
  'v.taxCode': { zh: '请输入正确的纳税人识别号（15、17、18或20位）', en: 'Enter a correct taxpayer number (15, 17, 18 or 20 characters)' },
  'v.date': { zh: '请输入正确的日期', en: 'Enter a correct date' },
  'v.dateOrder': { zh: '结束日期不能早于开始日期', en: 'The end date may not be before the start date' },
  'v.birthDate': {
    zh: '出生日期与身份证号码不一致（身份证号码中为{value}）',
    en: 'The birth date differs from the one in the ID number ({value})',
  },
  'v.control': { zh: '{field}不能包含控制字符', en: '{field} may not contain control characters' },
  'v.tooLarge': { zh: '{field}不能大于{n}', en: '{field} may not be greater than {n}' },
  'v.negative': { zh: '{field}不能为负数', en: '{field} may not be negative' },
  'v.mileage': { zh: '{field}格式应如 DK123+456.780', en: '{field} should look like DK123+456.780' },
  'v.mileageOrder': { zh: '终点里程须大于起点里程', en: 'The end mileage must be greater than the start mileage' },
  'v.mileageOverlap': {
    zh: '里程与同一线路上的设计单元「{value}」重叠',
    en: 'The mileage overlaps design unit “{value}” on the same line',
  },
  'v.mileageOutside': {
    zh: '里程须在所属设计单元的里程范围（{value}）之内',
    en: 'The mileage must lie within the design unit’s range ({value})',
  },
  'v.mileageCenter': { zh: '中心里程须在起点与终点里程之间', en: 'The centre mileage must lie between the start and end mileages' },
  // v.notInDictionary:{code}: a value that is not an enabled item of its data dictionary key
  'v.notInDictionary': {
    zh: '{field}“{value}”不是数据字典中可选的项（不存在或已停用）',
    en: '{field} “{value}” is not an option of the data dictionary (unknown or disabled)',
  },
  // v.placeholder:{x}|{a} {b}: the unknown placeholder, then the allowed ones
  'v.placeholder': {
    zh: '{field}含有不可用的占位符 {value}，可用的占位符：{allowed}',
    en: '{field} has a placeholder that is not available: {value}; available: {allowed}',
  },
}

/**
 * Splits `v.tooLong:50` into its key and parameter; `v.placeholder:{x}|{a} {b}` has a second one
 * (`allowed`, after the first `|`).
 */
export function parseValidationMessage(message: string): { key: string; param?: string; allowed?: string } {
  const i = message.indexOf(':')
  if (i < 0) return { key: message }
  const key = message.slice(0, i)
  const param = message.slice(i + 1)
  const j = key === V.placeholder ? param.indexOf('|') : -1
  return j < 0 ? { key, param } : { key, param: param.slice(0, j), allowed: param.slice(j + 1) }
}

/** Renders a validation message in a language; `field` is the field's label (may be empty). */
export function validationText(message: string, lang: 'zh' | 'en', field = ''): string {
  const { key, param, allowed } = parseValidationMessage(message)
  const entry = validationMessages[key as ValidationKey]
  if (!entry) return message
  return entry[lang]
    .replace('{field}', field)
    .replace('{allowed}', allowed ?? '')
    .replace('{n}', param ?? '')
    .replace('{value}', param ?? '')
    .trim()
}

/** Empty values (undefined, null, '') are stripped from payloads, recursively through plain objects. */
export function stripEmpty<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => stripEmpty(v)) as T
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v === undefined || v === null || v === '') continue
      out[k] = stripEmpty(v)
    }
    return out as T
  }
  return value
}
