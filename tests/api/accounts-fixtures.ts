/** Shared by the account API tests: a fresh unit per test file, accounts in it, the invite flow. */
import { Client, newKey, type Answer } from './client'
import type { Target } from './global-setup'
import { uniqueName } from './helpers'

export const GA = '/api/admin/v1/generalAccount'
export const RA = '/api/admin/v1/registerAccount'
export const ORG = '/api/admin/v1/org'
export const USER_INFO = '/api/portal/v1/user/info'
export const INVITE_CREATE = '/api/admin/v1/invite/create'
export const INVITE_SUBMIT = '/api/portal/v1/invite/submit'
export const PASSWORD = 'Acct#2026x'

export interface AccountDto {
  accountId: string
  accountName: string
  userName: string | null
  cellphone: string | null
  level: string
  status: string
  validUntil: string | null
  passwordValidUntil: string | null
  expired: boolean
  passwordExpired: boolean
  organizationId: string | null
  organizationName: string | null
  phoneLoginEnabled: boolean
  projectName: string | null
  roleNames: string[]
  version: number
}
export interface ChangeDto {
  field: string
  fromValue: string | null
  toValue: string | null
  remark: string | null
  changedByName: string | null
}
export interface PageOf<T> {
  records: T[]
  total: number
}

let phoneSeq = Math.floor(Math.random() * 9_000_000)
/** A fresh mainland mobile number. */
export const nextPhone = () => `1770${String(1_000_000 + ((phoneSeq += 7919) % 9_000_000)).padStart(7, '0')}`
export const accountNameOf = (prefix: string) =>
  uniqueName(prefix)
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 20)

export async function post<T = unknown>(c: Client, path: string, json: unknown, lang?: string): Promise<Answer<T>> {
  return c.call<T>('POST', path, { json, idempotencyKey: newKey(), headers: lang ? { 'accept-language': lang } : undefined })
}

/** A new unit (top level: the admin's scope is "all"), optionally with an account limit. */
export async function newUnit(admin: Client, prefix = '账号测试单位'): Promise<string> {
  const types = (await admin.call<{ organizationTypeId: string; typeCode: string }[]>('GET', `${ORG.replace('/org', '/orgType')}/list`))
    .body.data
  const r = await post<{ organizationId: string }>(admin, `${ORG}/add`, {
    organizationName: uniqueName(prefix),
    organizationTypeId: types[0]!.organizationTypeId,
  })
  if (r.body.code !== 10000) throw new Error(`org/add: ${r.text}`)
  return r.body.data.organizationId
}

/** The built-in system administrator role (held by admin on every target). */
export async function sysadminRoleId(admin: Client): Promise<string> {
  const roles = (await admin.call<{ roleId: string; builtin: boolean }[]>('GET', '/api/admin/v1/role/list')).body.data
  return roles.find((r) => r.builtin)!.roleId
}

export async function addAccount(
  admin: Client,
  organizationId: string,
  extra: Record<string, unknown> = {},
  path = `${GA}/add`,
): Promise<Answer<AccountDto>> {
  return post<AccountDto>(admin, path, {
    accountName: accountNameOf('ac'),
    userName: '测试账号',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    organizationId,
    ...extra,
  })
}

export async function mustAdd(
  admin: Client,
  organizationId: string,
  extra: Record<string, unknown> = {},
  path?: string,
): Promise<AccountDto> {
  const r = await addAccount(admin, organizationId, extra, path)
  if (r.body.code !== 10000) throw new Error(`add: ${r.text}`)
  return r.body.data
}

export async function history(c: Client, accountId: string, base = GA): Promise<ChangeDto[]> {
  const r = await c.call<PageOf<ChangeDto>>('GET', `${base}/listDetailPage`, { query: { accountId, pageSize: 100 } })
  if (r.body.code !== 10000) throw new Error(`listDetailPage: ${r.text}`)
  return r.body.data.records
}

export async function getAccount(c: Client, organizationId: string, accountName: string): Promise<AccountDto | undefined> {
  const r = await c.call<PageOf<AccountDto>>('GET', `${GA}/listPage`, { query: { organizationId, keyword: accountName, pageSize: 50 } })
  return r.body.data.records.find((a) => a.accountName === accountName)
}

/** Invite link for a unit → the invitee registers through it (public calls). Answers the submit. */
export async function registerByInvite(t: Target, admin: Client, organizationId: string, data: Record<string, unknown>): Promise<Answer> {
  const created = await post<{ url: string }>(admin, INVITE_CREATE, { purpose: 'account', targetId: organizationId, validHours: 1 })
  if (created.body.code !== 10000) return created
  const token = new URL(created.body.data.url, t.url).searchParams.get('token')!
  return new Client(t.url).fetchRaw('POST', INVITE_SUBMIT, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, data }),
  })
}
