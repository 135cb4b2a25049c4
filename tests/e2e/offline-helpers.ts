/** Shared steps of the offline specs: demo data through the gateway's API, the staff panel, the outbox in IndexedDB. */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { Client } from '../api/client'
import { fromTemplate } from '../support/gateway'
import { PASSWORD, signIn, waitForServiceWorker } from './helpers'

export const UNIT = '中铁恒岳建设集团有限公司'
export const uniq = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 10)}`

const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
/** A valid mainland ID number (GB 11643 check character). */
export function idNumber(birth: string, seq: number): string {
  const body = `110105${birth.replace(/-/g, '')}${String(seq % 1000).padStart(3, '0')}`
  const sum = W.reduce((a, w, i) => a + w * Number(body[i]), 0)
  return body + '10X98765432'[sum % 11]
}
export const phone = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`

export interface PersonRow {
  userId: string
  name: string
  email: string | null
  version: number
}

export async function api(baseURL: string, account = 'admin'): Promise<Client> {
  return new Client(baseURL).signIn(account, PASSWORD)
}

export async function unitId(c: Client): Promise<string> {
  const orgs = (
    await c.call<{ organizationId: string; organizationName: string }[]>('GET', '/api/admin/v1/org/list', { query: { keyword: UNIT } })
  ).body.data
  return orgs.find((o) => o.organizationName === UNIT)!.organizationId
}

/** A person of the unit, born 1985-03-12 by the ID number (another ID number when one is taken). */
export async function addPerson(c: Client, name: string): Promise<PersonRow> {
  const organizationId = await unitId(c)
  for (let attempt = 0; ; attempt++) {
    const r = await c.call<PersonRow>('POST', '/api/admin/v1/user/add', {
      json: {
        name,
        sex: 'male',
        idCard: idNumber('1985-03-12', Math.floor(Math.random() * 1000)),
        cellphone: phone(),
        organizationId,
        sort: 1,
      },
      idempotencyKey: crypto.randomUUID(),
    })
    if (r.body.code === 20006 && attempt < 10) continue // that ID number or cellphone is taken
    expect(r.body.code, r.text).toBe(10000)
    return r.body.data
  }
}

/** People whose name contains `name` (the gateway's keyword search). */
export async function people(c: Client, name: string): Promise<PersonRow[]> {
  const r = await c.call<{ records: PersonRow[] }>('GET', '/api/admin/v1/user/listPage', {
    query: { pageIndex: 1, pageSize: 50, keyword: name },
  })
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data.records.filter((p) => p.name === name)
}

/** /admin/organization → 施工单位 → the unit → 部门与人员, filtered to `keyword`. */
export async function openStaff(page: Page, keyword?: string) {
  await page.goto('/admin/organization')
  const units = page.getByRole('tree', { name: '单位树' })
  await units.getByRole('treeitem', { name: '施工单位' }).click()
  await units.getByRole('treeitem', { name: UNIT }).click()
  await page.getByRole('tab', { name: '部门与人员' }).click()
  const panel = page.getByTestId('departments-panel')
  await expect(panel.getByRole('heading', { name: `${UNIT} 的人员` })).toBeVisible()
  // the whole list in, as a user sees it before going offline (its count shown, no rows still arriving):
  // the keyword filters it in the page (under the full suite's load a test went offline before it came)
  await expect(panel.getByText(/^共 \d+ 人$/)).toBeVisible()
  await expect(panel.getByText(/正在载入其余/)).toHaveCount(0)
  if (keyword) await panel.getByRole('searchbox').fill(keyword)
  return panel
}

export interface StoredEntry {
  id: string
  accountId: string
  entity: string
  entityId: string
  op: string
  status: string
  attempts: number
  payload: Record<string, unknown>
  lastError: { kind: string; code?: number; message: string } | null
}

/** What the outbox database holds (every account), read in the page. */
export function storedEntries(page: Page): Promise<StoredEntry[]> {
  return page.evaluate(
    () =>
      new Promise<StoredEntry[]>((resolve, reject) => {
        const open = indexedDB.open('trestle-outbox')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('outbox')) return resolve([])
          const req = db.transaction('outbox').objectStore('outbox').getAll()
          req.onsuccess = () => {
            db.close()
            resolve(req.result as StoredEntry[])
          }
          req.onerror = () => reject(req.error)
        }
      }),
  )
}

/** The header's sync badge. */
export const badge = (page: Page) => page.getByTestId('sync-badge')

// ---- a gateway of the test's own (short TTLs, killed and restarted) ----------------------------

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })

export interface Gateway {
  baseURL: string
  /** Stops the process (SIGKILL: as if it crashed) and waits for it to be gone. */
  kill(): Promise<void>
  /** Starts it again on the same port and data. */
  start(): Promise<void>
}

/** A gateway process on a free port and an embedded database of its own (the run's template's copy), with `env` settings (e.g. short TTLs). */
export async function ownGateway(env: Record<string, string> = {}): Promise<Gateway> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'trestle-offline-e2e-'))
  fromTemplate(dataDir, env)
  const baseURL = `http://localhost:${port}`
  let child: ChildProcess | null = null
  const start = async () => {
    child = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        TRESTLE_DATA_DIR: dataDir,
        TRESTLE_SERVE_DIST: 'dist',
        TRESTLE_DEMO_PASSWORD: PASSWORD,
        TRESTLE_LOG_LEVEL: 'warn',
        // cheaper password hashes, as the API tests' gateways (tests/support/gateway.ts)
        TRESTLE_PASSWORD_COST: '14',
        DATABASE_URL: '',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
      // its own process group: tsx runs the server in a child process, and a kill must reach both
      detached: true,
    })
    const until = Date.now() + 120_000
    for (;;) {
      try {
        const r = await fetch(`${baseURL}/api/auth/v1/generalAccount/getPubKey?appCode=trestle-admin`)
        if (r.ok) return
      } catch {
        /* not up yet */
      }
      if (Date.now() > until) throw new Error('own gateway did not start')
      await new Promise((r) => setTimeout(r, 250))
    }
  }
  const kill = async () => {
    const c = child
    if (!c || c.exitCode !== null) return
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve())
      process.kill(-c.pid!, 'SIGKILL')
    })
    child = null
    // the port is free once the server process (tsx's child) is gone too
    for (let i = 0; i < 100; i++) {
      try {
        await fetch(`${baseURL}/api/auth/v1/generalAccount/getPubKey?appCode=trestle-admin`)
      } catch {
        return
      }
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  await start()
  return { baseURL, kill, start }
}

/**
 * `fn` with a page signed in as admin, its service worker in control, on a gateway of the test's
 * own (which `fn` may kill and start again); the page's context and the gateway end after it.
 */
export async function onOwnGateway(browser: Browser, fn: (page: Page, gateway: Gateway) => Promise<void>) {
  // the gateway's start (and a test's restart of it) comes on top of the test's own steps: on a busy
  // machine the unit tree's test took 57 s of the 60 s a test has by default
  test.setTimeout(180_000)
  const gateway = await ownGateway()
  const context = await browser.newContext({ baseURL: gateway.baseURL })
  try {
    const page = await context.newPage()
    await signIn(page, 'admin')
    await waitForServiceWorker(page)
    await fn(page, gateway)
  } finally {
    await context.close()
    await gateway.kill()
  }
}
