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
import texts from './texts.json'

const MENU = '/admin/message-setting' as const
const read = { auth: 'signed' as const, perm: perm(MENU) }
const edit = { auth: 'signed' as const, perm: perm(MENU, 'edit') }

function requireAllScope(req: FastifyRequest): void {
  if (req.auth?.grant?.scope !== 'all') throw new ApiError(Code.REFUSED, null, texts.suppliers.allScopeOnly)
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
