/** People (SPEC §7): staff records, their four kinds of sub-records, the user audit, the profile invitation. */
import type { FastifyInstance } from 'fastify'
import { certificateFull, educationFull, jobFull, projectFull } from '../../../src/contract/schemas/people'
import type { Ctx } from '../../context'
import { personCertificate, personEducation, personJob, personProject } from '../../db/schema'
import { registerAuditRoutes } from './audit'
import { registerSubRecords } from './subrecords'
import { registerUserRoutes } from './user'

export const SUB_RECORDS = {
  education: { name: 'userEducation', table: personEducation, idField: 'educationId', fullSchema: educationFull, fileFields: ['graduationPhotoFileId', 'degreePhotoFileId'] },
  certificate: { name: 'userCertificate', table: personCertificate, idField: 'certificateId', fullSchema: certificateFull, fileFields: ['frontPhotoFileId', 'backPhotoFileId'] },
  job: { name: 'userJob', table: personJob, idField: 'jobId', fullSchema: jobFull },
  project: { name: 'userProject', table: personProject, idField: 'projectId', fullSchema: projectFull },
} as const

export function registerPeopleRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerUserRoutes(app, ctx)
  registerSubRecords(app, ctx, SUB_RECORDS.education)
  registerSubRecords(app, ctx, SUB_RECORDS.certificate)
  registerSubRecords(app, ctx, SUB_RECORDS.job)
  registerSubRecords(app, ctx, SUB_RECORDS.project)
  registerAuditRoutes(app, ctx)
}
