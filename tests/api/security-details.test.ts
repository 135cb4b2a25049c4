/**
 * Issue 10 "Security details": invitation links are not built from a forged Host (or
 * X-Forwarded-Host) header — TRESTLE_PUBLIC_URL when configured, else the path only; and
 * operateLog/add records only clicks on functions the caller holds (others: 20003, nothing recorded).
 */
import http from 'node:http'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { Client, newKey, type Answer, type Envelope } from './client'
import { mustAdd, newUnit, PASSWORD } from './accounts-fixtures'
import { MENU_BY_PERMISSION, signedIn } from './helpers'
import { addRole, byAction, saveMenus, tree } from './roles-fixtures'
import { startGateway, type Gateway } from '../support/gateway'

const CREATE = '/api/admin/v1/invite/create'
const OPEN = '/api/portal/v1/invite/open'
const CLICK = '/api/admin/v1/operateLog/add'
const pgUrl = provided('pgUrl')

/**
 * A client whose requests carry a Host header of the caller's choosing (fetch may not set Host):
 * the same signed calls, sent with node:http.
 */
class ForgedHostClient extends Client {
  constructor(
    from: Client,
    private host: string,
  ) {
    super(from.base, from.appCode)
    Object.assign(this, { token: from.token, accessToken: from.accessToken, privateKey: from.privateKey })
  }

  override fetchRaw(
    method: string,
    pathAndQuery: string,
    init: { headers?: Record<string, string>; body?: string | Buffer } = {},
  ): Promise<Answer> {
    const url = new URL(this.base + pathAndQuery)
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers: { ...init.headers, host: this.host } },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8')
            resolve({
              status: res.statusCode ?? 0,
              headers: new Headers(res.headers as Record<string, string>),
              body: JSON.parse(text) as Envelope,
              text,
            })
          })
        },
      )
      req.on('error', reject)
      req.end(init.body)
    })
  }
}

const FORGED = { 'x-forwarded-host': 'forwarded.evil.example', 'x-forwarded-proto': 'https' }

async function createInvite(c: Client, targetId: string): Promise<Answer<{ url: string }>> {
  return c.call<{ url: string }>('POST', CREATE, {
    json: { purpose: 'contact', targetId, validHours: 1 },
    idempotencyKey: newKey(),
    headers: FORGED,
  })
}
const myAccountId = async (c: Client) => (await c.call<{ accountId: string }>('GET', '/api/portal/v1/user/info')).body.data.accountId

describe.each(provided('targets'))('security details on $name', (t) => {
  let admin: Client
  beforeAll(async () => {
    admin = await signedIn(t)
  })

  it('an invitation link does not take a forged Host or X-Forwarded-Host: without TRESTLE_PUBLIC_URL it is the path only', async () => {
    const forged = new ForgedHostClient(admin, 'evil.example')
    const r = await createInvite(forged, await myAccountId(admin))
    expect(r.body.code, r.text).toBe(10000)
    expect(r.body.data.url).not.toContain('evil.example')
    expect(r.body.data.url).toMatch(/^\/sign\?token=[A-Za-z0-9_-]{43}$/)
    // The link works on the console's own origin.
    const token = new URL(r.body.data.url, t.url).searchParams.get('token')!
    expect((await new Client(t.url).fetchRaw('GET', `${OPEN}?token=${token}`)).body.code).toBe(10000)
  })

  it('operateLog/add records a click only on a function the caller holds (else 20003)', async () => {
    const unit = await newUnit(admin, '点击日志单位')
    const role = await addRole(admin, '点击日志')
    const grants = await tree(admin, role.roleId)
    const menu = byAction(grants, '/admin/role-manage')
    const [held, notHeld] = menu.functions
    expect(held && notHeld).toBeTruthy()
    const menuIds = [menu.applicationMenuId, ...(menu.parentId ? [menu.parentId] : [])]
    const saved = await saveMenus(admin, role.roleId, grants.applicationId, menuIds, [held!.applicationMenuFunctionId])
    expect(saved.body.code, saved.text).toBe(10000)
    const acc = await mustAdd(admin, unit, { roleIds: [role.roleId] })
    const c = await new Client(t.url).signIn(acc.accountName, PASSWORD)

    const own = await c.call('POST', CLICK, {
      json: {
        accountName: acc.accountName,
        appCode: 'trestle-admin',
        functionId: held!.applicationMenuFunctionId,
        menuId: menu.applicationMenuId,
      },
    })
    expect(own.body.code, own.text).toBe(10000)
    const other = await c.call('POST', CLICK, {
      json: {
        accountName: acc.accountName,
        appCode: 'trestle-admin',
        functionId: notHeld!.applicationMenuFunctionId,
        menuId: menu.applicationMenuId,
      },
    })
    expect(other.body.code, other.text).toBe(20003)
    // Another application code than the menu's: not held there.
    const elsewhere = await c.call('POST', CLICK, {
      json: {
        accountName: acc.accountName,
        appCode: 'other-app',
        functionId: held!.applicationMenuFunctionId,
        menuId: menu.applicationMenuId,
      },
    })
    expect(elsewhere.body.code).toBe(20003)

    // The administrator holds every function of the console.
    const menus = (
      await admin.call<{ applicationMenuId: string; action: string; authFunctionList: { applicationMenuFunctionId: string }[] }[]>(
        'GET',
        MENU_BY_PERMISSION,
        {
          query: { appCode: 'trestle-admin', sortBy: 'sort', desc: 'false' },
        },
      )
    ).body.data
    const adminMenu = menus.find((m) => m.action === '/admin/role-manage')!
    const adminClick = await admin.call('POST', CLICK, {
      json: {
        accountName: 'admin',
        appCode: 'trestle-admin',
        functionId: notHeld!.applicationMenuFunctionId,
        menuId: adminMenu.applicationMenuId,
      },
    })
    expect(adminClick.body.code).toBe(10000)
    if (t.demo) {
      const tourist = await signedIn(t, 'tourist')
      const touristClick = await tourist.call('POST', CLICK, {
        json: {
          accountName: 'tourist',
          appCode: 'trestle-admin',
          functionId: held!.applicationMenuFunctionId,
          menuId: menu.applicationMenuId,
        },
      })
      expect(touristClick.body.code).toBe(20003)
    }

    if (pgUrl && !t.demo) {
      const db = new pg.Client({ connectionString: pgUrl })
      await db.connect()
      try {
        const { rows } = await db.query<{ function_id: string; app_code: string }>(
          'select function_id, app_code from operate_log where account_name = $1 and method = $2',
          [acc.accountName, 'CLICK'],
        )
        expect(rows).toEqual([{ function_id: held!.applicationMenuFunctionId, app_code: 'trestle-admin' }])
      } finally {
        await db.end()
      }
    }
  })
})

describe('invitation links with TRESTLE_PUBLIC_URL', () => {
  let gw: Gateway
  beforeAll(async () => {
    gw = await startGateway('publicurl', { TRESTLE_PUBLIC_URL: 'https://trestle.example.cn/', TRESTLE_TRUST_PROXY: '1' })
  }, 300_000)
  afterAll(async () => {
    await gw?.stop()
  })

  it('are built on the configured origin, whatever the Host and X-Forwarded-* headers say', async () => {
    const admin = await signedIn(gw)
    const r = await createInvite(new ForgedHostClient(admin, 'evil.example'), await myAccountId(admin))
    expect(r.body.code, r.text).toBe(10000)
    expect(r.body.data.url).toMatch(/^https:\/\/trestle\.example\.cn\/sign\?token=[A-Za-z0-9_-]{43}$/)
  })
})
