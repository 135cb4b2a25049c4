import { z } from 'zod'
import { DATA_SCOPES } from '../enums'
import { V, name, optionalText, sortCode } from '../rules'
import { id, listQuery, version, type Stamped } from './common'

/** Fields a user edits; the form and the gateway share this. */
export const roleFields = z.object({
  roleName: name(30),
  remark: optionalText(200),
  status: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: V.invalid })).default(1),
  sort: sortCode().default(1),
  dataScope: z.enum(DATA_SCOPES, { error: V.invalid }).default('own'),
})

export const roleAdd = roleFields.extend({ roleId: id().optional() })
export const roleUpdate = roleFields.extend({ roleId: id(), version: version() })

export const roleListQuery = listQuery.extend({
  roleName: z.string().max(30).optional(),
  status: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])).optional(),
})

export type RoleFields = z.infer<typeof roleFields>
export interface Role extends RoleFields, Stamped {
  roleId: string
  organizationId: string | null
  organizationName: string | null
  memberCount: number
  /** Built in (the system administrator role): the gateway refuses to delete or stop it (20021). */
  builtin: boolean
}
