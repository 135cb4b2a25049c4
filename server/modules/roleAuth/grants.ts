/**
 * The other units of a role's authorisation:
 *   - roleOrg: organisations the role's data permission covers besides its scope (read by
 *     scopeOrgIds for every member); only organisations within the caller's own scope are granted;
 *   - dataPermission: the role's scope (own | children | all), at most the caller's own;
 *   - roleResource: records of a kind the role may use — applications (listAppByPermission and
 *     getAccessToken honour them), the resource pool, and workflow models (who may start which: the
 *     workflow module reads these grants); a kind is one entry of BUILT_IN, or one a module
 *     that owns the records sets at start (setResourceKind: this module reads no table of theirs).
 * Each save replaces the role's grants of that unit, all-or-nothing; only additions must be held.
 */
import type { FastifyInstance } from 'fastify'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { V } from '../../../src/contract/rules'
import {
  dataPermissionSave,
  roleIdQuery,
  roleOrgSave,
  roleResourceQuery,
  roleResourceSave,
  ROLE_AUTH_API,
  type DataPermission,
  type RoleOrgGrant,
  type RoleResourceItem,
  type RoleResourceType,
} from '../../../src/contract/schemas/role'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { application, resourcePool, roleOrg, roleResourceGrant } from '../../db/schema'
import { orgNames, unitOptions } from '../org'
import { invalidField, ok, parse, requestLang, type Text } from '../../lib/http'
import {
  appText,
  checkAdminKept,
  checkScopeHeld,
  grantedResourceIds,
  grantsOfKind,
  heldApplicationIds,
  holdingsOf,
  holdsOrg,
  notHeld,
  onVisibleRole,
  orgText,
  visibleRole,
  type Holdings,
} from './holdings'
import { read, write } from './perm'
import { setRoleDataScope } from './rolePort'

/** A kind of record a role may be granted. */
interface ResourceKind {
  /** Records by id (all when `ids` is absent), ordered for display. */
  records(tx: Db, ids?: string[]): Promise<{ id: string; name: string; code: string | null }[]>
  /** Ids the caller holds (and so may grant). */
  held(tx: Db, h: Holdings): Promise<Set<string>>
  text(name: string): Text
}

/** What a module owning a kind of record tells this one (the workflow module: its models). */
export interface OwnedResourceKind {
  records: ResourceKind['records']
  text: ResourceKind['text']
}

/** Held when granted to one of the caller's roles (everything for the root). */
const heldByGrant =
  (type: RoleResourceType, records: ResourceKind['records']): ResourceKind['held'] =>
  async (tx, h) =>
    new Set(h.root ? (await records(tx)).map((r) => r.id) : await grantedResourceIds(tx, h.roleIds, type))

// the resource pool (资源池): enabled resources
const poolRecords: ResourceKind['records'] = (tx, ids) =>
  tx
    .select({ id: resourcePool.resourceId, name: resourcePool.resourceName, code: resourcePool.resourceCode })
    .from(resourcePool)
    .where(ids ? (ids.length ? inArray(resourcePool.resourceId, ids) : sql`false`) : eq(resourcePool.status, 1))
    .orderBy(asc(resourcePool.sort), asc(resourcePool.resourceName))

const BUILT_IN: Partial<Record<RoleResourceType, ResourceKind>> = {
  application: {
    records: (tx, ids) =>
      tx
        .select({ id: application.applicationId, name: application.name, code: application.code })
        .from(application)
        .where(ids ? (ids.length ? inArray(application.applicationId, ids) : sql`false`) : undefined)
        .orderBy(asc(application.sort), asc(application.name)),
    held: heldApplicationIds,
    text: appText,
  },
  resource: {
    records: poolRecords,
    held: heldByGrant('resource', poolRecords),
    text: (name) => ({ zh: `资源「${name}」`, en: `the resource "${name}"` }),
  },
}

const kinds = new Map<RoleResourceType, ResourceKind>(Object.entries(BUILT_IN) as [RoleResourceType, ResourceKind][])

/** A module owning the records of a kind, at start (server/modules/index.ts `ports`). */
export function setResourceKind(type: RoleResourceType, kind: OwnedResourceKind): void {
  kinds.set(type, { ...kind, held: heldByGrant(type, kind.records) })
}

function kindOf(type: RoleResourceType): ResourceKind {
  const kind = kinds.get(type)
  if (!kind) throw new Error(`the role authorisation module asked about ${type} records before their module set its kind`)
  return kind
}

export function registerGrantRoutes(app: FastifyInstance, ctx: Ctx): void {
  // ---- organisations ----
  app.get(ROLE_AUTH_API.orgs, { config: read }, async (req) => {
    const q = parse(roleIdQuery, req.query, req)
    const h = await holdingsOf(ctx, ctx.db, req.auth!)
    const r = await visibleRole(ctx.db, h, q.roleId)
    const granted = (await ctx.db.select({ id: roleOrg.organizationId }).from(roleOrg).where(eq(roleOrg.roleId, r.roleId))).map((x) => x.id)
    const scoped = h.root || h.orgIds === null ? null : [...h.orgIds, ...granted]
    const rows = h.orgIds?.length === 0 && granted.length === 0 ? [] : await unitOptions(ctx.db, scoped, 20000)
    return ok<RoleOrgGrant>(req, {
      organizationIds: granted,
      options: rows.map((o) => ({ ...o, grantable: holdsOrg(h, o.organizationId) })),
    })
  })

  app.post(ROLE_AUTH_API.saveOrgs, { config: write('authorize') }, async (req) => {
    const body = parse(roleOrgSave, req.body, req)
    const auth = req.auth!
    const lang = requestLang(req)
    await onVisibleRole(ctx, auth, body.roleId, async (tx, h, r) => {
      const found = await orgNames(tx, body.organizationIds)
      const names = new Map(found.map((o) => [o.id, o.name]))
      const bad = body.organizationIds.findIndex((id) => !names.has(id))
      if (bad >= 0) throw invalidField(`organizationIds.${bad}`, V.invalid, lang)
      const current = new Set(
        (await tx.select({ id: roleOrg.organizationId }).from(roleOrg).where(eq(roleOrg.roleId, r.roleId))).map((x) => x.id),
      )
      for (const id of body.organizationIds) if (!current.has(id) && !holdsOrg(h, id)) throw notHeld(orgText(names.get(id)!))
      await tx.delete(roleOrg).where(eq(roleOrg.roleId, r.roleId))
      if (body.organizationIds.length)
        await tx
          .insert(roleOrg)
          .values(body.organizationIds.map((organizationId) => ({ roleId: r.roleId, organizationId, createBy: auth.account.accountId })))
    })
    return ok(req, { count: body.organizationIds.length })
  })

  // ---- data permission ----
  app.get(ROLE_AUTH_API.dataPermission, { config: read }, async (req) => {
    const q = parse(roleIdQuery, req.query, req)
    const h = await holdingsOf(ctx, ctx.db, req.auth!)
    const r = await visibleRole(ctx.db, h, q.roleId)
    return ok<DataPermission>(req, { roleId: r.roleId, scope: r.dataScope, maxScope: h.root ? 'all' : h.scope })
  })

  app.post(ROLE_AUTH_API.saveDataPermission, { config: write('authorize') }, async (req) => {
    const body = parse(dataPermissionSave, req.body, req)
    const auth = req.auth!
    await onVisibleRole(ctx, auth, body.roleId, async (tx, h, r) => {
      if (body.scope !== r.dataScope) checkScopeHeld(h, body.scope)
      // The scope is a field of the role record: its version moves (by the database's trigger), so an open edit form gets 20008.
      await setRoleDataScope(tx, r.roleId, body.scope, auth.account.accountId)
      if (r.builtin) await checkAdminKept(ctx, tx, r.roleId)
    })
    return ok(req, { roleId: body.roleId, scope: body.scope })
  })

  // ---- resources ----
  app.get(ROLE_AUTH_API.resources, { config: read }, async (req) => {
    const q = parse(roleResourceQuery, req.query, req)
    const h = await holdingsOf(ctx, ctx.db, req.auth!)
    const r = await visibleRole(ctx.db, h, q.roleId)
    const kind = kindOf(q.resourceType)
    const granted = new Set(await grantedResourceIds(ctx.db, [r.roleId], q.resourceType))
    const held = await kind.held(ctx.db, h)
    const records = await kind.records(ctx.db, h.root ? undefined : [...new Set([...held, ...granted])])
    return ok<RoleResourceItem[]>(
      req,
      records.map((x) => ({
        resourceId: x.id,
        resourceName: x.name,
        resourceCode: x.code,
        granted: granted.has(x.id),
        grantable: held.has(x.id),
      })),
    )
  })

  app.post(ROLE_AUTH_API.saveResources, { config: write('authorize') }, async (req) => {
    const body = parse(roleResourceSave, req.body, req)
    const auth = req.auth!
    const lang = requestLang(req)
    const kind = kindOf(body.resourceType)
    await onVisibleRole(ctx, auth, body.roleId, async (tx, h, r) => {
      const found = await kind.records(tx, body.resourceIds)
      const names = new Map(found.map((x) => [x.id, x.name]))
      const bad = body.resourceIds.findIndex((id) => !names.has(id))
      if (bad >= 0) throw invalidField(`resourceIds.${bad}`, V.invalid, lang)
      const where = grantsOfKind([r.roleId], body.resourceType)
      const current = new Set(await grantedResourceIds(tx, [r.roleId], body.resourceType))
      const added = body.resourceIds.filter((id) => !current.has(id))
      if (added.length) {
        const held = await kind.held(tx, h)
        const missing = added.find((id) => !held.has(id))
        if (missing) throw notHeld(kind.text(names.get(missing)!))
      }
      await tx.delete(roleResourceGrant).where(where)
      if (body.resourceIds.length)
        await tx.insert(roleResourceGrant).values(
          body.resourceIds.map((resourceId) => ({
            roleId: r.roleId,
            resourceType: body.resourceType,
            resourceId,
            createBy: auth.account.accountId,
          })),
        )
    })
    return ok(req, { count: body.resourceIds.length })
  })
}

/** A subquery of the ids of records of a kind granted to any of the roles (for `inArray`). */
export function grantedResources(roleIds: string[], resourceType: RoleResourceType) {
  return sql`(select ${roleResourceGrant.resourceId} from ${roleResourceGrant} where ${grantsOfKind(roleIds, resourceType)})`
}

/** The roles granted each of these records of a kind (a workflow model's starters). */
export async function rolesGranted(db: Db, resourceType: RoleResourceType, resourceIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  if (resourceIds.length === 0) return out
  const rows = await db
    .select({ roleId: roleResourceGrant.roleId, resourceId: roleResourceGrant.resourceId })
    .from(roleResourceGrant)
    .where(and(eq(roleResourceGrant.resourceType, resourceType), inArray(roleResourceGrant.resourceId, resourceIds)))
  for (const r of rows) out.set(r.resourceId, [...(out.get(r.resourceId) ?? []), r.roleId])
  return out
}
