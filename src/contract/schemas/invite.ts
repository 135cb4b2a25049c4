/**
 * Invitations (issue 3: "invite a person to complete their own profile"; issue 4: account
 * invites). A signed-in administrator creates an invite for one record (`targetId`) and one
 * purpose; the invitee opens `/sign?token=…` (a link or its QR code) without signing in, sees
 * the purpose's form filled with the record's current data, and submits it once before it expires.
 *
 *   POST /api/admin/v1/invite/create   { purpose, targetId, validHours 1–168 } → InviteCreated
 *   GET  /api/portal/v1/invite/open?token=…  (public)                         → InviteOpened
 *   POST /api/portal/v1/invite/submit  { token, data }  (public, single use)  → { submitted: true }
 *
 * An expired, used or unknown token answers 20021 with `data: { state: 'expired' | 'used' | 'invalid' }`.
 * Only a SHA-256 of the token is stored.
 */
import { z } from 'zod'
import { V, email, name, optional, phone } from '../rules'

export { INVITE_PATHS } from '../paths'

/**
 * `profile`: a staff record (PEOPLE registers it); `account`: account invites (issue 4);
 * `contact`: an account's own contact details (name, cellphone, email) — built in.
 */
export const INVITE_PURPOSES = ['profile', 'account', 'contact'] as const
export type InvitePurpose = (typeof INVITE_PURPOSES)[number]

export const INVITE_MIN_HOURS = 1
export const INVITE_MAX_HOURS = 168
export const INVITE_DEFAULT_HOURS = 72

export const inviteCreate = z.object({
  purpose: z.enum(INVITE_PURPOSES, { error: V.invalid }),
  targetId: z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(64, { error: `${V.tooLong}:64` }),
  validHours: z.coerce
    .number({ error: V.invalid })
    .int({ error: V.invalid })
    .min(INVITE_MIN_HOURS, { error: V.invalid })
    .max(INVITE_MAX_HOURS, { error: V.invalid })
    .default(INVITE_DEFAULT_HOURS),
})
export type InviteCreate = z.infer<typeof inviteCreate>

export interface InviteCreated {
  inviteId: string
  /**
   * Absolute (`https://host/sign?token=…`) when the gateway knows its public origin
   * (TRESTLE_PUBLIC_URL, or the request's behind a trusted proxy: TRESTLE_TRUST_PROXY); else the
   * path `/sign?token=…`, to be resolved against the console's own origin.
   */
  url: string
  expiresAt: string
}

/** Tokens are 32 random bytes, base64url (43 characters). */
export const inviteToken = () =>
  z
    .string({ error: V.required })
    .trim()
    .min(20, { error: V.invalid })
    .max(100, { error: V.invalid })
    .regex(/^[A-Za-z0-9_-]+$/, { error: V.invalid })

export const inviteOpenQuery = z.object({ token: inviteToken() })

export const inviteSubmit = z.object({
  token: inviteToken(),
  data: z.record(z.string(), z.unknown(), { error: V.required }),
})

/** A field the /sign page can render without a purpose-specific form (the purpose's `fields`). */
export interface InviteField {
  name: string
  label: { zh: string; en: string }
  kind?: 'text' | 'textarea' | 'select' | 'date' | 'password'
  required?: boolean
  options?: { value: string | number; label: { zh: string; en: string } }[]
  maxLength?: number
}

export interface InviteOpened {
  purpose: InvitePurpose
  /** The record's current values for the form. */
  data: Record<string, unknown>
  /** Optional generic description of the form (used when the console has no form registered for the purpose). */
  fields: InviteField[]
  /** Who invited, for the page's heading (organisation name). */
  organizationName: string | null
  expiresAt: string
}

export type InviteState = 'expired' | 'used' | 'invalid'

/** The built-in `contact` purpose: what the invitee fills in about their account. */
export const contactForm = z.object({
  userName: name(30),
  cellphone: phone(),
  email: optional(email()),
})
export type ContactForm = z.infer<typeof contactForm>
