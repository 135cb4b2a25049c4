/** The rules of a structure's codes and chainages: used by the structure's schemas and by declared fields (./fields.ts). */
import { z } from 'zod'
import { CHAINAGE_INPUT, normaliseChainage } from '../mileage'
import { V, str } from '../rules'

/** Codes: letters, digits, '-', '_' and '.', starting with a letter or digit. */
const CODE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/
export const structureCode = (max = 40) =>
  str()
    .trim()
    .min(1, { error: V.required })
    .max(max, { error: `${V.tooLong}:${max}` })
    .regex(CODE, { error: V.code })

/** A chainage field: entered loosely, kept canonical (DK123+456.780). */
export const mileage = () =>
  str()
    .trim()
    .min(1, { error: V.required })
    .max(24, { error: `${V.tooLong}:24` })
    .refine((v) => CHAINAGE_INPUT.test(v), { error: V.mileage })
    .transform((v) => normaliseChainage(v)!)

export const optionalMileage = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), mileage().optional())
