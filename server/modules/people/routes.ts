/** People (SPEC §7): staff records, their four kinds of sub-records, the posts, the user audit, the profile invitation. */
import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../context'
import { registerAuditRoutes } from './audit'
import { registerPeopleImportExport } from './excel'
import { registerProfileInvite } from './invite'
import { registerPostRoutes } from './posts'
import { registerSubRecords, SUB_RECORDS } from './subrecords'
import { registerUserRoutes } from './user'

export function registerPeopleRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerPeopleImportExport(app, ctx, registerUserRoutes(app, ctx))
  registerSubRecords(app, ctx, SUB_RECORDS.education)
  registerSubRecords(app, ctx, SUB_RECORDS.certificate)
  registerSubRecords(app, ctx, SUB_RECORDS.job)
  registerSubRecords(app, ctx, SUB_RECORDS.project)
  registerPostRoutes(app, ctx)
  registerAuditRoutes(app, ctx)
  registerProfileInvite(ctx)
}
