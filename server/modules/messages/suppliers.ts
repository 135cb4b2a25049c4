/**
 * The delivery services' calls (SPEC §7 supplier, supplierConfig) on 消息设置 (/admin/message-setting):
 * reading them takes the menu; saving and the test send take its `edit` function and, the services
 * being the installation's, a data scope of 'all' (like adding a top unit, server/modules/org/units.ts):
 * else 20021 saying so. The queries and the sends are ../notify/suppliers.ts's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { perm } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import {
  SUPPLIER_API,
  supplierBody,
  supplierTestBody,
  type SupplierList,
  type SupplierTestResult,
} from '../../../src/contract/schemas/supplier'
import type { Ctx } from '../../context'
import { ApiError, ok, parse, requestLang } from '../../lib/http'
import { listSuppliers, saveSupplier, testSupplier } from '../notify'

const MENU = '/admin/message-setting' as const
const read = { auth: 'signed' as const, perm: perm(MENU) }
const edit = { auth: 'signed' as const, perm: perm(MENU, 'edit') }

const ALL_SCOPE_ONLY = {
  zh: '发送服务是整个平台的设置，只有数据权限为“全部”的管理员可以修改或测试',
  en: 'The delivery services are settings of the whole platform: only administrators whose data scope is “all” may change or test them',
}

function requireAllScope(req: FastifyRequest): void {
  if (req.auth?.grant?.scope !== 'all') throw new ApiError(Code.REFUSED, null, ALL_SCOPE_ONLY)
}

export function registerSupplierRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get(SUPPLIER_API.list, { config: read }, async (req) => ok<SupplierList>(req, await listSuppliers(ctx)))

  app.put(SUPPLIER_API.update, { config: edit }, async (req) => {
    const body = parse(supplierBody, req.body, req)
    requireAllScope(req)
    await saveSupplier(ctx, body, req.auth!.account.accountId, requestLang(req))
    return ok<SupplierList>(req, await listSuppliers(ctx))
  })

  // a test send calls out and writes no row (not a data mutation, nothing to make exactly once): no transaction held meanwhile
  app.post(SUPPLIER_API.test, { config: { ...edit, ownTransactions: true } }, async (req) => {
    const body = parse(supplierTestBody, req.body, req)
    requireAllScope(req)
    return ok<SupplierTestResult>(req, await testSupplier(ctx, body, requestLang(req)))
  })
}
