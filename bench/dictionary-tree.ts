/**
 * `npm run bench` (dictionaries part): an EBS dictionary of BENCH_DICT_NODES nodes (default 20,000:
 * 20 roots × 9 × 10 × 10) in a fresh embedded database, then as the system administrator over
 * loopback: GET ebs/listTree (the whole tree, as EBS管理 opens; anchor: the same select in-process),
 * listTree with a keyword (matches and their ancestors) — repeated reads, served from the gateway's
 * copy of the tree while it has not changed — POST ebs/move of a 111-node subtree from one root to
 * another (alternating), each followed by a first read after the change (the whole tree or the
 * broad search: the gateway's copy brought forward by the rows the move wrote), and the Excel import of BENCH_DICT_IMPORT rows (default
 * 10,000: a three-level tree) into the WBS dictionary — from the POST to the job's last row. A tree
 * read is timed to its answer decoded (brotli, in one call) and parsed, as a browser takes it.
 * Prints figures.
 */
import ExcelJS from 'exceljs'
import http from 'node:http'
import zlib from 'node:zlib'
import { sql } from 'drizzle-orm'
import type { DictNode } from '../src/contract/schemas/dictionary'
import { insertDictTree, type SeedDictNode } from '../server/seed/dictionary'
import { Client, newKey } from '../tests/api/client'
import { multipart } from '../tests/api/files-fixtures'
import { seededDatabase, startGateway, stats } from './support'

const PASSWORD = 'Bench@2026'
const NODES = Number(process.env.BENCH_DICT_NODES ?? 20_000)
const IMPORT_ROWS = Number(process.env.BENCH_DICT_IMPORT ?? 10_000)
const RUNS = Number(process.env.BENCH_DICT_RUNS ?? 15)
const A = '/api/admin/v1'
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** 20 roots × 9 × 10 × 10 = 20,000 (scaled down proportionally by the root count for other sizes). */
function benchTree(n: number): SeedDictNode[] {
  const roots = Math.max(1, Math.round(n / 1000))
  return Array.from({ length: roots }, (_, r): SeedDictNode => {
    const rc = `B-${r + 1}`
    return [
      rc,
      `工程${r + 1}`,
      '座',
      null,
      Array.from({ length: 9 }, (_, a): SeedDictNode => {
        const ac = `${rc}-${a + 1}`
        return [
          ac,
          `部位${r + 1}-${a + 1}`,
          null,
          null,
          Array.from({ length: 10 }, (_, b): SeedDictNode => {
            const bc = `${ac}-${b + 1}`
            return [
              bc,
              `构件${bc}`,
              '个',
              null,
              Array.from({ length: 10 }, (_, c): SeedDictNode => [`${bc}-${c + 1}`, `墩台${bc}-${c + 1}`, 'm³', null]),
            ]
          }),
        ]
      }),
    ]
  })
}

async function importFile(rows: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('导入模板')
  ws.addRow(['*编码', '*名称', '上级编码', '计量单位', '专业编码', '状态', '描述'])
  let n = 0
  for (let a = 1; n < rows; a++) {
    ws.addRow([`I-${a}`, `分部${a}`, '', '', '', '', ''])
    n++
    for (let b = 1; b <= 10 && n < rows; b++) {
      ws.addRow([`I-${a}-${b}`, `分项${a}-${b}`, `I-${a}`, '', '', '', ''])
      n++
      for (let c = 1; c <= 9 && n < rows; c++) {
        ws.addRow([`I-${a}-${b}-${c}`, `工序${a}-${b}-${c}`, `I-${a}-${b}`, 'm³', '', '', ''])
        n++
      }
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer())
}

async function main() {
  const { env, database, remove } = await seededDatabase('bench-dict', { TRESTLE_DEMO_PASSWORD: PASSWORD })
  try {
    const started = performance.now()
    const ids = await insertDictTree(database.db, 'ebs', benchTree(NODES))
    console.log(`bulk insert: ${ids.size} EBS nodes in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    await database.db.execute(sql`analyze`)
    const bare: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now()
      await database.db.execute(
        sql`select node_id, parent_id, path, node_code, node_name, unit, major_id, description, status, version from dict_node where kind = 'ebs' order by sort_key`,
      )
      bare.push(performance.now() - s)
    }
    console.log(`dictionary select in-process (anchor): ${stats(bare)}`)
    await database.close()

    const gateway = await startGateway(env)
    try {
      const client = await new Client(gateway.base).signIn('admin', PASSWORD)
      // the tree reads as a browser makes them: brotli accepted, the answer decoded in one piece and
      // parsed (Node's fetch decodes a 4 MB answer in 16 KiB steps on the thread pool, 40–80 ms more
      // than one call: its own cost, not the gateway's); also the time to the answer's last byte
      const agent = new http.Agent({ keepAlive: true })
      const treeRead = async (query: Record<string, string>) => {
        const { url, headers } = await client.signedRequest('GET', `${A}/ebs/listTree`, { query })
        const s = performance.now()
        const { bytes, encoding } = await new Promise<{ bytes: Buffer; encoding: string | undefined }>((resolve, reject) => {
          http
            .get(url, { agent, headers: { ...headers, 'accept-encoding': 'br' } }, (res) => {
              const parts: Buffer[] = []
              res.on('data', (c: Buffer) => parts.push(c))
              res.on('end', () => resolve({ bytes: Buffer.concat(parts), encoding: res.headers['content-encoding'] }))
              res.on('error', reject)
            })
            .on('error', reject)
        })
        const lastByte = performance.now() - s
        // an answer under 1 KiB (a narrow search of a small tree) comes uncompressed
        const text = (encoding === 'br' ? zlib.brotliDecompressSync(bytes) : bytes).toString()
        const body = JSON.parse(text) as { code: number; data: DictNode[] }
        if (body.code !== 10000) throw new Error(`listTree ${JSON.stringify(query)}: ${text.slice(0, 300)}`)
        return { ms: performance.now() - s, lastByte, data: body.data, size: text.length }
      }
      const time = async (label: string, query: Record<string, string>) => {
        const ms: number[] = []
        const last: number[] = []
        let data: DictNode[] = []
        let bytes = 0
        for (let i = 0; i < RUNS; i++) {
          const r = await treeRead(query)
          ms.push(r.ms)
          last.push(r.lastByte)
          data = r.data
          bytes = r.size
        }
        console.log(`${label} (${data.length} nodes, ${(bytes / 1024).toFixed(0)} KB): ${stats(ms)}; its last byte ${stats(last)}`)
        return data
      }
      const all = await time('ebs/listTree (whole tree)', {})
      await time('ebs/listTree keyword "B-7-3-5" (narrow)', { keyword: 'B-7-3-5' })
      await time('ebs/listTree keyword "墩台" (broad)', { keyword: '墩台' })
      const fetched: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now()
        await client.call('GET', `${A}/ebs/listTree`, { query: { keyword: '墩台' } })
        fetched.push(performance.now() - s)
      }
      console.log(`    the broad search through Node's fetch (its decoding in steps): ${stats(fetched)}`)

      // moves: a level-2 subtree (1 + 10 + 100 nodes) back and forth between two roots
      const roots = all.filter((n) => n.parentId === null)
      const moving = all.find((n) => n.nodeCode === 'B-1-1')!
      // after each, the first opening and the first broad search: the gateway's copy of the tree
      // (lib/treeCache.ts) is stale, so each reads the tree again
      const moves: number[] = []
      const cold = { whole: [] as number[], broad: [] as number[] }
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now()
        const r = await client.call('POST', `${A}/ebs/move`, {
          json: { nodeId: moving.nodeId, parentId: roots[(i + 1) % 2]!.nodeId, index: 0 },
          idempotencyKey: newKey(),
        })
        moves.push(performance.now() - s)
        if (r.body.code !== 10000) throw new Error(`move: ${r.text.slice(0, 300)}`)
        const which = i % 2 ? cold.whole : cold.broad
        which.push((await treeRead(i % 2 ? {} : { keyword: '墩台' })).ms)
      }
      agent.destroy()
      console.log(`ebs/move of a 111-node subtree: ${stats(moves)}`)
      console.log(`first read after a change, the whole tree: ${stats(cold.whole)}`)
      console.log(`first read after a change, keyword "墩台" (broad): ${stats(cold.broad)}`)

      // the Excel import of IMPORT_ROWS rows into the WBS dictionary: POST, then the job to its end
      const file = await importFile(IMPORT_ROWS)
      const s = performance.now()
      // another account's small reads while the workbook is uploaded and parsed (in the excel worker)
      const reader = await new Client(gateway.base).signIn('admin', PASSWORD)
      const read = () => reader.call('GET', `${A}/ebs/listTree`, { query: { keyword: 'B-7-3-5' } })
      const idle: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now()
        await read()
        idle.push(performance.now() - t)
      }
      let posting = true
      const during: number[] = []
      const reads = (async () => {
        while (posting) {
          const t = performance.now()
          await read()
          during.push(performance.now() - t)
        }
      })()
      const r = await client.call<{ jobId: string; done: boolean; succeeded: number; failed: number }>('POST', `${A}/wbs/import`, {
        raw: multipart({ name: 'wbs.xlsx', type: XLSX, bytes: file }),
        unsignedPayload: true,
        idempotencyKey: newKey(),
      })
      posting = false
      await reads
      if (r.body.code !== 10000) throw new Error(`import: ${r.text.slice(0, 300)}`)
      const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
      console.log(
        `a small signed read while the import is received and parsed: ${stats(during)} — idle ${stats(idle)} (anchor); ${(p50(during) / p50(idle)).toFixed(2)}× (goal: ≤ 3×)`,
      )
      let status = r.body.data
      // a poll whose connection was reset is asked again: 2 of 7 runs met an ECONNRESET on the first
      // polls after the 10,000-row upload while the gateway went on running (and finished the job)
      const poll = async (attempt = 0): Promise<typeof status> => {
        try {
          return (await client.call<typeof status>('GET', `${A}/wbs/importStatus`, { query: { jobId: r.body.data.jobId } })).body.data
        } catch (err) {
          if (attempt >= 3) throw err
          console.log(`    (an import status poll failed: ${String((err as Error).cause ?? err)}; asked again)`)
          return poll(attempt + 1)
        }
      }
      while (!status.done) {
        await new Promise((res) => setTimeout(res, 250))
        status = await poll()
      }
      const secs = (performance.now() - s) / 1000
      console.log(`import: ${IMPORT_ROWS} rows (${status.succeeded} ok, ${status.failed} failed) in ${secs.toFixed(1)} s`)
    } finally {
      await gateway.stop()
    }
  } finally {
    remove()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
