/**
 * The resource pool (资源池, /admin/resource-pool; SPEC §6 resource authorisation): the resources a
 * role can be granted — managed here (CRUD, Excel import and export) and chosen in 角色管理's 资源
 * tab (resource type `resource`, server/modules/roleAuth/grants.ts).
 */
import type { FastifyInstance } from 'fastify'
import { and, eq, inArray } from 'drizzle-orm'
import { excelColumns } from '../../../src/contract/fields'
import { RESOURCE_POOL_FIELDS } from '../../../src/contract/fields/attributes'
import { resourcePoolAdd, resourcePoolListQuery, resourcePoolUpdate } from '../../../src/contract/schemas/attributes'
import * as attributes from '../../../src/lib/i18n/locales/attributes'
import type { Ctx } from '../../context'
import { resourcePool, roleResourceGrant } from '../../db/schema'
import { columnsBefore, statusColumn } from '../../lib/excel'
import { localeTexts } from '../../lib/fields'
import { anyLike } from '../../lib/sql'
import { fromResource, registerImportExport } from '../files'
import { defineResource, registerResource } from '../../lib/resource'

const text = localeTexts({ attributes })

/** The declared fields' columns; the order (排序), optional in the sheet, stays after the status as the template has it. */
const COLUMNS = columnsBefore(excelColumns(RESOURCE_POOL_FIELDS, text, { status: statusColumn(8) }), 'remark', [
  { field: 'sort', title: text('attributes.pool.field.sort'), width: 8 },
])

export function registerResourcePoolRoutes(app: FastifyInstance, ctx: Ctx): void {
  const handle = registerResource(
    app,
    ctx,
    defineResource({
      name: 'resourcePool',
      table: resourcePool,
      idField: 'resourceId',
      menu: '/admin/resource-pool',
      schemas: { add: resourcePoolAdd, update: resourcePoolUpdate, listQuery: resourcePoolListQuery },
      filters: (q) => [
        q.keyword ? anyLike(q.keyword, resourcePool.resourceName, resourcePool.resourceCode) : undefined,
        q.resourceType ? eq(resourcePool.resourceType, q.resourceType) : undefined,
        q.status !== undefined ? eq(resourcePool.status, q.status) : undefined,
      ],
      sortable: {
        sort: resourcePool.sort,
        resourceName: resourcePool.resourceName,
        resourceCode: resourcePool.resourceCode,
        resourceType: resourcePool.resourceType,
        createTime: resourcePool.createTime,
      },
      unique: [{ field: 'resourceCode', caseInsensitive: true, message: { zh: '资源编码已存在', en: 'A resource with that code exists' } }],
      // a deleted resource is no longer granted to any role
      beforeDelete: async (ids, _rows, w) => {
        await w.tx
          .delete(roleResourceGrant)
          .where(and(eq(roleResourceGrant.resourceType, 'resource'), inArray(roleResourceGrant.resourceId, ids)))
      },
    }),
  )
  registerImportExport(
    app,
    ctx,
    fromResource(handle, {
      columns: COLUMNS,
      example: {
        resourceName: '进度报表接口',
        resourceCode: 'api-progress-report',
        resourceType: 'api',
        uri: '/api/report/progress',
        status: 1,
        sort: 1,
      },
      fileName: { zh: '资源池', en: 'resource pool' },
    }),
  )
}
