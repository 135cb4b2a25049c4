import { z } from 'zod'

/** `{ code, message, data, prompt? }` — every gateway answer. */
export interface Envelope<T = unknown> {
  code: number
  message: string
  data: T
  prompt?: string
}

export const envelopeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown(),
  prompt: z.string().optional(),
})

/** A field error of code 20001: `field` is a dotted path, `key` a validation key (see rules.ts). */
export interface FieldError {
  field: string
  key: string
  message: string
}

/** The `data` of a list page. */
export interface Page<T> {
  records: T[]
  /** Exact up to 5,000 matching rows; above that 5,000 (or the rows up to this page) with totalCapped. */
  total: number
  pageIndex: number
  pageSize: number
  /** True when more rows match than `total` says (more than 5,000 were not counted): show "more than". */
  totalCapped?: boolean
  /** When the page is full: pass as `cursor` for the next page (keyset paging, cheap at any depth). */
  nextCursor?: string
}
