/** The auth area's gateway calls (bodies per DESIGN §2 / contract schemas/auth.ts). */
import { Code } from '@/contract/codes'
import { API, AUTH_PATHS } from '@/contract/paths'
import type {
  CodeSent,
  LoginResult,
  RegisterBody,
  RegisterOrgOption,
  ThirdPlatform,
  ThirdPlatformConfig,
  VerifyChannel,
  VerifyChannels,
} from '@/contract/schemas/auth'
import { http, type RequestOptions } from '@/lib/http'
import { newOAuthChallenge, takeOAuthVerifier } from './oauthVerifier'

export type RegisterInput = RegisterBody

/** Codes the auth screens show in place (inline), never in a box; the request client boxes the rest. */
export const INLINE_CODES: number[] = [
  Code.INVALID,
  Code.NOT_FOUND,
  Code.DUPLICATE,
  Code.BAD_CREDENTIALS,
  Code.ACCOUNT_LOCKED,
  Code.REFUSED,
  Code.NOTICE,
]
const INLINE: RequestOptions = { handled: INLINE_CODES }

export const authApi = {
  thirdPlatformConfig: (signal?: AbortSignal) =>
    http.get<ThirdPlatformConfig>(API.auth.thirdPlatformConfig, undefined, { signal, silent: true }),
  /** A fresh authorize URL (with a state the gateway keeps, tied to a verifier this browser keeps: ./oauthVerifier) for a quick login. */
  authorizeUrl: async (platform: ThirdPlatform) =>
    (
      await http.get<ThirdPlatformConfig>(
        API.auth.thirdPlatformConfig,
        { platform, challenge: newOAuthChallenge(platform, 'login') },
        INLINE,
      )
    ).authorizeUrl ?? null,
  verifyChannels: (signal?: AbortSignal) => http.get<VerifyChannels>(AUTH_PATHS.verifyChannels, undefined, { signal, silent: true }),
  /** Resolves when the account name is free; rejects with 20006 when taken. */
  checkLoginAccount: (accountName: string, signal?: AbortSignal) =>
    http.get<unknown>(API.auth.checkLoginAccount, { accountName }, { signal, silent: true }),
  /** Resolves when the phone number is usable; rejects with 20006 when it is taken. */
  validMobile: (cellphone: string, signal?: AbortSignal) =>
    http.get<unknown>(API.auth.validMobile, { cellphone }, { signal, silent: true }),
  /** The public unit search of the registration form (keyword ≥ 2 characters; at most 20 active units). */
  orgSearch: (keyword: string, signal?: AbortSignal) =>
    http.get<RegisterOrgOption[]>(AUTH_PATHS.orgSearch, { keyword }, { signal, silent: true }),
  getVerifyCode: (target: { channel: 'sms'; cellphone: string } | { channel: 'email'; email: string }) =>
    http.post<CodeSent>(API.auth.getVerifyCode, target, INLINE),
  getForgotVerifyCode: (accountName: string, channel?: VerifyChannel) =>
    http.post<CodeSent>(API.auth.getForgotVerifyCode, { accountName, channel }, INLINE),
  valid: (accountName: string, verifyCode: string) => http.post<unknown>(API.auth.valid, { accountName, verifyCode }, INLINE),
  updatePassword: (body: { accountName: string; verifyCode: string; password: string; confirmPassword: string }) =>
    http.post<unknown>(API.auth.updatePassword, body, INLINE),
  addByRegister: (body: RegisterInput) => http.post<unknown>(API.auth.addByRegister, body, INLINE),
  /** The provider's code and state with this browser's verifier of the start (taken: it goes once). */
  loginThirdPlatform: (platform: ThirdPlatform, code: string, state: string) =>
    http.post<LoginResult | null>(
      API.auth.loginThirdPlatform,
      { platform, code, state, verifier: takeOAuthVerifier(platform, 'login') },
      { silent: true },
    ),
}
