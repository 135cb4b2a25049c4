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

export interface ThirdPlatformConfig {
  wechat: boolean
  qq: boolean
}

// ---- registration and recovery --------------------------------------------

export const checkLoginAccountQuery = z.object({ accountName: accountName() })
export const validMobileQuery = z.object({ cellphone: phone() })
export const verifyCodeBody = z.object({ cellphone: phone() })
export const forgotVerifyCodeBody = z.object({ accountName: z.string().trim().min(1, { error: V.required }).max(64) })

export const registerBody = z
  .object({
    accountName: accountName(),
    password: password(),
    confirmPassword: z.string().min(1, { error: V.required }),
    userName: nameRule(30),
    cellphone: phone(),
    email: email().optional(),
    verifyCode: z.string().regex(/^\d{6}$/, { error: V.invalid }),
  })
  .refine((v) => v.password !== v.accountName, { path: ['password'], error: V.passwordSameAsAccount })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: V.passwordMismatch })

export const updatePasswordBody = z
  .object({
    accountName: z.string().trim().min(1, { error: V.required }).max(64),
    verifyCode: z.string().regex(/^\d{6}$/, { error: V.invalid }),
    password: password(),
    confirmPassword: z.string().min(1, { error: V.required }),
  })
  .refine((v) => v.password !== v.accountName, { path: ['password'], error: V.passwordSameAsAccount })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: V.passwordMismatch })

/** `valid`: checks a verification code before the next step (forgot password). */
export const validBody = z.object({
  accountName: z.string().trim().min(1, { error: V.required }).max(64),
  verifyCode: z.string().regex(/^\d{6}$/, { error: V.invalid }),
})
