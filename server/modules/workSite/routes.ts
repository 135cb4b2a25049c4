/**
 * Work sites (issue 12 part A): the resource calls under both menus and the form's choices.
 *   /admin/work-site-information       → workSite/*          (any project the caller sees)
 *   /admin/project-worksite-information → projectWorkSite/*   (the same records; a project account sees its project's)
 *   GET <name>/options?projectId=       lines, design units, containers, staff of the project
 */
import type { FastifyInstance } from 'fastify'
import { perm, type MenuPath } from '../../../src/contract/catalogue'
import { projectIdQuery } from '../../../src/contract/schemas/project'
import { WORK_SITE_API, WORK_SITE_RESOURCES, type WorkSiteOptions, type WorkSiteResource } from '../../../src/contract/schemas/workSite'
import type { Ctx } from '../../context'
import { ok, parse } from '../../lib/http'
import { requireProject } from '../../lib/projectScope'
import { registerResource } from '../../lib/resource'
import { setWorkSiteInsert, workSiteDef, workSiteOptions } from './service'

export function registerWorkSiteRoutes(app: FastifyInstance, ctx: Ctx): void {
  const menus: Record<WorkSiteResource, MenuPath> = {
    workSite: '/admin/work-site-information',
    projectWorkSite: '/admin/project-worksite-information',
  }
  const main = registerResource(app, ctx, workSiteDef(ctx, 'workSite', '/admin/work-site-information'))
  registerResource(app, ctx, workSiteDef(ctx, 'projectWorkSite', '/admin/project-worksite-information'))
  setWorkSiteInsert((w, input) => main.insert(w, input as never))
  for (const name of WORK_SITE_RESOURCES)
    app.get(WORK_SITE_API.options(name), { config: { auth: 'signed', perm: perm(menus[name]) } }, async (req) => {
      const { projectId } = parse(projectIdQuery, req.query, req)
      await requireProject(ctx, req.auth!, projectId)
      return ok<WorkSiteOptions>(req, await workSiteOptions(ctx.db, projectId))
    })
}
