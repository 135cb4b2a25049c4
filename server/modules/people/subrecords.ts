/**
 * A person's education, certificates, project experience and career resume (`userEducation`,
 * `userCertificate`, `userJob`, `userProject`), each:
 *   GET  list?userId                       the person's records, photo URLs embedded
 *   POST addFullByUserId { userId, items } replaces the person's records in one transaction
 *   POST|DELETE delete  form ids=a,b
 * The sub-list pattern (../subList.ts) with the person as owner: scoped by the person's
 * organisation (another organisation's person or record → 20002).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import { Code } from '../../../src/contract/codes'
import { certificateFull, educationFull, jobFull, PEOPLE_FNS, projectFull, userIdQuery } from '../../../src/contract/schemas/people'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { person, personCertificate, personEducation, personJob, personProject } from '../../db/schema'
import { ApiError } from '../../lib/http'
import { registerSubList, replaceSubList, type SubListDef, type SubListOwner } from '../../lib/subList'
import { ORG_MENU, inScope } from '../../lib/orgScope'
import { PHOTO, requireFiles, withFileUrls } from '../files'
import { checkJobPosts } from './posts'

/** The person: exists within the caller's scope (else 20002); records follow the person's organisation. */
const PERSON: SubListOwner = {
  field: 'userId',
  savePath: 'addFullByUserId',
  query: userIdQuery,
  requireVisible: async (db, userId, visible) => {
    const [p] = await db
      .select({ id: person.userId })
      .from(person)
      .where(and(eq(person.userId, userId), inScope(person.organizationId, visible)))
    if (!p) throw new ApiError(Code.NOT_FOUND)
  },
  scope: (db, ownerCol, visible) =>
    visible === null
      ? undefined
      : inArray(ownerCol, db.select({ id: person.userId }).from(person).where(inScope(person.organizationId, visible))),
}

export interface SubRecordDef extends Pick<SubListDef, 'name' | 'table' | 'idField'> {
  /** `{ userId, items }` (contract). */
  fullSchema: z.ZodType
  /** `<x>FileId` fields holding photos (purpose photo or scan); answers add `<x>Url`. */
  fileFields?: readonly string[]
  /** Further checks of the items (the person's: `userId`), before the transaction. */
  checkItems?: (db: Db, req: FastifyRequest, userId: string, items: Record<string, unknown>[]) => Promise<void>
}

/** Saves a person's records as a whole inside a transaction (shared with the profile invitation). */
export const replaceSubRecords = replaceSubList

export function registerSubRecords(app: FastifyInstance, ctx: Ctx, def: SubRecordDef): void {
  const fileFields = def.fileFields ?? []
  registerSubList(app, ctx, {
    ...def,
    owner: PERSON,
    menu: ORG_MENU,
    fn: PEOPLE_FNS.edit,
    check: async (req, items, userId) => {
      await requireFiles(
        ctx,
        req,
        req.auth!,
        items.flatMap((item, i) =>
          fileFields.map((f) => ({ field: `items.${i}.${f}`, fileId: item[f] as string | undefined, purposes: PHOTO })),
        ),
      )
      await def.checkItems?.(ctx.db, req, userId, items)
    },
    enrich: (req, rows) => withFileUrls(ctx, req.auth!, rows, fileFields),
  })
}

/** The four kinds of a person's sub-records. */
export const SUB_RECORDS = {
  education: {
    name: 'userEducation',
    table: personEducation,
    idField: 'educationId',
    owner: PERSON,
    fullSchema: educationFull,
    fileFields: ['graduationPhotoFileId', 'degreePhotoFileId'],
  },
  certificate: {
    name: 'userCertificate',
    table: personCertificate,
    idField: 'certificateId',
    owner: PERSON,
    fullSchema: certificateFull,
    fileFields: ['frontPhotoFileId', 'backPhotoFileId'],
  },
  // a project experience's post: an enabled one of the data dictionary, or the one it holds already
  job: { name: 'userJob', table: personJob, idField: 'jobId', owner: PERSON, fullSchema: jobFull, checkItems: checkJobPosts },
  project: { name: 'userProject', table: personProject, idField: 'projectId', owner: PERSON, fullSchema: projectFull },
} as const
