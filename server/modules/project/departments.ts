/**
 * Project departments (SPEC §3 "Project organisation"): a tree per project organisation
 * (server/lib/tree.ts), answered nested as `projectDepartmentNodeVOS`; registered (project)
 * accounts belong to one (account.project_department_id) and see its project.
 */
import type { FastifyInstance } from 'fastify'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { perm } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import {
  PROJECT_API,
  projectDepartmentAdd,
  projectDepartmentListQuery,
  projectDepartmentMove,
  projectDepartmentUpdate,
  type ProjectDepartmentNode,
  type ProjectDepartmentOption,
} from '../../../src/contract/schemas/project'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { project, projectDepartment, projectOrg } from '../../db/schema'
import { accountCountsByProjectDepartment } from './accountPort'
import { ApiError, ok, parse } from '../../lib/http'
import { projectWhere, requireProjects, visibleProjectIds } from '../../lib/projectScope'
import { defineTree } from '../../lib/tree'
import { defineResource, registerResource, type WriteContext } from '../../lib/resource'
import texts from './texts.json'

export const PROJECT_CONFIG_MENU = '/admin/project-configuration' as const

export const projectDeptTree = defineTree({
  table: projectDepartment,
  id: projectDepartment.projectDepartmentId,
  scope: projectDepartment.projectOrganizationId,
  cycle: { zh: '不能移动到自身或其下级部门之下', en: 'A department cannot be placed under itself or one of its sub-departments' },
})

/** The project of a project organisation (read through `db`), or null. */
async function projectOfOrg(db: Db, projectOrganizationId: unknown): Promise<string | null> {
  if (typeof projectOrganizationId !== 'string') return null
  const [o] = await db
    .select({ projectId: projectOrg.projectId })
    .from(projectOrg)
    .where(eq(projectOrg.projectOrganizationId, projectOrganizationId))
  return o?.projectId ?? null
}

/** Department nodes of some project organisations, nested: organisation id → its roots. */
export async function departmentTrees(db: Db, orgIds: string[]): Promise<Map<string, ProjectDepartmentNode[]>> {
  const out = new Map<string, ProjectDepartmentNode[]>(orgIds.map((id) => [id, []]))
  if (!orgIds.length) return out
  const rows = await db
    .select()
    .from(projectDepartment)
    .where(inArray(projectDepartment.projectOrganizationId, orgIds))
    .orderBy(asc(projectDepartment.sort), asc(projectDepartment.departmentName))
  const counts = await accountCountsByProjectDepartment(
    db,
    rows.map((r) => r.projectDepartmentId),
  )
  const nodes = new Map<string, ProjectDepartmentNode>()
  for (const r of rows)
    nodes.set(r.projectDepartmentId, {
      projectDepartmentId: r.projectDepartmentId,
      projectOrganizationId: r.projectOrganizationId,
      projectId: r.projectId,
      parentId: r.parentId,
      departmentName: r.departmentName,
      sort: r.sort,
      version: r.version,
      accountCount: counts.get(r.projectDepartmentId) ?? 0,
    })
  for (const n of nodes.values()) {
    const parent = n.parentId ? nodes.get(n.parentId) : undefined
    if (parent) (parent.projectDepartmentNodeVOS ??= []).push(n)
    else out.get(n.projectOrganizationId)?.push(n)
  }
  return out
}

export const projectDepartmentResource = defineResource({
  name: 'projectDepartment',
  table: projectDepartment,
  idField: 'projectDepartmentId',
  menu: PROJECT_CONFIG_MENU,
  projectField: 'projectId',
  projectOf: { field: 'projectOrganizationId', get: (input, w) => projectOfOrg(w.tx, input.projectOrganizationId) },
  schemas: { add: projectDepartmentAdd, update: projectDepartmentUpdate, listQuery: projectDepartmentListQuery },
  filters: (q) => [q.projectOrganizationId ? eq(projectDepartment.projectOrganizationId, q.projectOrganizationId) : undefined],
  sortable: { sort: projectDepartment.sort, departmentName: projectDepartment.departmentName },
  unique: [{ field: 'departmentName', within: ['projectOrganizationId', 'parentId'], message: texts.departments.dupDept }],
  // the path is the tree's bookkeeping, not part of the answer
  enrich: (_db, rows) => Promise.resolve(rows.map(({ path: _path, ...r }) => r)),
  onAdd: async (values, input, w) => {
    values.projectId = await projectOfOrg(w.tx, input.projectOrganizationId)
  },
  beforeWrite: async (input, current, w: WriteContext) => {
    const fields = input as { projectOrganizationId: string; parentId?: string | null; projectDepartmentId?: string }
    if (current && fields.projectOrganizationId !== current.projectOrganizationId)
      throw new ApiError(
        Code.INVALID,
        [{ field: 'projectOrganizationId', key: 'v.invalid', message: texts.departments.orgFixed.en }],
        texts.departments.orgFixed,
      )
    await projectDeptTree.lock(w.tx, fields.projectOrganizationId)
    if (!fields.parentId) return
    const [parent] = await w.tx
      .select({ id: projectDepartment.projectDepartmentId })
      .from(projectDepartment)
      .where(
        and(
          eq(projectDepartment.projectDepartmentId, fields.parentId),
          eq(projectDepartment.projectOrganizationId, fields.projectOrganizationId),
        ),
      )
    if (!parent) throw new ApiError(Code.NOT_FOUND, { field: 'parentId' })
    if (current) await projectDeptTree.checkMove(w.tx, String(current.projectDepartmentId), fields.parentId)
  },
  afterWrite: (id, _input, w) => projectDeptTree.repath(w.tx, id),
  beforeDelete: async (ids, _rows, w) => {
    if (await projectDeptTree.hasChildOutside(w.tx, ids)) throw new ApiError(Code.REFUSED, null, texts.departments.hasChildren)
  },
})

/** Departments as a registered account's choices show them: with their project organisation and project. */
function departmentOptions(db: Db) {
  return db
    .select({
      projectDepartmentId: projectDepartment.projectDepartmentId,
      departmentName: projectDepartment.departmentName,
      path: projectDepartment.path,
      projectOrganizationId: projectOrg.projectOrganizationId,
      projectOrganizationName: projectOrg.projectOrganizationName,
      projectId: project.projectId,
      projectName: project.projectName,
    })
    .from(projectDepartment)
    .innerJoin(projectOrg, eq(projectOrg.projectOrganizationId, projectDepartment.projectOrganizationId))
    .innerJoin(project, eq(project.projectId, projectDepartment.projectId))
}

export function registerProjectDepartmentRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerResource(app, ctx, projectDepartmentResource)

  // Move a department under another of its organisation (or to the top): a cycle is 20021.
  app.post(PROJECT_API.projectDepartment.move, { config: { auth: 'signed', perm: perm(PROJECT_CONFIG_MENU, 'edit') } }, async (req) => {
    const input = parse(projectDepartmentMove, req.body, req)
    const auth = req.auth!
    const visible = await visibleProjectIds(ctx, auth)
    const now = new Date()
    await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const [self] = await tx
        .select()
        .from(projectDepartment)
        .where(
          and(eq(projectDepartment.projectDepartmentId, input.projectDepartmentId), projectWhere(projectDepartment.projectId, visible)),
        )
      if (!self) throw new ApiError(Code.NOT_FOUND)
      // one write of the row (its version moves once), then the paths of its subtree
      await projectDeptTree.lock(tx, self.projectOrganizationId)
      await projectDeptTree.checkMove(tx, self.projectDepartmentId, input.parentId ?? null)
      await tx
        .update(projectDepartment)
        .set({ parentId: input.parentId ?? null, updateTime: now, updateBy: auth.account.accountId })
        .where(eq(projectDepartment.projectDepartmentId, self.projectDepartmentId))
      await projectDeptTree.repath(tx, self.projectDepartmentId)
    })
    const [row] = await ctx.db.select().from(projectDepartment).where(eq(projectDepartment.projectDepartmentId, input.projectDepartmentId))
    const { path: _path, ...answer } = row!
    return ok(req, answer)
  })

  // The departments a registered account may be put in (项目账号管理's 项目部门): those of the caller's projects.
  app.get(
    PROJECT_API.projectDepartment.listOptions,
    { config: { auth: 'signed', perm: perm('/admin/project-org-account') } },
    async (req) => {
      const visible = await visibleProjectIds(ctx, req.auth!)
      const rows = await departmentOptions(ctx.db)
        .where(projectWhere(projectDepartment.projectId, visible))
        .orderBy(asc(project.sort), asc(project.projectName), asc(projectOrg.sort), asc(projectDepartment.path))
        .limit(5000)
      const names = new Map(rows.map((r) => [r.projectDepartmentId, r.departmentName]))
      const options: ProjectDepartmentOption[] = rows.map(({ path, ...r }) => ({
        ...r,
        pathNames: (path ?? '')
          .split('/')
          .filter(Boolean)
          .slice(0, -1)
          .map((id) => names.get(id) ?? ''),
      }))
      return ok(req, options)
    },
  )
}

/** A registered account's project department must be one of the caller's projects' (20002 on the field); answers its names. */
export async function projectDepartmentChoice(
  ctx: Ctx,
  auth: Parameters<typeof visibleProjectIds>[1],
  projectDepartmentId: string,
  db: Db = ctx.db,
): Promise<{ projectName: string; projectOrganizationName: string; projectDepartmentName: string }> {
  const [row] = await departmentOptions(db).where(eq(projectDepartment.projectDepartmentId, projectDepartmentId))
  if (!row) throw new ApiError(Code.NOT_FOUND, { field: 'projectDepartmentId' })
  requireProjects(await visibleProjectIds(ctx, auth, db), [row.projectId], 'projectDepartmentId')
  return { projectName: row.projectName, projectOrganizationName: row.projectOrganizationName, projectDepartmentName: row.departmentName }
}
