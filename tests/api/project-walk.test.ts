/**
 * Project scope, walked (issue 28, DESIGN §3 "Project scope"): every resource of a project (the list
 * the gateway itself registers, server/lib/resource.ts projectResources) and every other call that
 * names a project or one of its records, tried by an account holding every function of those menus but
 * whose unit does not take part in the project. Each answers 20002 — or, for a list, nothing of that
 * project — and the project's records stay as they were.
 */
import path from 'node:path'
import { tmpdir } from 'node:os'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { STRUCTURE_RESOURCES } from '../../src/contract/schemas/projectStructure'
import { WORK_SITE_RESOURCES } from '../../src/contract/schemas/workSite'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { Db } from '../../server/db/client'
import { projectResources, type ProjectResource } from '../../server/lib/resource'
import { newKey, type Answer, type Client } from './client'
import { signedIn, uniqueName } from './helpers'
import { addAccount, mustAdd, newUnit, PASSWORD, RA } from './accounts-fixtures'
import { LIST_BY_IDS, multipart } from './files-fixtures'
import { seedProjectRecords, type Rec } from './project-fixtures'
import { addRole, flatten, saveMenus, tree } from './roles-fixtures'

const A = '/api/admin/v1'
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
/** Menus of the other calls walked here, besides those of the resources. */
const OTHER_MENUS = [
  '/admin/project-manage',
  '/admin/project-org-account',
  '/admin/project-initialization',
  '/admin/work-site-initialization',
]

async function registeredResources(): Promise<ProjectResource[]> {
  const none = path.join(tmpdir(), 'trestle-project-walk-routes')
  const app = await buildApp(loadConfig({ TRESTLE_DATA_DIR: none, TRESTLE_SERVE_DIST: none }), {} as Db, { logger: false })
  await app.ready()
  const found = [...projectResources(app)]
  await app.close()
  return found
}
const RESOURCES = await registeredResources()
const resourceOf = (name: string) => RESOURCES.find((r) => r.name === name)!

const get = (c: Client, p: string, query: Record<string, string | number> = {}) =>
  c.call('GET', p.startsWith('/') ? p : `${A}/${p}`, { query })
const post = (c: Client, p: string, json: unknown) =>
  c.call('POST', p.startsWith('/') ? p : `${A}/${p}`, { json, idempotencyKey: newKey() })
const put = (c: Client, p: string, json: unknown) => c.call('PUT', p.startsWith('/') ? p : `${A}/${p}`, { json, idempotencyKey: newKey() })
/** A record as a form sends it back: without empty values (the console strips them). */
const payloadOf = (rec: Rec): Rec => Object.fromEntries(Object.entries(rec).filter(([, v]) => v !== null && v !== ''))

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('导入模板')
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}
const importInto = async (c: Client, resource: string, projectId: string, rows: unknown[][]) =>
  c.call('POST', `${A}/${resource}/import`, {
    query: { projectId },
    raw: multipart({ name: 'walk.xlsx', type: XLSX, bytes: await workbook(rows) }),
    unsignedPayload: true,
    idempotencyKey: newKey(),
  })

/** What a walk needs: the project pB of unit B with its records, unit A's own project pA and the caller of unit A. */
interface Walk {
  admin: Client
  caller: Client
  unitA: string
  pA: string
  pB: string
  /** pB as the administrator reads it. */
  project: Rec
  records: Record<string, Rec>
}

/** Calls besides the five of each resource; `refused`: 20002, `hidden`: nothing of pB in the answer. */
interface Call {
  label: string
  kind: 'refused' | 'hidden'
  run: (w: Walk) => Promise<Answer>
}
const id = (w: Walk, resource: string) => String(w.records[resource]![resourceOf(resource).idField])
const NODES = [
  { nodeType: 1, node: (w: Walk) => w.pB },
  { nodeType: 2, node: (w: Walk) => id(w, 'line') },
  { nodeType: 3, node: (w: Walk) => id(w, 'designUnit') },
]
const CALLS: Call[] = [
  { label: 'project/get', kind: 'refused', run: (w) => get(w.caller, 'project/get', { projectId: w.pB }) },
  { label: 'project/update', kind: 'refused', run: (w) => put(w.caller, 'project/update', payloadOf(w.project)) },
  {
    label: 'project/delete',
    kind: 'refused',
    run: (w) => w.caller.call('POST', `${A}/project/delete`, { form: { ids: w.pB }, idempotencyKey: newKey() }),
  },
  { label: 'project/list', kind: 'hidden', run: (w) => get(w.caller, 'project/list') },
  { label: 'project/listPage', kind: 'hidden', run: (w) => get(w.caller, 'project/listPage', { pageSize: 2000 }) },
  { label: 'project/listVisible', kind: 'hidden', run: (w) => get(w.caller, 'project/listVisible') },
  { label: 'container/listTree', kind: 'refused', run: (w) => get(w.caller, 'container/listTree', { projectId: w.pB }) },
  {
    label: 'container/move',
    kind: 'refused',
    run: (w) => post(w.caller, 'container/move', { containerId: id(w, 'container'), parentId: null, index: 0 }),
  },
  {
    label: 'container/copy',
    kind: 'refused',
    run: (w) => post(w.caller, 'container/copy', { containerId: id(w, 'container'), parentId: null, codeSuffix: '-W' }),
  },
  { label: 'container/export', kind: 'refused', run: (w) => get(w.caller, 'container/export', { projectId: w.pB }) },
  {
    label: 'container/import',
    kind: 'refused',
    run: (w) =>
      importInto(w.caller, 'container', w.pB, [
        ['*节点编码', '*节点名称', '上级编码', '*节点类型', '性质', '备注'],
        ['WALK-1', '导入节点', '', '桥梁', '实体', ''],
      ]),
  },
  {
    label: 'projectDepartment/move',
    kind: 'refused',
    run: (w) => post(w.caller, 'projectDepartment/move', { projectDepartmentId: id(w, 'projectDepartment') }),
  },
  { label: 'projectDepartment/listOptions', kind: 'hidden', run: (w) => get(w.caller, 'projectDepartment/listOptions') },
  ...[...STRUCTURE_RESOURCES, ...WORK_SITE_RESOURCES].map((name): Call => ({
    label: `${name}/options`,
    kind: 'refused',
    run: (w) => get(w.caller, `${name}/options`, { projectId: w.pB }),
  })),
  ...NODES.flatMap(({ nodeType, node }): Call[] => [
    {
      label: `attrRelation/nodeOptions (node type ${nodeType})`,
      kind: 'refused',
      run: (w) => get(w.caller, 'attrRelation/nodeOptions', { projectId: w.pB, nodeType }),
    },
    {
      label: `attrValue/get (node type ${nodeType})`,
      kind: 'refused',
      run: (w) => get(w.caller, 'attrValue/get', { nodeType, nodeId: node(w) }),
    },
    {
      label: `attrValue/save (node type ${nodeType})`,
      kind: 'refused',
      run: (w) => post(w.caller, 'attrValue/save', { nodeType, nodeId: node(w), values: {} }),
    },
  ]),
  { label: 'boqItem/totals', kind: 'refused', run: (w) => get(w.caller, 'boqItem/totals', { projectId: w.pB }) },
  { label: 'boqItem/nodes', kind: 'refused', run: (w) => get(w.caller, 'boqItem/nodes', { projectId: w.pB }) },
  { label: 'boqItem/export', kind: 'refused', run: (w) => get(w.caller, 'boqItem/export', { projectId: w.pB }) },
  {
    label: 'boqItem/import',
    kind: 'refused',
    run: (w) =>
      importInto(w.caller, 'boqItem', w.pB, [
        ['*节点编码', '*工程量条目编码', '*清单编码', '*工程量', '*单价', '备注'],
        [String(w.records.container!.containerCode), 'WALK-QTY', 'WALK-Q1', '1', '1', ''],
      ]),
  },
  {
    label: 'userCommonFile/listByIds (a work site photo)',
    kind: 'hidden',
    run: (w) => get(w.caller, LIST_BY_IDS, { fileIds: (w.records.workSite!.photoFileIds as string[]).join(',') }),
  },
  {
    label: 'registerAccount/add (a department of the project)',
    kind: 'refused',
    run: (w) => addAccount(w.caller, w.unitA, { projectDepartmentId: id(w, 'projectDepartment') }, `${RA}/add`),
  },
  ...(
    [
      ['projectInitialization', { source: 'template', templateProjectId: true }],
      ['workSiteInitialization', { source: 'workbook', projectId: true }],
    ] as const
  ).map(([preset, fields]): Call => ({
    label: `projectInit/${preset}/save (${'projectId' in fields ? 'projectId' : 'templateProjectId'})`,
    kind: 'refused',
    run: async (w) => {
      const started = await post(w.caller, `projectInit/${preset}/start`, {})
      expect(started.body.code, started.text).toBe(10000)
      const { runId } = started.body.data as { runId: string }
      const project = 'projectId' in fields ? { projectId: w.pB } : { templateProjectId: w.pB }
      return post(w.caller, `projectInit/${preset}/save`, { runId, step: 1, source: fields.source, ...project })
    },
  })),
]

describe.each(provided('targets'))('project walk on $name', (t) => {
  let w: Walk
  /** Ids of pB and its records: no answer to the caller shows one. */
  let secrets: string[]
  /** pB's records, container tree and attribute values as the administrator read them after seeding. */
  let seeded: unknown

  /** A list query of pB's records (and of a node's, for the records of a node). */
  const scoped = (rec: Rec): Record<string, string> => ({ projectId: w.pB, ...(rec.nodeId ? { nodeId: String(rec.nodeId) } : {}) })
  /** The record as `c` reads it from the resource's list, without its signed file links (they change with every answer). */
  async function readAs(c: Client, r: ProjectResource, rec: Rec): Promise<Rec | undefined> {
    const a = await c.call<Rec[]>('GET', r.paths.list, { query: scoped(rec) })
    expect(a.body.code, `${r.name}/list: ${a.text}`).toBe(10000)
    const found = a.body.data.find((x) => x[r.idField] === rec[r.idField])
    if (!found) return undefined
    const { photoUrls: _links, ...stored } = found
    return stored
  }
  async function stateOfB() {
    const records: Record<string, Rec | undefined> = {}
    for (const r of RESOURCES) records[r.name] = w.records[r.name] && (await readAs(w.admin, r, w.records[r.name]!))
    const containers = await get(w.admin, 'container/listTree', { projectId: w.pB })
    const values = await get(w.admin, 'attrValue/get', { nodeType: 1, nodeId: w.pB })
    return { records, containers: containers.body, values: values.body }
  }

  const refused = (a: Answer, label: string) => expect.soft(a.body.code, `${label}: ${a.text.slice(0, 400)}`).toBe(20002)
  /**
   * Nothing of pB: 10000 without any of its ids, or 20002 (a query without a required projectId: 20001
   * on it). Soft, as `refused`: every failing call of a test is reported.
   */
  function hidden(a: Answer, label: string, projectIdMissing = false) {
    const allowed = projectIdMissing ? [10000, 20001, 20002] : [10000, 20002]
    expect.soft(allowed, `${label}: ${a.text.slice(0, 400)}`).toContain(a.body.code)
    const fields = a.body.code === 20001 ? (a.body.data as { field: string }[]).map((e) => e.field) : ['projectId']
    expect.soft(fields, label).toEqual(['projectId'])
    if (a.body.code === 10000) for (const s of secrets) expect.soft(a.text.includes(s), `${label} answers ${s} of pB`).toBe(false)
  }

  beforeAll(async () => {
    const admin = await signedIn(t)
    const unitA = await newUnit(admin, '项目巡查参建单位')
    const unitB = await newUnit(admin, '项目巡查建设单位')
    const newProject = async (organizationId: string) => {
      const r = await post(admin, 'project/add', {
        projectName: uniqueName('巡查项目'),
        projectCode: uniqueName('WALK-'),
        projectType: 'railway',
        organizationId,
      })
      expect(r.body.code, r.text).toBe(10000)
      return r.body.data as Rec
    }
    const pA = String((await newProject(unitA)).projectId)
    const project = await newProject(unitB)
    const pB = String(project.projectId)
    const records = await seedProjectRecords(admin, pB)

    // a role of scope 'own' granting every menu (with its parents) and function of the walked menus
    const role = await addRole(admin, '项目巡查角色', 'own')
    const grants = await tree(admin, role.roleId)
    const all = flatten(grants.menus)
    const walked = new Set([...RESOURCES.map((r) => r.menu as string), ...OTHER_MENUS])
    const menus = all.filter((m) => m.action && walked.has(m.action.replace(/^\/?/, '/')))
    expect(menus.map((m) => m.action!.replace(/^\/?/, '/')).sort()).toEqual([...walked].sort())
    const menuIds = new Set<string>()
    for (let m of menus) {
      menuIds.add(m.applicationMenuId)
      while (m.parentId) {
        m = all.find((p) => p.applicationMenuId === m.parentId)!
        menuIds.add(m.applicationMenuId)
      }
    }
    const functionIds = menus.flatMap((m) => m.functions.map((f) => f.applicationMenuFunctionId))
    const saved = await saveMenus(admin, role.roleId, grants.applicationId, [...menuIds], functionIds)
    expect(saved.body.code, saved.text).toBe(10000)
    const account = await mustAdd(admin, unitA, { roleIds: [role.roleId] })
    const caller = await signedIn(t, account.accountName, PASSWORD)

    w = { admin, caller, unitA, pA, pB, records, project: (await get(admin, 'project/get', { projectId: pB })).body.data as Rec }
    secrets = [
      pB,
      ...RESOURCES.flatMap((r) => (records[r.name] ? [String(records[r.name]![r.idField])] : [])),
      ...(records.workSite!.photoFileIds as string[]),
    ]
    seeded = await stateOfB()
  }, 240_000)

  it('has a record in seedProjectRecords for every project resource the gateway registers', () => {
    expect(Object.keys(w.records).sort()).toEqual(RESOURCES.map((r) => r.name).sort())
  })

  it.each(RESOURCES.map((r) => r.name))(
    "%s: another project's record is not listed, added to, updated or deleted (20002) and stays as it was",
    async (name) => {
      const r = resourceOf(name)
      const rec = w.records[name]
      expect(rec, `${name}: seedProjectRecords has no record`).toBeDefined()
      const current = (await readAs(w.admin, r, rec!))!
      expect(current, `${name}: the administrator reads the record`).toBeDefined()
      const ids = String(current[r.idField])

      for (const query of [scoped(current), {}]) {
        const without = !('projectId' in query)
        if (r.calls.includes('list')) hidden(await get(w.caller, r.paths.list, query), `${name}/list ${JSON.stringify(query)}`, without)
        if (r.calls.includes('listPage'))
          hidden(await get(w.caller, r.paths.listPage, { ...query, pageSize: 2000 }), `${name}/listPage ${JSON.stringify(query)}`, without)
      }
      const { [r.idField]: _id, version: _version, ...fields } = payloadOf(current)
      if (r.calls.includes('add')) refused(await post(w.caller, r.paths.add, fields), `${name}/add`)
      if (r.calls.includes('update')) {
        refused(await put(w.caller, r.paths.update, payloadOf(current)), `${name}/update`)
        refused(await put(w.caller, r.paths.update, { ...payloadOf(current), projectId: w.pA }), `${name}/update into pA`)
      }
      if (r.calls.includes('delete')) {
        refused(await w.caller.call('POST', r.paths.delete, { form: { ids }, idempotencyKey: newKey() }), `POST ${name}/delete`)
        refused(await w.caller.call('DELETE', r.paths.delete, { query: { ids }, idempotencyKey: newKey() }), `DELETE ${name}/delete`)
      }
      expect(await readAs(w.admin, r, current), `${name}: the record after the walk`).toEqual(current)
    },
  )

  it.each(CALLS)("$label on another project's records: $kind", async (call) => {
    const a = await call.run(w)
    if (call.kind === 'refused') refused(a, call.label)
    else hidden(a, call.label)
  })

  it('boqItem/export without a project exports none of its items', async () => {
    const signed = await w.caller.signedRequest('GET', `${A}/boqItem/export`)
    const res = await fetch(signed.url, { headers: signed.headers })
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(res.headers.get('content-type'), bytes.toString().slice(0, 400)).toContain(XLSX)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(bytes as unknown as ArrayBuffer)
    const cells: string[] = []
    wb.worksheets[0]!.eachRow((row) => cells.push(...(row.values as unknown[]).map((v) => String(v ?? ''))))
    expect(cells).not.toContain(String(w.records.boqItem!.itemCode))
  })

  it("leaves pB's records, container tree and attribute values as they were", async () => {
    expect(await stateOfB()).toEqual(seeded)
  })
})
