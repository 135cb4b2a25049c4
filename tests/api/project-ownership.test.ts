/**
 * Seeing is not owning (issue 28, DESIGN §3 "Ownership"): a unit that only takes part in another
 * unit's project works in its structure but never renames it, re-owns it, changes its participating
 * units or deletes it; the owner unit never leaves its participants; a project with structure is not
 * deleted. Attribute relations belong to their node's project: another project's are not listed,
 * moved or deleted.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newKey, type Answer, type Client } from './client'
import { signedIn, uniqueName } from './helpers'
import { mustAdd, newUnit, PASSWORD } from './accounts-fixtures'
import { addRole, byAction, saveMenus, tree } from './roles-fixtures'

const A = '/api/admin/v1'
const MENUS = ['/admin/project-manage', '/admin/project-information', '/admin/project-configuration', '/admin/extends-setting']

interface Project {
  projectId: string
  projectName: string
  projectCode: string
  organizationId: string
  version: number
  [k: string]: unknown
}
interface Participant {
  projectUnitId: string
  organizationId: string
  unitType: string
  version: number
  [k: string]: unknown
}

const post = <T>(c: Client, path: string, json: unknown) => c.call<T>('POST', `${A}/${path}`, { json, idempotencyKey: newKey() })
const put = <T>(c: Client, path: string, json: unknown) => c.call<T>('PUT', `${A}/${path}`, { json, idempotencyKey: newKey() })
const del = (c: Client, path: string, ids: string) => c.call('POST', `${A}/${path}/delete`, { form: { ids }, idempotencyKey: newKey() })
function ok<T>(a: Answer<T>): T {
  expect(a.body.code, a.text).toBe(10000)
  return a.body.data
}
const getProject = async (c: Client, projectId: string) => ok(await c.call<Project>('GET', `${A}/project/get`, { query: { projectId } }))
const participants = async (c: Client, projectId: string) =>
  ok(await c.call<Participant[]>('GET', `${A}/projectUnit/list`, { query: { projectId } }))
const newProject = async (c: Client, organizationId: string) =>
  ok(
    await post<Project>(c, 'project/add', {
      projectName: uniqueName('归属测试项目'),
      projectCode: uniqueName('OWN-'),
      projectType: 'railway',
      organizationId,
    }),
  )

describe.each(provided('targets'))('project ownership on $name', (t) => {
  let admin: Client
  let unitA: string
  let unitB: string
  /** Owned by unit B; unit A takes part as the construction unit. */
  let shared: Project
  /** Owned by unit A. */
  let own: Project
  /** An account of unit A, role scope 'own', holding every project menu's functions. */
  let memberA: Client

  beforeAll(async () => {
    admin = await signedIn(t)
    unitA = await newUnit(admin, '归属测试参建单位')
    unitB = await newUnit(admin, '归属测试建设单位')
    shared = await newProject(admin, unitB)
    ok(await post(admin, 'projectUnit/add', { projectId: shared.projectId, unitType: 'construction', organizationId: unitA }))
    own = await newProject(admin, unitA)
    const role = await addRole(admin, '项目归属测试角色', 'own')
    const grants = await tree(admin, role.roleId)
    const menus = MENUS.map((m) => byAction(grants, m))
    ok(
      await saveMenus(
        admin,
        role.roleId,
        grants.applicationId,
        [...new Set(menus.flatMap((m) => [m.applicationMenuId, ...(m.parentId ? [m.parentId] : [])]))],
        menus.flatMap((m) => m.functions.map((f) => f.applicationMenuFunctionId)),
      ),
    )
    const acc = await mustAdd(admin, unitA, { roleIds: [role.roleId] })
    memberA = await signedIn(t, acc.accountName, PASSWORD)
  })

  it("lets a participating unit see the project but not rename, re-own or delete it (20021); the owner's administrators may", async () => {
    const seen = await getProject(memberA, shared.projectId)
    expect(seen.organizationId).toBe(unitB)

    const rename = await put(memberA, 'project/update', { ...seen, projectName: uniqueName('改名') })
    expect(rename.body.code, rename.text).toBe(20021)
    const reown = await put(memberA, 'project/update', { ...seen, organizationId: unitA })
    expect(reown.body.code, reown.text).toBe(20021)
    expect((await del(memberA, 'project', shared.projectId)).body.code).toBe(20021)
    expect(await getProject(admin, shared.projectId)).toMatchObject({
      projectName: shared.projectName,
      organizationId: unitB,
      version: shared.version,
    })

    // its own project: renamed by the member
    const mine = await getProject(memberA, own.projectId)
    const renamed = ok(await put<Project>(memberA, 'project/update', { ...mine, projectName: uniqueName('自有项目') }))
    expect(renamed.version).toBe(mine.version + 1)
  })

  it('keeps participating units to the owner: a participant neither adds, changes nor removes them, and the owner never leaves', async () => {
    const before = await participants(memberA, shared.projectId)
    const ownerEntry = before.find((p) => p.organizationId === unitB && p.unitType === 'build')!
    const mineEntry = before.find((p) => p.organizationId === unitA)!
    expect(ownerEntry && mineEntry).toBeTruthy()

    expect((await del(memberA, 'projectUnit', ownerEntry.projectUnitId)).body.code).toBe(20021)
    expect((await put(memberA, 'projectUnit/update', { ...ownerEntry, organizationId: unitA })).body.code).toBe(20021)
    expect(
      (await post(memberA, 'projectUnit/add', { projectId: shared.projectId, unitType: 'design', organizationId: unitA })).body.code,
    ).toBe(20021)
    expect((await del(memberA, 'projectUnit', mineEntry.projectUnitId)).body.code).toBe(20021)

    // the owner's own administrator (here the system administrator) still cannot remove or change the owner's entry
    const removeOwner = await del(admin, 'projectUnit', ownerEntry.projectUnitId)
    expect(removeOwner.body.code, removeOwner.text).toBe(20021)
    expect((await put(admin, 'projectUnit/update', { ...ownerEntry, unitType: 'design' })).body.code).toBe(20021)
    expect(await participants(admin, shared.projectId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ projectUnitId: ownerEntry.projectUnitId, organizationId: unitB, unitType: 'build' }),
      ]),
    )
    // …while changing a contact of the owner's entry is fine
    ok(await put(admin, 'projectUnit/update', { ...ownerEntry, contactPerson: '王工' }))
  })

  it('lets participants work in the structure, and refuses to delete a project that still has any (naming what is left)', async () => {
    const line = ok(
      await post<{ lineId: string }>(memberA, 'line/add', {
        projectId: shared.projectId,
        lineCode: uniqueName('L'),
        lineName: uniqueName('正线'),
        lineType: 'main',
      }),
    )
    const refused = await del(admin, 'project', shared.projectId)
    expect(refused.body.code, refused.text).toBe(20021)
    expect(refused.body.message).toContain('1 个线路')
    ok(await del(admin, 'line', line.lineId))

    const empty = await newProject(admin, unitB)
    ok(await del(admin, 'project', empty.projectId))
    expect((await admin.call('GET', `${A}/project/get`, { query: { projectId: empty.projectId } })).body.code).toBe(20002)
  })

  it("limits attribute relations to the caller's projects: another project's are not listed, moved or deleted", async () => {
    const group = ok(
      await post<{ groupId: string }>(admin, 'attrGroup/add', {
        groupName: uniqueName('关系组'),
        groupCode: uniqueName('RG'),
        nodeType: 1,
      }),
    )
    const other = await newProject(admin, unitB)
    const foreign = ok(
      await post<{ relationId: string; projectId: string; version: number }>(admin, 'attrRelation/add', {
        groupId: group.groupId,
        nodeId: other.projectId,
      }),
    )
    expect(foreign.projectId).toBe(other.projectId)
    const mine = ok(
      await post<{ relationId: string; projectId: string }>(memberA, 'attrRelation/add', { groupId: group.groupId, nodeId: own.projectId }),
    )
    expect(mine.projectId).toBe(own.projectId)

    const listed = ok(await memberA.call<{ relationId: string }[]>('GET', `${A}/attrRelation/list`, { query: { groupId: group.groupId } }))
    expect(listed.map((r) => r.relationId)).toEqual([mine.relationId])
    const moved = await put(memberA, 'attrRelation/update', { ...foreign, nodeId: own.projectId })
    expect(moved.body.code, moved.text).toBe(20002)
    expect((await del(memberA, 'attrRelation', foreign.relationId)).body.code).toBe(20002)
    const all = ok(
      await admin.call<{ relationId: string; nodeId: string }[]>('GET', `${A}/attrRelation/list`, { query: { groupId: group.groupId } }),
    )
    expect(all).toEqual(expect.arrayContaining([expect.objectContaining({ relationId: foreign.relationId, nodeId: other.projectId })]))
  })
})
