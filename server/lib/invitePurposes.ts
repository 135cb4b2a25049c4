/**
 * Invitation purposes: the registry the invite module reads and the modules owning an invitation's
 * target fill (here in lib, so those modules need not import the invite module). A module plugs its
 * form in once, at start (before or after the invite module's routes — the registry is read per
 * request; a later registration replaces an earlier one):
 *
 *   import { registerInvitePurpose } from '../../lib/invitePurposes'
 *   registerInvitePurpose('profile', {
 *     perm: { menu: '/admin/organization', fn: 'invite' },           // who may create the invite
 *     target: async (db, userId) => row ? { organizationId: row.organizationId, name: row.userName } : null,  // scope check, 20002 when null
 *     load: async (db, userId) => ({ userName, sex, … }),            // the form's current values (no secrets!)
 *     schema: personSelfForm,                                         // contract zod schema of what the invitee may change
 *     submit: async (tx, userId, data, invite) => { await tx.update(...) },   // inside the single-use transaction
 *     fields: [...],                                                  // optional: generic rendering when the console has no form
 *   })
 *
 * `db` in target/load is ctx.db (outside transactions); `submit` gets the transaction handle only.
 */
import type { z } from 'zod'
import type { InviteField, InvitePurpose } from '../../src/contract/schemas/invite'
import type { Db } from '../db/client'
import type { invite } from '../db/schema'
import type { Permission } from '../types'

export type InviteRow = typeof invite.$inferSelect

export interface InvitePurposeDef<S extends z.ZodType = z.ZodType> {
  perm: Permission
  target(db: Db, targetId: string): Promise<{ organizationId: string | null } | null>
  load(db: Db, targetId: string): Promise<Record<string, unknown>>
  schema: S
  submit(tx: Db, targetId: string, data: z.infer<S>, invite: InviteRow): Promise<void>
  fields?: InviteField[]
}

const purposes = new Map<InvitePurpose, InvitePurposeDef>()

export function registerInvitePurpose<S extends z.ZodType>(purpose: InvitePurpose, def: InvitePurposeDef<S>): void {
  purposes.set(purpose, def as unknown as InvitePurposeDef)
}

export const invitePurpose = (purpose: string): InvitePurposeDef | undefined => purposes.get(purpose as InvitePurpose)
