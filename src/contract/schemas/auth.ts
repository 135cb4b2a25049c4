import { z } from 'zod'
import { VERIFY_CODE_LENGTH } from '../enums'
import { V, accountName, password, phone, name as nameRule, email, str } from '../rules'

/** The sign-in handshake's fields: the application's code, the RSA key's id, and a base64 RSA cipher text. */
const appCode = () => str().min(1, { error: V.required }).max(64)
const keyId = () => str().min(1, { error: V.required }).max(64)
const cipher = () => str().min(1, { error: V.required }).max(4096)
/** The account name typed to recover a password (checked by the gateway, not by the account-name rules). */
const typedAccountName = () => str().trim().min(1, { error: V.required }).max(64)

export const pubKeyQuery = z.object({ appCode: appCode() })
export interface PubKey {
  publicKey: string
  keyId: string
}

/** `loginInfo` is base64 RSA PKCS#1 v1.5 of JSON.stringify({ accountName, password }). */
export const loginBody = z.object({
  loginInfo: cipher(),
  keyId: keyId(),
  loginType: z.literal(1).or(z.literal('1').transform(() => 1 as const)),
  carrier: str().max(200).optional(),
})
export const loginInfoSchema = z.object({
  accountName: str().min(1).max(64),
  password: str().min(1).max(64),
})

export interface UserAccount {
  accountId: string
  accountName: string
  level: string
  status: string
  userId: string | null
  userName: string | null
  organizationId: string | null
  organizationName: string | null
}
export interface LoginResult {
  token: string
  userAccount: UserAccount
}

/** `cipherText` is RSA of JSON.stringify({ appCode, loginAccount }). */
export const accessTokenBody = z.object({
  appCode: appCode(),
  cipherText: cipher(),
  keyId: keyId(),
})
export const cipherPayload = z.object({ appCode: str(), loginAccount: str() })
export interface AccessTokenResult {
  accessToken: string
  privateKey: string
  /** Seconds until the access token expires. */
  expiresIn: number
}

export const THIRD_PLATFORMS = ['wechat', 'qq'] as const
export type ThirdPlatform = (typeof THIRD_PLATFORMS)[number]
export const thirdPlatform = () => z.enum(THIRD_PLATFORMS, { error: V.invalid })

/**
 * Each authorisation is tied to the browser that started it (PKCE-like, between console and
 * gateway): the console keeps a random `verifier` (≥ 32 bytes, base64url) in sessionStorage per
 * platform and purpose (login / bind), and sends `challenge` = base64url(SHA-256(verifier)) when it
 * asks for the authorize URL; the gateway keeps that hash with the state. The callback sends the
 * verifier with code + state; a missing verifier, or one that does not hash to the kept challenge,
 * is refused (20021) and the state is spent all the same. A link to the callback page opened in
 * another browser therefore signs nobody in and binds nothing (login CSRF).
 */
export const OAUTH_CHALLENGE_LENGTH = 43
export const oauthChallenge = () =>
  z
    .string({ error: V.required })
    .length(OAUTH_CHALLENGE_LENGTH, { error: V.invalid })
    .regex(/^[\w-]+$/, { error: V.invalid })
/** The start of an authorisation (thirdPlatformConfig?platform, personal thirdPartyAuthorize): `challenge`. */
export const oauthChallengeQuery = z.object({ challenge: oauthChallenge() })
/** The verifier on the callback: any text up to 256 characters; one that does not match is 20021, not 20001. */
export const oauthVerifier = () => str().max(256, { error: V.invalid }).optional()

export interface ThirdPlatformConfig {
  wechat: boolean
  qq: boolean
  /**
   * With `?platform=wechat|qq&challenge=` (a configured one): the provider's authorize URL, built by
   * the gateway with a single-use `state` it keeps for 10 minutes with the challenge. The console
   * navigates there; the provider sends the user back to `/loginThirdPlatform?platform&code&state`.
   */
  authorizeUrl?: string
}
export const thirdPlatformConfigQuery = z.object({ platform: thirdPlatform().optional(), challenge: oauthChallenge().optional() })

/** POST loginThirdPlatform: the provider's `code`, the gateway's `state` and the console's `verifier`. */
export const loginThirdPlatformBody = z.object({
  platform: thirdPlatform(),
  code: str().trim().min(1, { error: V.required }).max(512, { error: V.invalid }),
  state: str().trim().min(1, { error: V.required }).max(128, { error: V.invalid }),
  verifier: oauthVerifier(),
})

// ---- registration and recovery --------------------------------------------

export { AUTH_PATHS } from '../paths'

/** Where a verification code goes: a text message to a phone, or an email. */
export const VERIFY_CHANNELS = ['sms', 'email'] as const
export type VerifyChannel = (typeof VERIFY_CHANNELS)[number]
export interface VerifyChannels {
  /** An SMS provider is configured (TRESTLE_SMS_WEBHOOK_URL); without one the code is logged. */
  sms: boolean
  /** SMTP is configured (TRESTLE_SMTP_HOST); the registration form then offers "code by email". */
  email: boolean
}
/** The answer of getVerifyCode / getForgotVerifyCode: where the code went, masked. */
export interface CodeSent {
  channel: VerifyChannel
  target: string
  /** Seconds the code stays valid. */
  expiresIn: number
}

const verifyChannel = () => z.enum(VERIFY_CHANNELS, { error: V.invalid }).default('sms')
/** Empty → undefined, so an untouched optional input passes. */
const blankToUndefined = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional())
/** A verification code: 6 digits. */
export const verifyCodeText = () =>
  str()
    .trim()
    .min(1, { error: V.required })
    .regex(new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`), { error: V.invalid })

/** The target field a channel needs: the cellphone for sms, the email for email. */
const requireTarget = (v: { channel: VerifyChannel; cellphone?: string; email?: string }, ctx: z.RefinementCtx) => {
  if (v.channel === 'sms' && !v.cellphone) ctx.addIssue({ code: 'custom', path: ['cellphone'], message: V.required })
  if (v.channel === 'email' && !v.email) ctx.addIssue({ code: 'custom', path: ['email'], message: V.required })
}

export const checkLoginAccountQuery = z.object({ accountName: accountName() })
export const validMobileQuery = z.object({ cellphone: phone() })
/** `{ cellphone }` (channel sms, the default) or `{ channel: 'email', email }`. */
export const verifyCodeBody = z
  .object({ channel: verifyChannel(), cellphone: blankToUndefined(phone()), email: blankToUndefined(email()) })
  .superRefine(requireTarget)
/** The code goes to the account's phone (default when it has one) or its email. */
export const forgotVerifyCodeBody = z.object({
  accountName: typedAccountName(),
  channel: z.enum(VERIFY_CHANNELS, { error: V.invalid }).optional(),
})

/** The public unit search: the keyword's length bounds and the most units one answer lists. */
export const REGISTER_ORG_SEARCH = { minKeyword: 2, maxKeyword: 50, max: 20 } as const
export const registerOrgSearchQuery = z.object({
  /** Unit name or short name contains (case-insensitive). */
  keyword: str()
    .trim()
    .min(1, { error: V.required })
    .min(REGISTER_ORG_SEARCH.minKeyword, { error: `${V.tooShort}:${REGISTER_ORG_SEARCH.minKeyword}` })
    .max(REGISTER_ORG_SEARCH.maxKeyword, { error: `${V.tooLong}:${REGISTER_ORG_SEARCH.maxKeyword}` }),
})
/** One unit a registrant may choose: nothing beyond its id, name and type. */
export interface RegisterOrgOption {
  organizationId: string
  organizationName: string
  organizationTypeName: string | null
}

/** Registration with a code sent to the phone (channel sms) or to the email (channel email). */
export const registerBody = z
  .object({
    accountName: accountName(),
    password: password(),
    confirmPassword: str().min(1, { error: V.required }),
    userName: nameRule(30),
    channel: verifyChannel(),
    cellphone: blankToUndefined(phone()),
    email: blankToUndefined(email()),
    verifyCode: verifyCodeText(),
    /** The unit the registrant belongs to (chosen through AUTH_PATHS.orgSearch); none: no unit, as before. */
    organizationId: blankToUndefined(str().trim().max(64, { error: V.invalid })),
  })
  .superRefine(requireTarget)
  .refine((v) => v.password.toLowerCase() !== v.accountName.toLowerCase(), { path: ['password'], error: V.passwordSameAsAccount })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: V.passwordMismatch })
export type RegisterBody = z.input<typeof registerBody>

export const updatePasswordBody = z
  .object({
    accountName: typedAccountName(),
    verifyCode: verifyCodeText(),
    password: password(),
    confirmPassword: str().min(1, { error: V.required }),
  })
  .refine((v) => v.password !== v.accountName, { path: ['password'], error: V.passwordSameAsAccount })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: V.passwordMismatch })

/** `valid`: checks a verification code before the next step (forgot password). */
export const validBody = z.object({
  accountName: typedAccountName(),
  verifyCode: verifyCodeText(),
})
