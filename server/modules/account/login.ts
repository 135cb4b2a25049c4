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
import texts from './texts.json'

export const PASSWORD_EXPIRED = texts.login.passwordExpired
export const PHONE_LOGIN_DISABLED = texts.login.phoneLoginDisabled

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
