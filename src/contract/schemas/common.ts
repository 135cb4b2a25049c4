import { z } from 'zod'
import { maxima } from '../fields'
import { REVIEW_FIELDS } from '../fields/account'
import { INT4_MAX, V, int, optionalText } from '../rules'
import { MAX_PAGE_SIZE } from '../endpoints'

/** Record ids are UUIDv7 strings; the client may supply one on add. */
export const id = () => z.uuid({ error: V.invalid })

/** An uploaded file's id that may be removed: an empty control (`''`) or null clears it. */
export const fileRef = () => z.preprocess((v) => (v === '' ? null : v), id().nullable().optional())

/** A record's version: an int4 column (a value it cannot hold is 20001 on `version`, not a fault). */
export const version = () => int({ min: 0, typeError: V.required })

/**
 * The three schemas of an editable record: its fields, the add body (the client may supply the id) and
 * the update body (the id and the version read). `idKey` names the record's id, e.g. `'roleId'`; `rule`
 * is a rule between fields that all three keep (a date range's order), applied to each.
 */
export function recordSchemas<S extends z.ZodRawShape, K extends string>(
  shape: S,
  idKey: K,
  rule: <T extends z.ZodObject>(schema: T) => T = (schema) => schema,
) {
  const fields = z.object(shape)
  return {
    fields: rule(fields),
    add: rule(fields.extend({ [idKey]: id().optional() } as { [P in K]: z.ZodOptional<ReturnType<typeof id>> })),
    update: rule(
      fields.extend({ [idKey]: id(), version: version() } as {
        [P in K]: ReturnType<typeof id>
      } & { version: ReturnType<typeof version> }),
    ),
  }
}

export { MAX_PAGE_SIZE }

/**
 * Query of every list page: paging, sorting. Filters are added per resource. pageIndex stays within
 * int4, so the offset ((pageIndex − 1) × pageSize < 2^42) fits a bigint and a JavaScript number.
 */
export const listQuery = z.object({
  pageIndex: int({ min: 1, max: INT4_MAX }).default(1),
  pageSize: int({ min: 1, max: MAX_PAGE_SIZE }).default(20),
  sortBy: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9]*$/)
    .optional(),
  desc: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional(),
  /** Keyset paging: the `nextCursor` of the previous page; the page after it (pageIndex is then only echoed). */
  cursor: z.string().max(500).optional(),
})
export type ListQuery = z.infer<typeof listQuery>

/** A list of record ids (1 to `max`, default 500), sent as form data (`ids=a,b`) or an array: arrays comma-joined. */
export const idList = (max = 500) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(
      z
        .array(z.uuid({ error: V.invalid }))
        .min(1, { error: V.required })
        .max(max),
    )

/** Delete: a list of ids. */
export const deleteBody = z.object({ ids: idList() })

/** Fields every stored record answers with. */
export interface Stamped {
  version: number
  createTime: string
  updateTime: string
  createBy?: string | null
  updateBy?: string | null
}

/**
 * A review decision (issue 10 #1): the one approval of an account under review, whether it is made in
 * 账号 (generalAccount/audit, by account ids) or in 用户审核 (userAudit/audit, by staff record ids).
 * Approving may give roles (an account without a role cannot sign in); rejecting needs a reason.
 */
export const reviewFields = {
  decision: z.enum(['approve', 'reject'], { error: V.required }),
  reason: optionalText(maxima(REVIEW_FIELDS).reason),
  roleIds: z
    .array(z.uuid({ error: V.invalid }))
    .max(50)
    .optional(),
}
export const reasonOnReject: [
  (v: { decision: 'approve' | 'reject'; reason?: string | null }) => boolean,
  { path: string[]; error: string },
] = [(v) => v.decision === 'approve' || !!v.reason, { path: ['reason'], error: V.required }]
/** The form of the shared review dialog: the decision alone (the ids are the dialog's target). */
export const reviewDecision = z.object(reviewFields).refine(...reasonOnReject)
export type ReviewDecision = z.infer<typeof reviewDecision>
