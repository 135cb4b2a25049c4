/** Terminal authorisation (SPEC §3 Terminal, §4 statuses, §7 approval and heartbeat). */
import { z } from 'zod'
import { maxima } from '../fields'
import { HEARTBEAT_MAX, HEARTBEAT_MIN, TERMINAL_AGREE_FIELDS } from '../fields/terminal'
import { V, filterText, int, optionalText, text } from '../rules'
import { id, listQuery, version, type Stamped } from './common'

export const TERMINAL_STATUSES = ['unauthorised', 'authorised', 'cancelled', 'rejected'] as const
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number]
/** What the list shows, derived by the database clock: an authorised device past its validity is expired. */
export const TERMINAL_CONNECTIONS = ['online', 'offline', 'expired'] as const

export const terminalListQuery = listQuery.extend({
  keyword: filterText(64),
  status: z.enum(TERMINAL_STATUSES).optional(),
  connection: z.enum(TERMINAL_CONNECTIONS).optional(),
})

/** A device applies (signed by the account using it). */
export const terminalApply = z.object({
  deviceId: text(128).regex(/^[A-Za-z0-9._:-]+$/, { error: V.invalid }),
  deviceName: optionalText(60),
  os: optionalText(40),
  osVersion: optionalText(40),
  memory: optionalText(20),
  processor: optionalText(60),
})
export const terminalHeartbeat = z.object({ deviceId: terminalApply.shape.deviceId })

export { HEARTBEAT_MAX, HEARTBEAT_MIN } from '../fields/terminal'

export const terminalAgree = z.object({
  terminalId: id(),
  version: version(),
  validityDays: int({ min: 1, max: maxima(TERMINAL_AGREE_FIELDS).validityDays }),
  heartbeatIntervalMin: z.coerce
    .number({ error: V.invalid })
    .refine((n) => n >= HEARTBEAT_MIN && n <= HEARTBEAT_MAX, { error: V.invalid })
    .default(5),
})
export const terminalDecision = z.object({ terminalId: id(), version: version() })

export interface Terminal extends Stamped {
  terminalId: string
  deviceId: string
  deviceName: string | null
  os: string | null
  osVersion: string | null
  memory: string | null
  processor: string | null
  applyIp: string | null
  applyCity: string | null
  accountName: string | null
  /** The device belongs to an account (its first applicant) until an administrator releases it. */
  owned: boolean
  applyCount: number
  appliedAt: string
  status: TerminalStatus
  authorisedAt: string | null
  validityDays: number | null
  validUntil: string | null
  heartbeatIntervalMin: number
  lastHeartbeatAt: string | null
  /** Derived by the database clock, never stored. */
  online: boolean
  expired: boolean
}

export interface TerminalStatistics {
  online: number
  authorised: number
  unauthorised: number
  expiringIn7Days: number
  expired: number
  /** Applications per day, the last 14 days (oldest first). */
  perDay: { day: string; count: number }[]
}

export interface HeartbeatAnswer {
  heartbeatIntervalMin: number
  validUntil: string
}

export const TERMINAL_PATHS = {
  agree: '/api/admin/v1/terminal/agree',
  reject: '/api/admin/v1/terminal/reject',
  cancel: '/api/admin/v1/terminal/cancel',
  release: '/api/admin/v1/terminal/release',
  statistics: '/api/admin/v1/terminal/statistics',
  apply: '/api/admin/v1/terminal/apply',
  heartbeat: '/api/admin/v1/terminal/heartbeat',
} as const
