/** Departments: the tree (organisations category 1, departments 2, head counts), add / update / delete, data scope. */
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import type { Client } from './client'
import { signedIn, uniqueName } from './helpers'
import { addDept, addPerson, DEPT, findNode, USER, workOrg, type TreeNode } from './people-fixtures'

interface Department {
  departmentId: string
  departmentName: string
  parentId: string | null
  headCount: number
  version: number
}

describe.each(provided('targets'))('departments on $name', (t) => {
  let admin: Client
  let orgId: string
  beforeAll(async () => {
    admin = await signedIn(t)
    orgId = await workOrg(admin)
  })

  const tree = async (c: Client = admin, organizationId = orgId) =>
    c.call<TreeNode[]>('GET', `${DEPT}/listTreeByOrgId`, { query: { organizationId } })

  it('adds departments and a sub-organisation and shows them in the tree with head counts', async () => {
    const eng = await addDept(admin, orgId, uniqueName('工程部'))
    expect(eng.body.code).toBe(10000)
    expect(eng.body.data).toMatchObject({ category: 2, type: 'department', parentId: orgId, organizationId: orgId, headCount: 0 })
    const team = await addDept(admin, orgId, uniqueName('测量队'), { parentId: eng.body.data.id })
    expect(team.body.data).toMatchObject({ category: 2, parentId: eng.body.data.id })
    const subName = uniqueName('第三工程有限公司')
    const sub = await admin.call<TreeNode>('POST', `${DEPT}/addByOrgId`, {
      json: { organizationId: orgId, departmentName: subName, type: 'subsidiary' },
    })
    expect(sub.body.code).toBe(10000)
    expect(sub.body.data).toMatchObject({ category: 1, type: 'subsidiary', name: subName, parentId: orgId })
    const subDept = await addDept(admin, sub.body.data.id, '综合办公室')
    expect(subDept.body.code).toBe(10000)

    await addPerson(admin, orgId, { departmentId: team.body.data.id })
    await addPerson(admin, orgId, { departmentId: eng.body.data.id })
    await addPerson(admin, sub.body.data.id, { departmentId: subDept.body.data.id })

    const nodes = (await tree()).body.data
    expect(nodes).toHaveLength(1)
    const root = nodes[0]!
    expect(root).toMatchObject({ id: orgId, category: 1, parentId: null })
    expect(findNode(nodes, eng.body.data.id)!.headCount).toBe(2)
    expect(findNode(nodes, team.body.data.id)).toMatchObject({ headCount: 1, parentId: eng.body.data.id })
    expect(findNode(nodes, sub.body.data.id)).toMatchObject({ category: 1, headCount: 1 })
    expect(findNode(nodes, subDept.body.data.id)).toMatchObject({ category: 2, parentId: sub.body.data.id })
    expect(root.headCount).toBeGreaterThanOrEqual(3)
    // Organisations come before departments among the root's children.
    const cats = root.children!.map((c) => c.category)
    expect(cats).toEqual([...cats].sort())

    const flat = await admin.call<Department[]>('GET', `${DEPT}/listByOrgId`, { query: { organizationId: orgId } })
    expect(flat.body.data.find((d) => d.departmentId === eng.body.data.id)).toMatchObject({ headCount: 2, parentId: null })
    expect(flat.body.data.some((d) => d.departmentId === subDept.body.data.id)).toBe(false)

    // Staff of the organisation with its children include the sub-organisation's.
    const withChildren = await admin.call<{ total: number }>('GET', `${USER}/listPage`, {
      query: { organizationId: orgId, includeChildren: 1, pageSize: 2000 },
    })
    const without = await admin.call<{ total: number }>('GET', `${USER}/listPage`, { query: { organizationId: orgId, pageSize: 2000 } })
    expect(withChildren.body.data.total - without.body.data.total).toBeGreaterThanOrEqual(1)
  })

  it('validates names, refuses duplicates at one level and cycles, and deletes only empty departments', async () => {
    expect((await addDept(admin, orgId, '')).body.code).toBe(20001)
    expect((await addDept(admin, orgId, '#工程部')).body.code).toBe(20001)
    expect(
      (await admin.call('POST', `${DEPT}/addByOrgId`, { json: { organizationId: orgId, departmentName: '工程部', type: 'workshop' } })).body
        .code,
    ).toBe(20001)
    const name = uniqueName('物资部')
    const a = (await addDept(admin, orgId, name)).body.data
    expect((await addDept(admin, orgId, name)).body.code).toBe(20006)
    const b = (await addDept(admin, orgId, uniqueName('仓储组'), { parentId: a.id })).body.data

    const [flat] = [(await admin.call<Department[]>('GET', `${DEPT}/listByOrgId`, { query: { organizationId: orgId } })).body.data]
    const aRow = flat!.find((d) => d.departmentId === a.id)!
    const cycle = await admin.call('PUT', `${DEPT}/update`, {
      json: { departmentId: a.id, version: aRow.version, departmentName: name, parentId: b.id },
    })
    expect(cycle.body.code).toBe(20021)
    const renamed = await admin.call<Department>('PUT', `${DEPT}/update`, {
      json: { departmentId: a.id, version: aRow.version, departmentName: `${name}一`, sort: 3 },
    })
    expect(renamed.body).toMatchObject({ code: 10000, data: { departmentName: `${name}一`, version: aRow.version + 1 } })
    // the tree's parent of a top-level department is its organisation: sent back, it stays top-level
    // (a save all the same: the version moves, migration 0010_versions_trigger)
    const asInTree = await admin.call<Department>('PUT', `${DEPT}/update`, {
      json: { departmentId: a.id, version: aRow.version + 1, departmentName: `${name}一`, sort: 3, parentId: orgId },
    })
    expect(asInTree.body).toMatchObject({ code: 10000, data: { parentId: null, version: aRow.version + 2 } })
    // a parent that is no department of the organisation: 20002, never a server fault
    const unknown = await admin.call('PUT', `${DEPT}/update`, {
      json: { departmentId: b.id, version: 0, departmentName: 'x部', parentId: '01900000-0000-7000-8000-00000000abcd' },
    })
    expect(unknown.body.code).toBe(20002)

    expect((await admin.call('POST', `${DEPT}/delete`, { form: { ids: a.id } })).body.code).toBe(20021)
    const p = (await addPerson(admin, orgId, { departmentId: b.id })).body.data
    expect((await admin.call('POST', `${DEPT}/delete`, { form: { ids: b.id } })).body.code).toBe(20021)
    await admin.call('POST', `${USER}/delete`, { form: { ids: p.userId } })
    expect((await admin.call('POST', `${DEPT}/delete`, { form: { ids: b.id } })).body.code).toBe(10000)
    expect((await admin.call('POST', `${DEPT}/delete`, { form: { ids: a.id } })).body.code).toBe(10000)
  })

  it.runIf(t.demo)('answers 20002 for another organisation and 20003 to the tourist', async () => {
    const orgadmin = await signedIn(t, 'orgadmin')
    const foreign = (await addDept(admin, orgId, uniqueName('审计部'))).body.data
    expect((await tree(orgadmin)).body.code).toBe(20002)
    expect((await orgadmin.call('GET', `${DEPT}/listByOrgId`, { query: { organizationId: orgId } })).body.code).toBe(20002)
    expect((await addDept(orgadmin, orgId, '渗透部')).body.code).toBe(20002)
    expect(
      (await orgadmin.call('PUT', `${DEPT}/update`, { json: { departmentId: foreign.id, version: 0, departmentName: '改名' } })).body.code,
    ).toBe(20002)
    expect((await orgadmin.call('POST', `${DEPT}/delete`, { form: { ids: foreign.id } })).body.code).toBe(20002)
    // orgadmin's own tree (default: their organisation) has its child units, not the owner's.
    const own = await orgadmin.call<TreeNode[]>('GET', `${DEPT}/listTreeByOrgId`)
    expect(own.body.code).toBe(10000)
    expect(findNode(own.body.data, orgId)).toBeNull()
    expect(own.body.data[0]!.children!.some((c) => c.category === 1)).toBe(true)

    const tourist = await signedIn(t, 'tourist')
    expect((await tree(tourist)).body.code).toBe(10000)
    expect((await addDept(tourist, orgId, '游客部')).body.code).toBe(20003)
  })
})
