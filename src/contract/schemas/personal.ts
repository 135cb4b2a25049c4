/**
 * The personal centre (SPEC §7 "Personal centre: bind or unbind cellphone or email, verify codes,
 * update password, photo, handwritten signature") and the account's sessions. Every call is
 * signed and acts on the caller's own account; no menu function is needed.
 *
 * Binding a cellphone or an email: the password is asked again first (`verifyPassword`, then
 * `getBindCode` with the password), a code goes to the NEW target, `bindCellphone` / `bindEmail`
 * with the code. Unbinding asks for the password; one contact (phone or email) always stays, so
 * the password can be recovered.
 *
 * Photo and signature are files of the file service (`userCommonFile/upload`, purposes `avatar`
 * — JPG ≤ 2 MB — and `signature` — PNG ≤ 1 MB), then `updatePhoto` / `updateSignature` `{ fileId }`.
 *
 * Third-party bindings: `thirdPartyAuthorize?platform=&challenge=` answers the provider's authorize
 * URL (state purpose "bind"); the provider returns to `/personal-view?platform&code&state`, and the
 * page calls `bindThirdParty` with the verifier of that challenge (see `oauthChallenge` in ./auth:
 * a link started in another browser binds nothing).
 */
import { z } from 'zod'
import { maxima } from '../fields'
import { ACCOUNT_FIELDS } from '../fields/account'
import { V, email, name, password, phone } from '../rules'
import { version } from './common'
import { oauthVerifier, thirdPlatform, verifyCodeText, type ThirdPlatform } from './auth'

const P = '/api/portal/v1/personal'
export const PERSONAL_PATHS = {
  /** GET → PersonalInfo */
  info: `${P}/info`,
  /** PUT { userName, version } → PersonalInfo */
  updateInfo: `${P}/updateInfo`,
  /** POST { password } → null, or 20001 on `password` */
  verifyPassword: `${P}/verifyPassword`,
  /** POST { type, cellphone | email, password } → CodeSent (auth.ts) */
  getBindCode: `${P}/getBindCode`,
  bindCellphone: `${P}/bindCellphone`,
  unbindCellphone: `${P}/unbindCellphone`,
  bindEmail: `${P}/bindEmail`,
  unbindEmail: `${P}/unbindEmail`,
  /** POST { oldPassword, password, confirmPassword } → { signedOut } (other sessions ended) */
  updatePassword: `${P}/updatePassword`,
  /** POST { fileId | null } */
  updatePhoto: `${P}/updatePhoto`,
  updateSignature: `${P}/updateSignature`,
  /** GET → SessionInfo[] (active sessions, the current one first) */
  sessions: `${P}/sessions`,
  /** POST { sessionId } (not the current one: that is logout) */
  signOutSession: `${P}/signOutSession`,
  /** POST → { signedOut } */
  signOutOthers: `${P}/signOutOthers`,
  /** GET ?platform=&challenge= → { authorizeUrl } */
  thirdPartyAuthorize: `${P}/thirdPartyAuthorize`,
  /** POST { platform, code, state, verifier } → ThirdPartyBinding */
  bindThirdParty: `${P}/bindThirdParty`,
  /** POST { platform } */
  unbindThirdParty: `${P}/unbindThirdParty`,
} as const

const requiredPassword = () =>
  z
    .string({ error: V.required })
    .min(1, { error: V.required })
    .max(64, { error: `${V.tooLong}:64` })

export const updateInfoBody = z.object({ userName: name(maxima(ACCOUNT_FIELDS).userName), version: version() })
export const passwordBody = z.object({ password: requiredPassword() })

/** Password again, then the new target. */
export const bindCodeBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('cellphone'), cellphone: phone(), password: requiredPassword() }),
  z.object({ type: z.literal('email'), email: email(), password: requiredPassword() }),
])
export type BindCodeBody = z.infer<typeof bindCodeBody>
export const bindCellphoneBody = z.object({ cellphone: phone(), verifyCode: verifyCodeText() })
export const bindEmailBody = z.object({ email: email(), verifyCode: verifyCodeText() })

/**
 * Change password (SPEC §5): 6–20 characters, not the account name, not the old one, typed twice.
 * `changePasswordSchema(accountName)` adds the account-name check in the console; the gateway
 * checks it against the account itself.
 */
export const changePasswordSchema = (accountName?: string) =>
  z
    .object({ oldPassword: requiredPassword(), password: password(), confirmPassword: z.string().min(1, { error: V.required }) })
    .refine((v) => !accountName || v.password.toLowerCase() !== accountName.toLowerCase(), {
      path: ['password'],
      error: V.passwordSameAsAccount,
    })
    .refine((v) => v.password !== v.oldPassword, { path: ['password'], error: V.passwordSameAsOld })
    .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: V.passwordMismatch })
export const changePasswordBody = changePasswordSchema()
export type ChangePasswordBody = z.infer<typeof changePasswordBody>

export const fileRefBody = z.object({
  fileId: z.preprocess((v) => (v === '' ? null : v), z.uuid({ error: V.invalid }).nullable()),
})
export const sessionBody = z.object({ sessionId: z.uuid({ error: V.invalid }) })
export const platformQuery = z.object({ platform: thirdPlatform() })
export const bindThirdPartyBody = z.object({
  platform: thirdPlatform(),
  code: z.string().trim().min(1, { error: V.required }).max(512, { error: V.invalid }),
  state: z.string().trim().min(1, { error: V.required }).max(128, { error: V.invalid }),
  verifier: oauthVerifier(),
})

export interface StoredImage {
  fileId: string
  url: string
}

export interface ThirdPartyBinding {
  platform: ThirdPlatform
  nickname: string | null
  avatarUrl: string | null
  boundAt: string
}

export interface PersonalInfo {
  accountId: string
  accountName: string
  userName: string | null
  level: string
  status: string
  cellphone: string | null
  email: string | null
  organizationId: string | null
  organizationName: string | null
  roleNames: string[]
  /** The staff record behind the account, when there is one. */
  userId: string | null
  photo: StoredImage | null
  signature: StoredImage | null
  thirdParty: ThirdPartyBinding[]
  /** Which providers the gateway is configured for (bind buttons). */
  thirdPartyConfigured: Record<ThirdPlatform, boolean>
  version: number
}

export interface SessionInfo {
  sessionId: string
  /** Browser or app and version, as sent at login. */
  carrier: string | null
  ip: string | null
  createdAt: string
  lastSeenAt: string
  current: boolean
}

export interface SignedOut {
  signedOut: number
}
