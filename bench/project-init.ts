/**
 * `npm run bench` (projectInit part): the project initialisation wizard over loopback on a fresh
 * embedded gateway, as the system administrator: a workbook of BENCH_INIT_CONTAINERS container
 * nodes (default 5,000, a three-level tree) and BENCH_INIT_DESIGN_UNITS design units (default 500,
 * one line) is uploaded to a run (read, stored and validated), validated once more, then created
 * in one transaction (polled until done). The anchor is the same container sheet through the
 * container screen's Excel import (row by row, a transaction each) into another project.
 * Prints figures.
 */
import ExcelJS from 'exceljs'
import { initPaths, type InitRun } from '../src/contract/schemas/projectInit'
import { Client, newKey } from '../tests/api/client'
import { multipart } from '../tests/api/files-fixtures'
import { startGateway } from './support'

const PASSWORD = 'Bench@2026'
const CONTAINERS = Number(process.env.BENCH_INIT_CONTAINERS ?? 5000)
const DESIGN_UNITS = Number(process.env.BENCH_INIT_DESIGN_UNITS ?? 500)
const ANCHOR = process.env.BENCH_INIT_ANCHOR !== '0'
const W = initPaths('projectInitialization')
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Sections → bridges → piers, `n` nodes in all, parents first. */
function containerRows(n: number): string[][] {
  const rows: string[][] = []
  const sections = Math.max(1, Math.round(n / 500))
  const bridges = 9
  for (let s = 0; s < sections && rows.length < n; s++) rows.push([`S${s}`, `第${s + 1}标段`, '', 'section', 'virtual'])
  for (let s = 0; s < sections; s++)
    for (let b = 0; b < bridges && rows.length < n; b++) rows.push([`S${s}-B${b}`, `${s + 1}标${b + 1}号桥`, `S${s}`, 'bridge', 'entity'])
  for (let p = 0; rows.length < n; p++) {
    const s = p % sections
    const b = Math.floor(p / sections) % bridges
    rows.push([`S${s}-B${b}-P${p}`, `${p}号墩`, `S${s}-B${b}`, 'pier', 'entity'])
  }
  return rows
}

const km = (k: number) => `DK${k}+000`

async function workbook(containers: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const sheet = (name: string, rows: unknown[][]) => {
    const ws = wb.addWorksheet(name)
    for (const r of rows) ws.addRow(r)
  }
  sheet('线路', [
    ['线路编码', '线路名称', '线路类型'],
    ['ZX', '正线', 'main'],
  ])
  sheet('项目容器', [['节点编码', '节点名称', '上级编码', '节点类型', '性质'], ...containers])
  const du: unknown[][] = [['设计单元编码', '设计单元名称', '线路编码', '起点里程', '终点里程', '所属容器编码']]
  for (let i = 0; i < DESIGN_UNITS; i++)
    du.push([`DU${i}`, `设计单元${i}`, 'ZX', km(i), km(i + 1), `S${i % Math.max(1, Math.round(CONTAINERS / 500))}`])
  sheet('设计单元', du)
  return Buffer.from(await wb.xlsx.writeBuffer())
}

async function main() {
  const gateway = await startGateway({ TRESTLE_DEMO_PASSWORD: PASSWORD, TRESTLE_LOG_LEVEL: 'warn' }, 'bench-init')
  try {
    const admin = await new Client(gateway.base).signIn('admin', PASSWORD)
    const must = <T>(r: { body: { code: number; data: T }; text: string }, what: string): T => {
      if (r.body.code !== 10000) throw new Error(`${what}: ${r.text.slice(0, 400)}`)
      return r.body.data
    }
    const orgs = must(await admin.call<{ organizationId: string }[]>('GET', '/api/admin/v1/org/list'), 'org/list')
    const containers = containerRows(CONTAINERS)
    const bytes = await workbook(containers)
    console.log(`workbook: ${containers.length} containers, ${DESIGN_UNITS} design units, ${(bytes.length / 1024).toFixed(0)} KB`)

    const run = must(await admin.call<InitRun>('POST', W.start, { json: {}, idempotencyKey: newKey() }), 'start')
    must(
      await admin.call('POST', W.save, {
        json: {
          runId: run.runId,
          step: 2,
          source: 'workbook',
          basic: {
            projectName: '初始化基准项目',
            projectCode: `BENCH${Date.now()}`,
            projectType: 'railway',
            organizationId: orgs[0]!.organizationId,
          },
        },
        idempotencyKey: newKey(),
      }),
      'save',
    )
    let s = performance.now()
    const uploaded = must(
      await admin.call<InitRun>('POST', W.upload, {
        query: { runId: run.runId },
        raw: multipart({ name: 'init.xlsx', type: XLSX, bytes }),
        unsignedPayload: true,
        idempotencyKey: newKey(),
      }),
      'upload',
    )
    const uploadMs = performance.now() - s
    const problems = (uploaded.report ?? []).reduce((n, x) => n + x.errors.length, 0)
    if (problems) throw new Error(`the bench workbook has ${problems} problems: ${JSON.stringify(uploaded.report).slice(0, 400)}`)
    console.log(`upload (read + store + validate): ${uploadMs.toFixed(0)} ms`)
    s = performance.now()
    must(await admin.call<InitRun>('POST', W.validate, { json: { runId: run.runId }, idempotencyKey: newKey() }), 'validate')
    console.log(`validate: ${(performance.now() - s).toFixed(0)} ms`)
    s = performance.now()
    let state = must(await admin.call<InitRun>('POST', W.create, { json: { runId: run.runId }, idempotencyKey: newKey() }), 'create')
    let polls = 0
    while (state.status === 'running') {
      await new Promise((r) => setTimeout(r, 100))
      state = must(await admin.call<InitRun>('GET', W.run, { query: { runId: run.runId } }), 'run')
      polls++
    }
    const createMs = performance.now() - s
    if (state.status !== 'done') throw new Error(`creation ${state.status}: ${JSON.stringify(state.error)}`)
    console.log(`create (one transaction, ${state.total} rows, ${polls} polls): ${createMs.toFixed(0)} ms`)
    const tree = must(
      await admin.call<unknown[]>('GET', '/api/admin/v1/container/listTree', { query: { projectId: state.createdProjectId! } }),
      'listTree',
    )
    if (tree.length !== containers.length) throw new Error(`created ${tree.length} containers of ${containers.length}`)

    if (ANCHOR) {
      // the same containers through the container import (row by row), into another project
      const other = must(
        await admin.call<{ projectId: string }>('POST', '/api/admin/v1/project/add', {
          json: {
            projectName: '导入对照项目',
            projectCode: `ANCHOR${Date.now()}`,
            projectType: 'railway',
            organizationId: orgs[0]!.organizationId,
          },
          idempotencyKey: newKey(),
        }),
        'project/add',
      )
      const wb = new ExcelJS.Workbook()
      const ws = wb.addWorksheet('导入模板')
      ws.addRow(['节点编码', '节点名称', '上级编码', '节点类型', '性质'])
      for (const r of containers) ws.addRow(r)
      const file = Buffer.from(await wb.xlsx.writeBuffer())
      s = performance.now()
      let status = must(
        await admin.call<{ jobId: string; done: boolean; succeeded: number }>('POST', '/api/admin/v1/container/import', {
          query: { projectId: other.projectId },
          raw: multipart({ name: 'containers.xlsx', type: XLSX, bytes: file }),
          unsignedPayload: true,
          idempotencyKey: newKey(),
        }),
        'container/import',
      )
      while (!status.done) {
        await new Promise((r) => setTimeout(r, 200))
        status = must(await admin.call('GET', '/api/admin/v1/container/importStatus', { query: { jobId: status.jobId } }), 'importStatus')
      }
      console.log(`anchor: container import row by row (${status.succeeded} rows): ${(performance.now() - s).toFixed(0)} ms`)
    }
  } finally {
    await gateway.stop()
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
