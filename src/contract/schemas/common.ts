import { z } from 'zod'
import { V } from '../rules'

/** Record ids are UUIDv7 strings; the client may supply one on add. */
export const id = () => z.uuid({ error: V.invalid })

export const version = () => z.coerce.number({ error: V.required }).int({ error: V.invalid }).min(0, { error: V.invalid })

/** Query of every list page: paging, sorting. Filters are added per resource. */
export const listQuery = z.object({
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(2000).default(20),
  sortBy: z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/).optional(),
  desc: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional(),
  /** Keyset paging: the `nextCursor` of the previous page; the page after it (pageIndex is then only echoed). */
  cursor: z.string().max(500).optional(),
})
export type ListQuery = z.infer<typeof listQuery>

/** Delete: a list of ids, sent as form data (`ids=a,b`), arrays comma-joined. */
export const deleteBody = z.object({
  ids: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.uuid({ error: V.invalid })).min(1, { error: V.required }).max(500)),
})

/** Fields every stored record answers with. */
export interface Stamped {
  version: number
  createTime: string
  updateTime: string
  createBy?: string | null
  updateBy?: string | null
}
