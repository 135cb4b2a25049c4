/**
 * Engineering dictionaries (issue 13 part A) on both databases: engineering majors, the EBS / WBS /
 * quantity trees (CRUD with versions, 20006 on a duplicate code, delete with the subtree, moves with
 * cycles refused — also two at once —, subtree copy, the EBS standard of a major and copying from it
 * with ancestors, search keeping ancestors, Excel import with a per-row report, export), the WBS–EBS
 * relations, and permissions (a menu's functions; another kind's ids are not found).
 */
import { createHmac, randomBytes } from 'node:crypto'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { newKey, sha256, utcStamp, type Answer, type Client } from './client'
import { signedIn, uniqueName } from './helpers'
import { mustAdd, newUnit, PASSWORD } from './accounts-fixtures'
import { multipart, LIST_BY_IDS, type FileInfo } from './files-fixtures'
import { byAction, fnOf, saveMenus, tree } from './roles-fixtures'

const A = '/api/admin/v1'
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

interface Node {
  nodeId: string
  parentId: string | null
  nodeCode: string
  nodeName: string
  unit?: string
  majorId?: string
  status: number
  level: number
  version: number
  childCount: number
}
interface ImportStatus {
  total: number
  succeeded: number
  failed: number
  done: boolean
  reportFileId: string | null
}

const post = <T>(c: Client, path: string, json: unknown): Promise<Answer<T>> => c.call<T>('POST', path, { json, idempotencyKey: newKey() })
const put = <T>(c: Client, path: string, json: unknown): Promise<Answer<T>> => c.call<T>('PUT', path, { json, idempotencyKey: newKey() })
const del = (c: Client, path: string, ids: string[]) => c.call('POST', path, { form: { ids: ids.join(',') }, idempotencyKey: newKey() })
const ok = <T>(r: Answer<T>): T => {
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('导入模板')
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}
async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(bytes as unknown as ArrayBuffer)
  const out: string[][] = []
  wb.worksheets[0]!.eachRow((row) =>
    out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  )
  return out
}

/** A signed GET whose answer is binary (an export). */
async function download(c: Client, path: string, query: string) {
  const timestamp = utcStamp()
  const nonce = randomBytes(12).toString('hex')
  const signature = createHmac('sha256', c.privateKey ?? '')
    .update([timestamp, nonce, 'GET', path, query, sha256('')].join('\n'))
    .digest('hex')
  const res = await fetch(`${c.base}${path}?${query}`, {
    headers: {
      authorization: c.token ?? '',
      accessToken: c.accessToken ?? '',
      appCode: c.appCode,
      menuId: '',
      timestamp,
      nonce,
      signature,
    },
  })
  return { type: res.headers.get('content-type') ?? '', bytes: Buffer.from(await res.arrayBuffer()) }
}

/** Every node's parent is in the list before it and no node is its own ancestor (the answer is a tree). */
function expectValidTree(nodes: Node[]) {
  const seen = new Map<string, Node>()
  for (const n of nodes) {
    if (n.parentId) expect(seen.has(n.parentId), `${n.nodeCode}'s parent comes first`).toBe(true)
    if (n.parentId) expect(n.level).toBe(seen.get(n.parentId)!.level + 1)
    else expect(n.level).toBe(1)
    seen.set(n.nodeId, n)
  }
}

describe.each(provided('targets'))('engineering dictionaries on $name', (t) => {
  let admin: Client
  /** An account with the WBS menu and every WBS function but `move`, nothing else of the dictionaries. */
  let wbsOnly: Client
  const tag = uniqueName('').toUpperCase()
  const code = (c: string) => `${tag}-${c}`

  const add = (c: Client, kind: string, nodeCode: string, parentId: string | null = null, extra: Record<string, unknown> = {}) =>
    post<Node>(c, `${A}/${kind}/add`, { parentId, nodeCode, nodeName: `节点${nodeCode}`, unit: 'm', ...extra })
  const treeOf = async (c: Client, kind: string, keyword?: string) =>
    ok(await c.call<Node[]>('GET', `${A}/${kind}/listTree`, { query: keyword ? { keyword } : {} }))
  /** The codes of a subtree, in tree order (other tests' nodes left out). */
  const subtree = (nodes: Node[], rootId: string) => {
    const ids = new Set([rootId])
    return nodes
      .filter((n) => (n.nodeId === rootId || (n.parentId && ids.has(n.parentId)) ? ids.add(n.nodeId) : false))
      .map((n) => n.nodeCode)
  }

  beforeAll(async () => {
    admin = await signedIn(t)
    const u = await newUnit(admin, '字典测试单位')
    const role = ok(await post<{ roleId: string }>(admin, `${A}/role/add`, { roleName: uniqueName('字典角色'), sort: 1, dataScope: 'own' }))
    const grants = await tree(admin, role.roleId)
    const wbs = byAction(grants, '/admin/wbs-management')
    const group = grants.menus.find((g) => g.children.some((c) => c.applicationMenuId === wbs.applicationMenuId))!
    const fnIds = wbs.functions.filter((f) => f.functionAction !== 'move').map((f) => f.applicationMenuFunctionId)
    expect(fnOf(wbs, 'move')).toBeTruthy()
    ok(await saveMenus(admin, role.roleId, grants.applicationId, [group.applicationMenuId, wbs.applicationMenuId], fnIds))
    const account = await mustAdd(admin, u, { roleIds: [role.roleId] })
    wbsOnly = await signedIn(t, account.accountName, PASSWORD)
  }, 120_000)

  it('keeps majors and an EBS tree: levels, tree order, versions, 20006 on a duplicate code, delete with the subtree', async () => {
    const major = ok(
      await post<{ majorId: string }>(admin, `${A}/dictMajor/add`, { majorCode: code('BR'), majorName: uniqueName('桥梁专业') }),
    )
    const dupMajor = await post(admin, `${A}/dictMajor/add`, { majorCode: code('br'), majorName: uniqueName('重复专业') })
    expect(dupMajor.body).toMatchObject({ code: 20006, data: { field: 'majorCode' } })

    const root = ok(await add(admin, 'ebs', code('E'), null, { majorId: major.majorId, unit: '座' }))
    expect(root).toMatchObject({ parentId: null, majorId: major.majorId, status: 1, version: 0 })
    const a = ok(await add(admin, 'ebs', code('E-A'), root.nodeId))
    ok(await add(admin, 'ebs', code('E-B'), root.nodeId))
    ok(await add(admin, 'ebs', code('E-A-1'), a.nodeId))
    const nodes = await treeOf(admin, 'ebs')
    expectValidTree(nodes)
    expect(subtree(nodes, root.nodeId)).toEqual([code('E'), code('E-A'), code('E-A-1'), code('E-B')])
    const a1 = nodes.find((n) => n.nodeCode === code('E-A-1'))!
    expect(a1.level).toBe(3)
    expect(nodes.find((n) => n.nodeId === root.nodeId)).toMatchObject({ childCount: 2, unit: '座' })

    // 20006 on the code within the dictionary; the same code in another dictionary is fine
    const dup = await add(admin, 'ebs', code('E-B'))
    expect(dup.body).toMatchObject({ code: 20006, data: { field: 'nodeCode' } })
    expect(dup.body.message).toBe('本字典中已有该编码的节点')
    const wbsTwin = ok(await add(admin, 'wbs', code('E-B')))
    // 20001 on the fields
    const bad = await post(admin, `${A}/ebs/add`, { nodeCode: '坏 编码', nodeName: '', status: 3 })
    expect(bad.body.code).toBe(20001)
    expect([...new Set((bad.body.data as { field: string }[]).map((e) => e.field))].sort()).toEqual(['nodeCode', 'nodeName', 'status'])

    // versions: an edit moves it, a stale edit is 20008 with the current record
    const edited = ok(await put<Node>(admin, `${A}/ebs/update`, { ...a, nodeName: '基础', description: '桩基' }))
    expect(edited).toMatchObject({ nodeName: '基础', version: 1, parentId: root.nodeId })
    const stale = await put(admin, `${A}/ebs/update`, { ...a, nodeName: '旧名' })
    expect(stale.body).toMatchObject({ code: 20008, data: { nodeName: '基础', version: 1 } })
    // another dictionary's node is not this one's
    expect((await put(admin, `${A}/ebs/update`, { ...wbsTwin, nodeName: '串台' })).body.code).toBe(20002)
    expect((await del(admin, `${A}/ebs/delete`, [wbsTwin.nodeId])).body.code).toBe(20002)

    ok(await del(admin, `${A}/ebs/delete`, [a.nodeId]))
    expect(subtree(await treeOf(admin, 'ebs'), root.nodeId)).toEqual([code('E'), code('E-B')])
  })

  it('moves to a place among siblings, refuses cycles (20021), and two concurrent moves leave a valid tree', async () => {
    const r = ok(await add(admin, 'wbs', code('M')))
    const x = ok(await add(admin, 'wbs', code('M-X'), r.nodeId))
    const y = ok(await add(admin, 'wbs', code('M-Y'), r.nodeId))
    const z = ok(await add(admin, 'wbs', code('M-Z'), r.nodeId))
    ok(await post(admin, `${A}/wbs/move`, { nodeId: z.nodeId, parentId: r.nodeId, index: 0 }))
    expect(subtree(await treeOf(admin, 'wbs'), r.nodeId)).toEqual([code('M'), code('M-Z'), code('M-X'), code('M-Y')])

    const cycle = await post(admin, `${A}/wbs/move`, { nodeId: r.nodeId, parentId: x.nodeId, index: 0 })
    expect(cycle.body.code).toBe(20021)
    expect(cycle.body.message).toBe('不能移动到自身或其下级节点之下')
    // a parent in another dictionary is not found
    const e = ok(await add(admin, 'ebs', code('M-E')))
    expect((await post(admin, `${A}/wbs/move`, { nodeId: x.nodeId, parentId: e.nodeId })).body).toMatchObject({ code: 20002 })

    // x under y and y under x at the same time: one passes, the other is refused; the tree stays valid
    const [m1, m2] = await Promise.all([
      post(admin, `${A}/wbs/move`, { nodeId: x.nodeId, parentId: y.nodeId }),
      post(admin, `${A}/wbs/move`, { nodeId: y.nodeId, parentId: x.nodeId }),
    ])
    expect([m1.body.code, m2.body.code].sort()).toEqual([10000, 20021])
    const after = await treeOf(admin, 'wbs')
    expectValidTree(after)
    expect(subtree(after, r.nodeId)).toHaveLength(4)

    // many moves at once: still one tree
    const kids = [x, y, z]
    const moves = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(admin, `${A}/wbs/move`, { nodeId: kids[i % 3]!.nodeId, parentId: i % 2 ? kids[(i + 1) % 3]!.nodeId : r.nodeId }),
      ),
    )
    for (const m of moves) expect([10000, 20021]).toContain(m.body.code)
    const final = await treeOf(admin, 'wbs')
    expectValidTree(final)
    expect(subtree(final, r.nodeId)).toHaveLength(4)

    // a move based on an old version: 20008
    const cur = final.find((n) => n.nodeId === z.nodeId)!
    expect((await post(admin, `${A}/wbs/move`, { nodeId: z.nodeId, parentId: r.nodeId, version: cur.version + 5 })).body.code).toBe(20008)
  })

  it('copies a subtree with a code suffix, serves the EBS standard of a major with ancestors and copies from it', async () => {
    const major = ok(
      await post<{ majorId: string }>(admin, `${A}/dictMajor/add`, { majorCode: code('TN'), majorName: uniqueName('隧道专业') }),
    )
    const top = ok(await add(admin, 'ebs', code('S')))
    const mid = ok(await add(admin, 'ebs', code('S-1'), top.nodeId))
    const leaf = ok(await add(admin, 'ebs', code('S-1-1'), mid.nodeId, { majorId: major.majorId }))
    ok(await add(admin, 'ebs', code('S-2'), top.nodeId))

    // the standard of the major: its node and the ancestors (SPEC's spelling marjorId)
    const std = ok(await admin.call<Node[]>('GET', `${A}/ebs/listByMajor`, { query: { marjorId: major.majorId } }))
    expect(std.map((n) => n.nodeCode)).toEqual([code('S'), code('S-1'), code('S-1-1')])
    expect((await admin.call('GET', `${A}/ebs/listByMajor`, { query: { majorId: major.majorId } })).body.code).toBe(20001)

    const copied = ok(
      await post<{ rootId: string; copied: number }>(admin, `${A}/ebs/copy`, {
        nodeId: mid.nodeId,
        parentId: top.nodeId,
        codeSuffix: '-C',
      }),
    )
    expect(copied.copied).toBe(2)
    expect(subtree(await treeOf(admin, 'ebs'), top.nodeId)).toEqual([
      code('S'),
      code('S-1'),
      code('S-1-1'),
      code('S-2'),
      code('S-1-C'),
      code('S-1-1-C'),
    ])
    const clash = await post(admin, `${A}/ebs/copy`, { nodeId: mid.nodeId, parentId: top.nodeId, codeSuffix: '-C' })
    expect(clash.body).toMatchObject({ code: 20006, data: { field: 'codeSuffix' } })

    // copy the leaf from the standard into the quantity dictionary: its ancestors come along
    const q = ok(await post<{ copied: number }>(admin, `${A}/quantity/copyFromStandard`, { nodeIds: [leaf.nodeId], parentId: null }))
    expect(q.copied).toBe(3)
    const qTree = await treeOf(admin, 'quantity', code('S-1-1'))
    expect(qTree.map((n) => [n.nodeCode, n.level])).toEqual([
      [code('S'), 1],
      [code('S-1'), 2],
      [code('S-1-1'), 3],
    ])
    // into EBS itself the codes need a suffix
    expect((await post(admin, `${A}/ebs/copyFromStandard`, { nodeIds: [leaf.nodeId] })).body).toMatchObject({ code: 20006 })
    expect((await post(admin, `${A}/quantity/copyFromStandard`, { nodeIds: [qTree[0]!.nodeId] })).body.code).toBe(20002)
  })

  it('searches keeping the ancestors of the matches', async () => {
    const r = ok(await add(admin, 'quantity', code('K')))
    const a = ok(await add(admin, 'quantity', code('K-A'), r.nodeId))
    ok(await add(admin, 'quantity', code('K-A-1'), a.nodeId, { nodeName: `${tag}混凝土C30` }))
    ok(await add(admin, 'quantity', code('K-B'), r.nodeId))
    const found = await treeOf(admin, 'quantity', `${tag}混凝土`)
    expect(found.map((n) => n.nodeCode)).toEqual([code('K'), code('K-A'), code('K-A-1')])
    expectValidTree(found)
  })

  it('imports from Excel (parents and majors by code), reports the bad rows, and exports in tree order', async () => {
    const major = ok(
      await post<{ majorId: string; majorCode: string }>(admin, `${A}/dictMajor/add`, {
        majorCode: code('RD'),
        majorName: uniqueName('路基专业'),
      }),
    )
    const file = await xlsx([
      ['*编码', '*名称', '上级编码', '计量单位', '专业编码', '状态', '描述'],
      [code('I'), '导入根', '', '', major.majorCode, '启用', ''],
      [code('I-1'), '路基', code('I'), 'm', '', '', ''],
      [code('I-1-1'), '填方', code('I-1'), 'm³', '', '停用', ''],
      [code('I-9'), '孤儿', 'NOPE', '', '', '', '上级不存在'],
      [code('I-8'), '专业错', code('I'), '', 'NOMAJOR', '', '专业不存在'],
      ['坏 编码', '格式错', '', '', '', '', '编码格式'],
      [code('I'), '重复', '', '', '', '', '编码重复'],
    ])
    const r = await admin.call<ImportStatus>('POST', `${A}/wbs/import`, {
      raw: multipart({ name: 'wbs.xlsx', type: XLSX, bytes: file }),
      unsignedPayload: true,
      idempotencyKey: newKey(),
    })
    expect(r.body.data).toMatchObject({ total: 7, succeeded: 3, failed: 4, done: true })
    const nodes = await treeOf(admin, 'wbs', code('I-1-1'))
    expect(nodes.map((n) => [n.nodeCode, n.level, n.status])).toEqual([
      [code('I'), 1, 1],
      [code('I-1'), 2, 1],
      [code('I-1-1'), 3, 0],
    ])
    expect(nodes[0]!.majorId).toBe(major.majorId)

    const info = ok(await admin.call<FileInfo[]>('GET', LIST_BY_IDS, { query: { fileIds: r.body.data.reportFileId! } }))
    const report = await readXlsx(Buffer.from(await (await fetch(t.url + info[0]!.url)).arrayBuffer()))
    expect(report[0]!.at(-1)).toBe('错误原因')
    expect(report.slice(1).map((row) => row[6])).toEqual(['上级不存在', '专业不存在', '编码格式', '编码重复'])
    expect(report[1]!.at(-1)).toBe('上级编码在本字典中不存在')
    expect(report[2]!.at(-1)).toBe('没有该编码的专业')
    expect(report[4]!.at(-1)).toContain('本字典中已有该编码的节点')

    const exported = await download(admin, `${A}/wbs/export`, `keyword=${code('I-1')}`)
    expect(exported.type).toContain('spreadsheetml')
    const rows = await readXlsx(exported.bytes)
    expect(rows.slice(1).map((x) => [0, 2, 3, 4, 5].map((i) => x[i] ?? ''))).toEqual([
      [code('I'), '', '', major.majorCode, '启用'],
      [code('I-1'), code('I'), 'm', '', '启用'],
      [code('I-1-1'), code('I-1'), 'm³', '', '停用'],
    ])
  })

  it('links WBS nodes to EBS nodes, many to many, and refuses ids of the wrong dictionary', async () => {
    const w = ok(await add(admin, 'wbs', code('L')))
    const e1 = ok(await add(admin, 'ebs', code('L-1')))
    const e2 = ok(await add(admin, 'ebs', code('L-2')))
    ok(await post(admin, `${A}/wbsEbsRel/save`, { wbsId: w.nodeId, ebsIds: [e1.nodeId, e2.nodeId] }))
    expect(ok(await admin.call<string[]>('GET', `${A}/wbsEbsRel/list`, { query: { wbsId: w.nodeId } })).sort()).toEqual(
      [e1.nodeId, e2.nodeId].sort(),
    )
    ok(await post(admin, `${A}/wbsEbsRel/save`, { wbsId: w.nodeId, ebsIds: [e2.nodeId] }))
    expect(ok(await admin.call<string[]>('GET', `${A}/wbsEbsRel/list`, { query: { wbsId: w.nodeId } }))).toEqual([e2.nodeId])
    expect((await post(admin, `${A}/wbsEbsRel/save`, { wbsId: e1.nodeId, ebsIds: [] })).body).toMatchObject({
      code: 20002,
      data: { field: 'wbsId' },
    })
    expect((await post(admin, `${A}/wbsEbsRel/save`, { wbsId: w.nodeId, ebsIds: [w.nodeId] })).body).toMatchObject({
      code: 20002,
      data: { field: 'ebsIds' },
    })
    // deleting an EBS node drops its links
    ok(await del(admin, `${A}/ebs/delete`, [e2.nodeId]))
    expect(ok(await admin.call<string[]>('GET', `${A}/wbsEbsRel/list`, { query: { wbsId: w.nodeId } }))).toEqual([])
    const both = ok(await admin.call<Node[]>('GET', `${A}/wbsEbsRel/tree`, { query: { kind: 'ebs', keyword: code('L-1') } }))
    expect(both.map((n) => n.nodeCode)).toEqual([code('L-1')])
  })

  it('checks the menu and its functions: another menu is 20003, a function not granted is 20003', async () => {
    const mine = ok(await add(wbsOnly, 'wbs', code('P')))
    const child = ok(await add(wbsOnly, 'wbs', code('P-1'), mine.nodeId))
    expect((await treeOf(wbsOnly, 'wbs')).some((n) => n.nodeId === child.nodeId)).toBe(true)
    expect((await wbsOnly.call('GET', `${A}/ebs/listTree`)).body.code).toBe(20003)
    expect((await wbsOnly.call('GET', `${A}/wbs/majors`)).body.code).toBe(10000)
    expect((await post(wbsOnly, `${A}/dictMajor/add`, { majorCode: code('X'), majorName: '无权' })).body.code).toBe(20003)
    // every WBS function but move
    expect((await post(wbsOnly, `${A}/wbs/move`, { nodeId: child.nodeId, parentId: null })).body.code).toBe(20003)
    expect((await post(wbsOnly, `${A}/wbs/copy`, { nodeId: child.nodeId, parentId: mine.nodeId, codeSuffix: '-2' })).body.code).toBe(10000)
    expect((await wbsOnly.call('GET', `${A}/wbsEbsRel/tree`, { query: { kind: 'wbs' } })).body.code).toBe(20003)
  })
})

describe.runIf(provided('pgPair'))('a dictionary tree across two gateway processes on one PostgreSQL', () => {
  it('a change made through one is in the other’s next opening and search at once, whether it had read the tree or not', async () => {
    const [a, b] = provided('pgPair')!
    const [onA, onB] = await Promise.all([signedIn(a!), signedIn(b!)])
    const tag = uniqueName('').toUpperCase()
    const treeOf = async (c: Client, keyword?: string) =>
      ok(await c.call<Node[]>('GET', `${A}/ebs/listTree`, { query: keyword ? { keyword } : {} }))
    const codes = (nodes: Node[]) => nodes.map((n) => n.nodeCode).filter((c) => c.startsWith(tag))

    const root = ok(await post<Node>(onA, `${A}/ebs/add`, { parentId: null, nodeCode: `${tag}-R`, nodeName: '跨进程根', unit: 'm' }))
    const leaf = ok(await post<Node>(onA, `${A}/ebs/add`, { parentId: root.nodeId, nodeCode: `${tag}-L`, nodeName: '跨进程叶', unit: 'm' }))
    // B reads the tree (and keeps it), then searches it: by code in another case, by name
    expect(codes(await treeOf(onB))).toEqual([`${tag}-R`, `${tag}-L`])
    expect(codes(await treeOf(onB, `${tag}-l`.toLowerCase()))).toEqual([`${tag}-R`, `${tag}-L`])
    expect(codes(await treeOf(onB, '跨进程叶'))).toEqual([`${tag}-R`, `${tag}-L`])

    // A renames the leaf and adds a sibling: B's very next search and opening show them
    ok(await put(onA, `${A}/ebs/update`, { ...leaf, nodeName: '改名之叶' }))
    expect(codes(await treeOf(onB, '跨进程叶'))).toEqual([])
    expect(codes(await treeOf(onB, '改名之叶'))).toEqual([`${tag}-R`, `${tag}-L`])
    ok(await post<Node>(onA, `${A}/ebs/add`, { parentId: root.nodeId, nodeCode: `${tag}-M`, nodeName: '新增之叶', unit: 'm' }))
    const opened = await treeOf(onB)
    expect(codes(opened)).toEqual([`${tag}-R`, `${tag}-L`, `${tag}-M`])
    expect(opened.find((n) => n.nodeCode === `${tag}-L`)).toMatchObject({ nodeName: '改名之叶', version: 1 })
    expect(opened.find((n) => n.nodeCode === `${tag}-R`)).toMatchObject({ childCount: 2 })
    // B now searches its fresh copy; A moves and deletes: B's next answers follow
    expect(codes(await treeOf(onB, '新增之叶'))).toEqual([`${tag}-R`, `${tag}-M`])
    ok(await post(onA, `${A}/ebs/move`, { nodeId: opened.find((n) => n.nodeCode === `${tag}-M`)!.nodeId, parentId: null, index: 0 }))
    expect(codes(await treeOf(onB, '新增之叶'))).toEqual([`${tag}-M`])
    ok(await del(onA, `${A}/ebs/delete`, [root.nodeId]))
    expect(codes(await treeOf(onB))).toEqual([`${tag}-M`])
    expect(codes(await treeOf(onB, tag))).toEqual([`${tag}-M`])
  })
})
