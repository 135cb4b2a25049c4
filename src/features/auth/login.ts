/**
 * The login flow of the auth screens on top of the request client's login sequence
 * (`authClient.login`: getPubKey → login → cipher → getAccessToken; 20007 handled there).
 */
import type { LoginResult } from '@/contract/schemas/auth'
import { authClient, logout as clientLogout } from '@/lib/http'
import { clearSession, getSession, setRememberedLogin } from '@/lib/session'
import type { AuthNav } from './nav'

/** Where a successful login lands. */
export const AFTER_LOGIN_PATH = '/admin/index' as const

export interface SignInInput {
  accountName: string
  password: string
  /** Remember the account name (never the password) for the next visit. */
  remember: boolean
}

/** Runs the full login sequence; rejects with the ApiError of the failing step (nothing is shown). */
export async function signIn({ accountName, password, remember }: SignInInput): Promise<LoginResult> {
  // A new login starts from a clean session (another account's menus and keys must not linger).
  if (getSession().token) await clearSession()
  const result = await authClient.login({ accountName: accountName.trim(), password })
  setRememberedLogin(remember ? accountName.trim() : null)
  return result
}

/** Continues after a third-party login answered `{ token, userAccount }`. */
export async function continueLogin(result: LoginResult): Promise<void> {
  if (getSession().token) await clearSession()
  await authClient.completeLogin(result)
}

/**
 * Into the console without reloading the page (issue 9; SPEC's "the page then reloads" is what the
 * user sees: the console opens afresh). What depends on the account follows the session store —
 * persisted queries, the service worker's cache, the outbox, the live messages — and a sign-in
 * starts from a cleared session (signIn, continueLogin), so nothing of another account lingers.
 */
export function enterConsole({ go, returnTo }: Pick<AuthNav, 'go' | 'returnTo'>): Promise<void> {
  // returnTo: the page opened signed out, or open when the session ended (/login?redirect=…, checked by the route)
  return go(returnTo ?? AFTER_LOGIN_PATH, { replace: true })
}

/** POST logout (failure ignored), clear the session (keeping the remembered login), go to /login. */
export const logout = (): Promise<void> => clientLogout()
