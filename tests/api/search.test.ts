/**
 * The command palette's search (GET search): units, people, accounts, projects and work sites found
 * by name or code in one signed call, each kind only to a caller whose menus include its page and only
 * within that page's data scope. Walked on both databases as the administrator (every unit) and as a
 * unit administrator (its unit and below), with a twin of every record in another unit.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { Client, newKey, type Answer } from './client'
import { mustAdd, newUnit } from './accounts-fixtures'
import { signedIn, uniqueName } from './helpers'
import { unitAdmin } from './logs-fixtures'
import { addPerson } from './people-fixtures'

const A = '/api/admin/v1'
const SEARCH = `${A}/search`

interface Hit {
  kind: 'unit' | 'person' | 'account' | 'project' | 'workSite'
  id: string
  name: string
  detail: string | null
  organizationId: string | null
  organizationName: string | null
  projectId: string | null
}

function data<T>(r: Answer<T>): T {
  expect(r.body.code, r.text).toBe(10000)
  return r.body.data
}
const search = async (c: Client, q: string, limit?: number) =>
  data(await c.call<Hit[]>('GET', SEARCH, { query: { q, ...(limit ? { limit: String(limit) } : {}) } }))
const ids = (hits: Hit[], kind: Hit['kind']) => hits.filter((h) => h.kind === kind).map((h) => h.id)

describe.each(provided('targets'))('search on $name', (t) => {
  let admin: Client
  let ua: Client
  /** Records named with `tag`, one set in the unit administrator's unit (own) and one in another unit (other). */
  const tag = uniqueName('搜').slice(0, 10)
  const own = { unit: '', person: '', account: '', project: '', workSite: '' }
  const other = { unit: '', person: '', account: '', project: '', workSite: '' }

  const addProject = async (organizationId: string) => {
    const p = data(
      await admin.call<{ projectId: string }>('POST', `${A}/project/add`, {
        json: {
          projectName: `${tag}项目${organizationId.slice(-4)}`,
          projectCode: uniqueName('SRCH-'),
          projectType: 'railway',
          organizationId,
        },
        idempotencyKey: newKey(),
      }),
    )
    const w = data(
      await admin.call<{ workSiteId: string }>('POST', `${A}/workSite/add`, {
        json: {
          projectId: p.projectId,
          workSiteName: `${tag}工点${organizationId.slice(-4)}`,
          workSiteCode: uniqueName('WS').replace(/[^A-Za-z0-9]/g, ''),
          siteType: 'station',
          status: 'preparing',
        },
        idempotencyKey: newKey(),
      }),
    )
    return { project: p.projectId, workSite: w.workSiteId }
  }

  beforeAll(async () => {
    admin = await signedIn(t)
    const u = await unitAdmin(t, admin, [
      { menu: '/admin/organization', fns: [] },
      { menu: '/admin/project-manage', fns: [] },
      { menu: '/admin/work-site-information', fns: [] },
    ])
    ua = u.client
    own.unit = u.organizationId
    other.unit = await newUnit(admin, `${tag}单位`)
    for (const [set, org] of [
      [own, u.organizationId],
      [other, other.unit],
    ] as const) {
      set.person = data(await addPerson(admin, org, { name: `${tag}${org.slice(-3)}` })).userId
      set.account = (await mustAdd(admin, org)).accountId
      Object.assign(set, await addProject(org))
    }
  })

  it('the administrator finds every kind in every unit, each with its unit’s name', async () => {
    const hits = await search(admin, tag, 20)
    for (const set of [own, other]) {
      expect(ids(hits, 'person')).toContain(set.person)
      expect(ids(hits, 'project')).toContain(set.project)
      expect(ids(hits, 'workSite')).toContain(set.workSite)
    }
    expect(ids(hits, 'unit')).toContain(other.unit)
    const person = hits.find((h) => h.id === other.person)!
    expect(person.organizationId).toBe(other.unit)
    expect(person.organizationName).toContain(tag)
    // kinds come in the palette's order
    const kinds = hits.map((h) => h.kind)
    expect(kinds).toEqual([...kinds].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)))
  })

  it('a unit administrator finds its own unit’s people, accounts, projects and work sites, and nothing of another unit', async () => {
    const hits = await search(ua, tag, 20)
    expect(ids(hits, 'person')).toEqual([own.person])
    expect(ids(hits, 'project')).toEqual([own.project])
    expect(ids(hits, 'workSite')).toEqual([own.workSite])
    expect(ids(hits, 'unit')).toEqual([])
    const everything = hits.map((h) => h.id)
    for (const id of Object.values(other)) expect(everything).not.toContain(id)

    const accounts = await admin.call<{ records: { accountId: string; accountName: string }[] }>('GET', `${A}/generalAccount/listPage`, {
      query: { organizationId: other.unit, pageSize: '10' },
    })
    const foreignName = data(accounts).records.find((a) => a.accountId === other.account)!.accountName
    expect(ids(await search(ua, foreignName), 'account')).toEqual([])
    expect(ids(await search(admin, foreignName), 'account')).toEqual([other.account])
  })

  it('a kind whose page the caller lacks is left out, not refused', async () => {
    const u = await unitAdmin(t, admin, [{ menu: '/admin/organization', fns: [] }])
    const hits = await search(u.client, tag, 20)
    expect(hits.filter((h) => h.kind === 'project' || h.kind === 'workSite')).toEqual([])
    const none = await unitAdmin(t, admin, [{ menu: '/admin/role-manage', fns: [] }])
    expect(await search(none.client, tag, 20)).toEqual([])
  })

  it('an exact name comes first, wildcards are plain text, and the query is checked (20001, zh and en)', async () => {
    const exact = `${tag}${own.unit.slice(-3)}`
    expect((await search(admin, exact))[0]).toMatchObject({ kind: 'person', id: own.person })
    expect(await search(admin, `${tag}%_`)).toEqual([])
    for (const query of <Record<string, string>[]>[
      {},
      { q: '' },
      { q: '   ' },
      { q: 'x'.repeat(51) },
      { q: tag, limit: '21' },
      { q: tag, limit: 'x' },
    ]) {
      const r = await admin.call('GET', SEARCH, { query })
      expect(r.body.code, r.text).toBe(20001)
    }
    const en = await admin.call<{ field: string; message: string }[]>('GET', SEARCH, {
      query: { q: '' },
      headers: { 'Accept-Language': 'en' },
    })
    expect(en.body.data[0]).toMatchObject({ field: 'q' })
    expect(en.body.data[0]!.message).toMatch(/[A-Za-z]/)
  })

  it('is a signed call', async () => {
    const r = await fetch(`${t.url}${SEARCH}?q=${encodeURIComponent(tag)}`)
    const body = (await r.json()) as { code: number; data: unknown }
    expect(body.code).not.toBe(10000)
    expect(JSON.stringify(body.data ?? null)).not.toContain(tag)
  })
})

const ORDER = ['unit', 'person', 'account', 'project', 'workSite']
