/** The file service's query schemas (the gateway's checks); the rules, paths and types: ../files. */
import { z } from 'zod'
import { UPLOAD_PURPOSES } from '../files'
import { V } from '../rules'
import { idList } from './common'

export * from '../files'

export const uploadQuery = z.object({
  purpose: z.enum(UPLOAD_PURPOSES, { error: V.invalid }).default('photo'),
})

/** `fileIds=a,b` (comma-joined, form encoded), at most 200. */
export const listByIdsQuery = z.object({
  fileIds: idList(200),
})

export const importStatusQuery = z.object({ jobId: z.uuid({ error: V.invalid }) })
