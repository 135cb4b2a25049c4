/**
 * The form /sign shows per invitation purpose. A purpose without an entry here gets the generic
 * form built from the `fields` the gateway sends (validated with `INVITE_SCHEMAS` when known).
 *
 * PEOPLE-UI: add one line, a lazy import so /sign loads only what it shows:
 *   profile: () => import('@/features/people').then((m) => m.ProfileInviteForm),
 * The component gets InviteFormProps: the record's current data, and `submit(data)` which resolves
 * when done and rejects with the client's ApiError (20001 field errors: map them with
 * applyRefusal from @/lib/crud, as GenericInviteForm does).
 */
import type { ComponentType } from 'react'
import type { z } from 'zod'
import { accountInviteForm } from '@/contract/schemas/account'
import { contactForm, type InviteField, type InvitePurpose } from '@/contract/schemas/invite'

export interface InviteFormProps {
  purpose: InvitePurpose
  data: Record<string, unknown>
  fields: InviteField[]
  /** Sends the form; rejects with ApiError (20001 with field errors, 20006, 20021). */
  submit: (data: Record<string, unknown>) => Promise<void>
}

export const INVITE_FORMS: Partial<Record<InvitePurpose, () => Promise<ComponentType<InviteFormProps>>>> = {
  profile: () => import('@/features/people').then((m) => m.ProfileInviteForm),
  account: () => import('@/features/accounts').then((m) => m.AccountInviteForm),
}

/** Contract schemas the generic form validates with before sending. */
export const INVITE_SCHEMAS: Partial<Record<InvitePurpose, z.ZodType>> = {
  contact: contactForm,
  account: accountInviteForm,
}
