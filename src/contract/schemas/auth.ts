import { z } from 'zod'
import { V, accountName, password, phone, name as nameRule, email } from '../rules'

export const pubKeyQuery = z.object({ appCode: z.string().min(1, { error: V.required }).max(64) })
export interface PubKey {
  publicKey: string
  keyId: string
}

/** `loginInfo` is base64 RSA PKCS#1 v1.5 of JSON.stringify({ accountName, password }). */
export const loginBody = z.object({
  loginInfo: z.string().min(1, { error: V.required }).max(4096),
  keyId: z.string().min(1, { error: V.required }).max(64),
  loginType: z.literal(1).or(z.literal('1').transform(() => 1 as const)),
  carrier: z.string().max(200).optional(),
})
export const loginInfoSchema = z.object({
  accountName: z.string().min(1).max(64),
  password: z.string().min(1).max(64),
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
  appCode: z.string().min(1, { error: V.required }).max(64),
  cipherText: z.string().min(1, { error: V.required }).max(4096),
  keyId: z.string().min(1, { error: V.required }).max(64),
})
export const cipherPayload = z.object({ appCode: z.string(), loginAccount: z.string() })
export interface AccessTokenResult {
  accessToken: string
  privateKey: string
  /** Seconds until the access token expires. */
  expiresIn: number
}

export const THIRD_PLATFORMS = ['wechat', 'qq'] as const
export type ThirdPlatform = (typeof THIRD_PLATFORMS)[number]
export const thirdPlatform = () => z.enum(THIRD_PLATFORMS, { error: V.invalid })

export interface ThirdPlatformConfig {
  wechat: boolean
  qq: boolean
  /**
   * With `?platform=wechat|qq` (a configured one): the provider's authorize URL, built by the
   * gateway with a single-use `state` it keeps for 10 minutes. The console navigates there; the
   * provider sends the user back to `/loginThirdPlatform?platform&code&state`.
   */
  authorizeUrl?: string
}
export const thirdPlatformConfigQuery = z.object({ platform: thirdPlatform().optional() })

/** POST loginThirdPlatform: the provider's `code` and the gateway's `state`. */
export const loginThirdPlatformBody = z.object({
  platform: thirdPlatform(),
  code: z.string().trim().min(1, { error: V.required }).max(512, { error: V.invalid }),
  state: z.string().trim().min(1, { error: V.required }).max(128, { error: V.invalid }),
})

// ---- registration and recovery --------------------------------------------

/** Extra auth paths (unsigned, like the rest of the login sequence). */
export const AUTH_PATHS = {
  /** GET → VerifyChannels: which channels deliver for real (else codes go to the server log). */
  verifyChannels: '/api/auth/v1/api/verifyChannels',
} as const

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
const blankToUndefined = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional())
export const verifyCodeText = () => z.string({ error: V.required }).trim().min(1, { error: V.required }).regex(/^\d{6}$/, { error: V.invalid })

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
  accountName: z.string().trim().min(1, { error: V.required }).max(64),
  channel: z.enum(VERIFY_CHANNELS, { error: V.invalid }).optional(),
})

/** Registration with a code sent to the phone (channel sms) or to the email (channel email). */
export const registerBody = z
  .object({
    accountName: accountName(),
    password: password(),
    confirmPassword: z.string().min(1, { error: V.required }),
    userName: nameRule(30),
    channel: verifyChannel(),
    cellphone: blankToUndefined(phone()),
    email: blankToUndefined(email()),
    verifyCode: verifyCodeText(),
  })
  .superRefine(requireTarget)
  .refine((v) => v.password.toLowerCase() !== v.accountName.toLowerCase(), { path: ['password'], error: V.passwordSameAsAccount })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: V.passwordMismatch })
export type RegisterBody = z.input<typeof registerBody>

export const updatePasswordBody = z
  .object({
    accountName: z.string().trim().min(1, { error: V.required }).max(64),
    verifyCode: verifyCodeText(),
    password: password(),
    confirmPassword: z.string().min(1, { error: V.required }),
  })
  .refine((v) => v.password !== v.accountName, { path: ['password'], error: V.passwordSameAsAccount })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: V.passwordMismatch })

/** `valid`: checks a verification code before the next step (forgot password). */
export const validBody = z.object({
  accountName: z.string().trim().min(1, { error: V.required }).max(64),
  verifyCode: verifyCodeText(),
})
