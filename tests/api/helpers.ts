import { readFileSync } from 'node:fs'
import { Client } from './client'
import type { Target } from './global-setup'

export const DEMO_PASSWORD = 'Trestle@2026'
export const ROLE = '/api/admin/v1/role'
export const MENU_BY_PERMISSION = '/api/admin/v1/applicationMenu/listByMenuOperatePermission'

export async function signedIn(t: Target, name = 'admin', password = name === 'admin' ? t.adminPassword : DEMO_PASSWORD): Promise<Client> {
  return new Client(t.url).signIn(name, password)
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The last verification code the gateway logged for a target (`[verify-code] 138… → 123456`). */
export function lastVerifyCode(t: Target, target: string): string | null {
  const text = readFileSync(t.log, 'utf8')
  const re = new RegExp(`\\[verify-code\\] ${target} → (\\d{6})`, 'g')
  let code: string | null = null
  for (const m of text.matchAll(re)) code = m[1] ?? null
  return code
}

export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`

/** Resolves as `p` does, or fails after `ms` (a hung gateway fails the test instead of stalling it). */
export function within<T>(ms: number, p: Promise<T>, what = 'request'): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms)
  })
  return Promise.race([p, limit]).finally(() => clearTimeout(timer))
}
