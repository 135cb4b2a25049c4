/**
 * The form /sign shows per invitation purpose, a registry (like the gateway's
 * server/lib/invitePurposes.ts): the areas owning the forms use this area themselves, so the
 * app registers them (src/app/inviteForms.ts), one lazy import each so /sign loads only what it shows:
 *   registerInviteForm('profile', () => import('@/features/people').then((m) => m.ProfileInviteForm))
 * A purpose without a registered form gets the generic form built from the `fields` the gateway
 * sends (validated with `INVITE_SCHEMAS` of ./GenericInviteForm when known).
 *
 * The component gets InviteFormProps: the record's current data, and `submit(data)` which resolves
 * when done and rejects with the client's ApiError (20001 field errors: map them with
 * applyRefusal from @/lib/crud, as GenericInviteForm does).
 */
import type { ComponentType } from 'react'
import type { InviteField, InvitePurpose } from '@/contract/schemas/invite'

export interface InviteFormProps {
  purpose: InvitePurpose
  data: Record<string, unknown>
  fields: InviteField[]
  /** Sends the form; rejects with ApiError (20001 with field errors, 20006, 20021). */
  submit: (data: Record<string, unknown>) => Promise<void>
}

export type InviteFormLoader = () => Promise<ComponentType<InviteFormProps>>

const forms = new Map<InvitePurpose, InviteFormLoader>()

/** Registers the form of a purpose (a later registration replaces an earlier one). */
export function registerInviteForm(purpose: InvitePurpose, load: InviteFormLoader): void {
  forms.set(purpose, load)
}

export const inviteFormOf = (purpose: InvitePurpose): InviteFormLoader | undefined => forms.get(purpose)
