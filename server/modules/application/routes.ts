/** Applications (/admin/app-manage). The console's own application cannot be deleted. */
import type { FastifyInstance } from 'fastify'
import { eq, ilike } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { applicationAdd, applicationListQuery, applicationUpdate } from '../../../src/contract/schemas/application'
import type { Ctx } from '../../context'
import { application } from '../../db/schema'
import { ApiError } from '../../lib/http'
import { likeEscape } from '../../lib/sql'
import { defineResource, registerResource } from '../resource'

export function registerApplicationRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerResource(
    app,
    ctx,
    defineResource({
      name: 'application',
      table: application,
      idField: 'applicationId',
      menu: '/admin/app-manage',
      schemas: { add: applicationAdd, update: applicationUpdate, listQuery: applicationListQuery },
      filters: (q) => [q.name ? ilike(application.name, likeEscape(q.name)) : undefined, q.type ? eq(application.type, q.type) : undefined],
      sortable: { sort: application.sort, name: application.name, code: application.code, createTime: application.createTime },
      unique: [
        { field: 'code', caseInsensitive: true, message: { zh: '应用编码已存在', en: 'An application with that code exists' } },
        { field: 'name', message: { zh: '应用名称已存在', en: 'An application of that name exists' } },
      ],
      beforeDelete: async (_ids, rows) => {
        if (rows.some((r) => r.code === ctx.config.appCode))
          throw new ApiError(Code.REFUSED, null, { zh: '不能删除本平台自身的应用', en: 'The console’s own application cannot be deleted' })
      },
    }),
  )
}
