/**
 * Account checks of the login call (auth/routes.ts), after the password was verified and the
 * account found usable (accountRefusal: 20119):
 *   - signed in by cellphone while phone login is off for the account → 20021 { reason: 'phoneLoginDisabled' };
 *   - the password's valid period has passed → 20021 { reason: 'passwordExpired', accountName }: the
 *     login page asks for a new password (the password-change step of the login screen).
 * Both come after the password check, so they tell nothing to someone who does not know it.
 */
import { Code } from '../../../src/contract/codes'
import type { PasswordExpiredData } from '../../../src/contract/schemas/account'
import { ApiError } from '../../lib/http'
import type { AccountRow } from '../../types'
import { normalizeName } from './queries'
import { isPasswordExpired } from './state'

export const PASSWORD_EXPIRED = {
  zh: '密码已过有效期，请修改密码后再登录',
  en: 'Your password has expired; change it to sign in',
}
export const PHONE_LOGIN_DISABLED = {
  zh: '该账号未开启手机号登录，请使用账号名登录',
  en: 'Phone-number sign-in is off for this account; sign in with the account name',
}

export function accountLoginRefusal(acc: AccountRow, login: string, now = new Date()): ApiError | null {
  const byName = normalizeName(acc.accountName) === normalizeName(login)
  if (!byName && !acc.phoneLoginEnabled) return new ApiError(Code.REFUSED, { reason: 'phoneLoginDisabled' }, PHONE_LOGIN_DISABLED)
  if (isPasswordExpired(acc, now))
    return new ApiError(
      Code.REFUSED,
      { reason: 'passwordExpired', accountName: acc.accountName } satisfies PasswordExpiredData,
      PASSWORD_EXPIRED,
    )
  return null
}
