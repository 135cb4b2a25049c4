/**
 * The resource pool (资源池, /admin/resource-pool; SPEC §6 resource authorisation): the resources a
 * role can be granted — managed here (CRUD, Excel import and export) and chosen in 角色管理's 资源
 * tab (resource type `resource`, server/modules/roleAuth/grants.ts).
 */
import type { FastifyInstance } from 'fastify'
import { and, eq, ilike, inArray, or } from 'drizzle-orm'
import { RESOURCE_POOL_TYPES, resourcePoolAdd, resourcePoolListQuery, resourcePoolUpdate } from '../../../src/contract/schemas/attributes'
import type { Ctx } from '../../context'
import { resourcePool, roleResourceGrant } from '../../db/schema'
import { statusColumn, type ExcelColumn } from '../../lib/excel'
import { likeEscape } from '../../lib/sql'
import { fromResource, registerImportExport } from '../files'
import { defineResource, registerResource } from '../../lib/resource'

const TYPE_LABELS: Record<(typeof RESOURCE_POOL_TYPES)[number], { zh: string; en: string }> = {
  api: { zh: '接口', en: 'API' },
  menu: { zh: '菜单', en: 'Menu' },
  data: { zh: '数据', en: 'Data' },
  file: { zh: '文件', en: 'File' },
  other: { zh: '其他', en: 'Other' },
}

const COLUMNS: ExcelColumn[] = [
  { field: 'resourceName', title: { zh: '资源名称', en: 'Resource name' }, required: true, width: 24 },
  {
    field: 'resourceCode',
    title: { zh: '资源编码', en: 'Resource code' },
    required: true,
    width: 24,
    hint: { zh: '字母、数字、- 或 _', en: 'Letters, digits, - or _' },
  },
  {
    field: 'resourceType',
    title: { zh: '资源类型', en: 'Type' },
    required: true,
    width: 10,
    values: RESOURCE_POOL_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] })),
  },
  { field: 'uri', title: { zh: '资源地址', en: 'URI' }, width: 32 },
  statusColumn(8),
  { field: 'sort', title: { zh: '排序', en: 'Sort' }, width: 8 },
  { field: 'remark', title: { zh: '备注', en: 'Remark' }, width: 32 },
]

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
        q.keyword
          ? or(ilike(resourcePool.resourceName, likeEscape(q.keyword)), ilike(resourcePool.resourceCode, likeEscape(q.keyword)))
          : undefined,
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
