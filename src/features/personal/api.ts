/** The personal centre's gateway calls (paths and payloads: src/contract/schemas/personal.ts). */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Code } from '@/contract/codes'
import type { CodeSent, ThirdPlatform } from '@/contract/schemas/auth'
import {
  PERSONAL_PATHS as P,
  type BindCodeBody,
  type ChangePasswordBody,
  type PersonalInfo,
  type SignedOut,
  type ThirdPartyBinding,
} from '@/contract/schemas/personal'
import { newOAuthChallenge, takeOAuthVerifier } from '@/features/auth'
import { shellKeys } from '@/features/shell/queries'
import { http, type RequestOptions } from '@/lib/http'
import { personalInfoQueryOptions, personalKeys } from './queries'

/** Codes the personal centre shows in place. */
const HANDLED: RequestOptions = {
  handled: [Code.INVALID, Code.DUPLICATE, Code.REFUSED, Code.NOT_FOUND, Code.VERSION_CONFLICT, Code.FORBIDDEN],
}

export const personalApi = {
  updateInfo: (body: { userName: string; version: number }) => http.put<PersonalInfo>(P.updateInfo, body, HANDLED),
  verifyPassword: (password: string) => http.post<null>(P.verifyPassword, { password }, HANDLED),
  getBindCode: (body: BindCodeBody) => http.post<CodeSent>(P.getBindCode, body, HANDLED),
  bindCellphone: (cellphone: string, verifyCode: string) => http.post<PersonalInfo>(P.bindCellphone, { cellphone, verifyCode }, HANDLED),
  bindEmail: (email: string, verifyCode: string) => http.post<PersonalInfo>(P.bindEmail, { email, verifyCode }, HANDLED),
  unbindCellphone: (password: string) => http.post<PersonalInfo>(P.unbindCellphone, { password }, HANDLED),
  unbindEmail: (password: string) => http.post<PersonalInfo>(P.unbindEmail, { password }, HANDLED),
  updatePassword: (body: ChangePasswordBody) => http.post<SignedOut>(P.updatePassword, body, HANDLED),
  updatePhoto: (fileId: string | null) => http.post<PersonalInfo>(P.updatePhoto, { fileId }, HANDLED),
  updateSignature: (fileId: string | null) => http.post<PersonalInfo>(P.updateSignature, { fileId }, HANDLED),
  signOutSession: (sessionId: string) => http.post<SignedOut>(P.signOutSession, { sessionId }, HANDLED),
  signOutOthers: () => http.post<SignedOut>(P.signOutOthers, {}, HANDLED),
  /** The provider's authorize URL for a binding, tied to a verifier this browser keeps (@/features/auth oauthVerifier). */
  thirdPartyAuthorize: (platform: ThirdPlatform) =>
    http.get<{ authorizeUrl: string }>(P.thirdPartyAuthorize, { platform, challenge: newOAuthChallenge(platform, 'bind') }, HANDLED),
  /** The provider's code and state with this browser's verifier of the start (taken: it goes once). */
  bindThirdParty: (body: { platform: ThirdPlatform; code: string; state: string }) =>
    http.post<ThirdPartyBinding>(P.bindThirdParty, { ...body, verifier: takeOAuthVerifier(body.platform, 'bind') }, HANDLED),
  unbindThirdParty: (platform: ThirdPlatform) => http.post<null>(P.unbindThirdParty, { platform }, HANDLED),
}

export function usePersonalInfo() {
  return useQuery(personalInfoQueryOptions())
}

/** Puts a fresh PersonalInfo in the cache and refreshes the shell's user (name, photo in the header). */
export function useApplyInfo() {
  const qc = useQueryClient()
  return (info: PersonalInfo | null | undefined) => {
    if (info) qc.setQueryData(personalKeys.info(), info)
    else void qc.invalidateQueries({ queryKey: personalKeys.info() })
    void qc.invalidateQueries({ queryKey: shellKeys.users() })
  }
}
