/**
 * The nodes attributes belong to (1 project, 2 line, 3 design unit): their project (scope) and
 * names, the items that apply to a node, and the validation of values built from those items.
 */
import type { FastifyRequest } from 'fastify'
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { perm } from '../../../src/contract/catalogue'
import { validationText } from '../../../src/contract/rules'
import { Code } from '../../../src/contract/codes'
import { attributeValuesSchema, type AttrFormGroup, type AttrItemDef, type AttrNodeType } from '../../../src/contract/schemas/attributes'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { attrGroup, attrItem, designUnit, line, project } from '../../db/schema'
import { ApiError, fieldErrors, requestLang } from '../../lib/http'
import { checkPermission } from '../../lib/permissions'

/** The project of a node (null: no such node). */
export async function nodeProject(db: Db, nodeType: AttrNodeType, nodeId: string): Promise<string | null> {
  const rows =
    nodeType === 1
      ? await db.select({ p: project.projectId }).from(project).where(eq(project.projectId, nodeId))
      : nodeType === 2
        ? await db.select({ p: line.projectId }).from(line).where(eq(line.lineId, nodeId))
        : await db.select({ p: designUnit.projectId }).from(designUnit).where(eq(designUnit.designUnitId, nodeId))
  return rows[0]?.p ?? null
}

/** Names of nodes by id (any type). */
export async function nodeNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  if (!ids.length) return out
  for (const r of await db
    .select({ id: project.projectId, name: project.projectName })
    .from(project)
    .where(inArray(project.projectId, ids)))
    out.set(r.id, r.name)
  for (const r of await db.select({ id: line.lineId, name: line.lineName }).from(line).where(inArray(line.lineId, ids)))
    out.set(r.id, r.name)
  for (const r of await db
    .select({ id: designUnit.designUnitId, name: designUnit.designUnitName })
    .from(designUnit)
    .where(inArray(designUnit.designUnitId, ids)))
    out.set(r.id, r.name)
  return out
}

/** Saving a node's attributes needs the edit function of the node's own form. */
export async function checkNodeEdit(ctx: Ctx, req: FastifyRequest, nodeType: AttrNodeType): Promise<void> {
  const auth = req.auth!
  if (nodeType === 1) return checkPermission(ctx, req, auth, perm('/admin/project-manage', 'edit'))
  if (nodeType === 2) return checkPermission(ctx, req, auth, perm('/admin/project-configuration', 'edit'))
  try {
    await checkPermission(ctx, req, auth, perm('/admin/designunit', 'edit'))
  } catch {
    await checkPermission(ctx, req, auth, perm('/admin/project-design-unit', 'edit'))
  }
}

const itemColumns = {
  itemId: attrItem.itemId,
  groupId: attrItem.groupId,
  itemName: attrItem.itemName,
  itemCode: attrItem.itemCode,
  itemType: attrItem.itemType,
  required: attrItem.required,
  options: attrItem.options,
  defaultValue: attrItem.defaultValue,
  unit: attrItem.unit,
  status: attrItem.status,
  sort: attrItem.sort,
}

/** Active items of a group, in order. */
export async function groupItems(db: Db, groupId: string): Promise<AttrItemDef[]> {
  return (await db
    .select(itemColumns)
    .from(attrItem)
    .where(and(eq(attrItem.groupId, groupId), eq(attrItem.status, 1)))
    .orderBy(asc(attrItem.sort), asc(attrItem.itemName), asc(attrItem.itemId))) as AttrItemDef[]
}

/**
 * The active form groups that apply to a node (a group without relations applies to every node of
 * its type; a group with relations only to those nodes), each with its active items.
 */
export async function nodeGroups(db: Db, nodeType: AttrNodeType, nodeId: string): Promise<AttrFormGroup[]> {
  const groups = await db
    .select({ groupId: attrGroup.groupId, groupName: attrGroup.groupName, groupCode: attrGroup.groupCode })
    .from(attrGroup)
    .where(
      and(
        eq(attrGroup.nodeType, nodeType),
        eq(attrGroup.status, 1),
        eq(attrGroup.groupKind, 'form'),
        or(
          sql`not exists (select 1 from attr_relation r where r.group_id = "attr_group"."group_id")`,
          sql`exists (select 1 from attr_relation r where r.group_id = "attr_group"."group_id" and r.node_id = ${nodeId})`,
        ),
      ),
    )
    .orderBy(asc(attrGroup.sort), asc(attrGroup.groupName), asc(attrGroup.groupId))
  if (!groups.length) return []
  const items = (await db
    .select(itemColumns)
    .from(attrItem)
    .where(
      and(
        inArray(
          attrItem.groupId,
          groups.map((g) => g.groupId),
        ),
        eq(attrItem.status, 1),
      ),
    )
    .orderBy(asc(attrItem.sort), asc(attrItem.itemName), asc(attrItem.itemId))) as AttrItemDef[]
  return groups.map((g) => ({ ...g, items: items.filter((i) => i.groupId === g.groupId) }))
}

/**
 * Values validated by the schema built from the items (keyed by item id): 20001 on
 * `values.<itemId>` for a bad or missing required value; unknown keys are dropped.
 */
export function validateValues(items: AttrItemDef[], values: Record<string, unknown>, req: FastifyRequest): Record<string, unknown> {
  const schema = attributeValuesSchema(items.map((i) => ({ ...i, itemCode: i.itemId })))
  const result = (schema as z.ZodType).safeParse(values)
  if (!result.success) {
    const lang = requestLang(req)
    const names = new Map(items.map((i) => [i.itemId, i.itemName]))
    const errors = fieldErrors(result.error, lang).map((e) => {
      const itemId = e.field.split('.')[0] ?? ''
      return { ...e, field: `values.${itemId}`, message: validationText(e.key, lang, names.get(itemId) ?? '') }
    })
    throw new ApiError(Code.INVALID, errors)
  }
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(result.data as Record<string, unknown>)) if (v !== undefined) out[k] = v
  return out
}
