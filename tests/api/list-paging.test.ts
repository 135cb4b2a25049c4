/**
 * List pages at scale (issue 9): keyset paging — the `nextCursor` of a full page, passed as
 * `cursor`, answers the rows the next page by offset answers, in the same order, and a cursor that
 * is not one is 20001 on `cursor`; an exact total below the cap is not marked capped. A long page
 * (read as one JSON text the database builds, server/lib/jsonRows.ts) answers the very records the
 * short pages (read row by row) answer.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import type { Client } from './client'
import { signedIn } from './helpers'
import { addPerson, workOrg } from './people-fixtures'

const LIST = '/api/admin/v1/user/listPage'

interface Page {
  records: ({ userId: string } & Record<string, unknown>)[]
  total: number
  pageIndex: number
  totalCapped?: boolean
  nextCursor?: string
}

describe.each(provided('targets'))('list paging on $name', (t) => {
  let admin: Client

  beforeAll(async () => {
    admin = await signedIn(t)
    // at least three full pages of three, whatever else the target holds (PostgreSQL has no demo staff)
    const orgId = await workOrg(admin)
    for (let i = 0; i < 10; i++) expect((await addPerson(admin, orgId)).body.code).toBe(10000)
  })

  it('walking the staff list by cursor answers what paging by offset answers', async () => {
    const size = 3
    const first = await admin.call<Page>('GET', LIST, { query: { pageIndex: 1, pageSize: size } })
    expect(first.body.code, first.text).toBe(10000)
    expect(first.body.data.totalCapped).toBeUndefined()
    const total = first.body.data.total
    expect(total).toBeGreaterThan(size * 2)
    let cursor = first.body.data.nextCursor
    const seen = first.body.data.records.map((r) => r.userId)
    for (let page = 2; page <= 3; page++) {
      expect(cursor).toBeTruthy()
      const byCursor = await admin.call<Page>('GET', LIST, { query: { pageIndex: page, pageSize: size, cursor: cursor! } })
      const byOffset = await admin.call<Page>('GET', LIST, { query: { pageIndex: page, pageSize: size } })
      expect(byCursor.body.code, byCursor.text).toBe(10000)
      expect(byCursor.body.data.records.map((r) => r.userId)).toEqual(byOffset.body.data.records.map((r) => r.userId))
      expect(byCursor.body.data.total).toBe(total)
      seen.push(...byCursor.body.data.records.map((r) => r.userId))
      cursor = byCursor.body.data.nextCursor
    }
    expect(new Set(seen).size).toBe(size * 3)

    // by name, descending: the cursor follows the order asked for
    const desc = await admin.call<Page>('GET', LIST, { query: { pageIndex: 1, pageSize: size, sortBy: 'name', desc: 'true' } })
    const next = await admin.call<Page>('GET', LIST, {
      query: { pageIndex: 2, pageSize: size, sortBy: 'name', desc: 'true', cursor: desc.body.data.nextCursor! },
    })
    const offset = await admin.call<Page>('GET', LIST, { query: { pageIndex: 2, pageSize: size, sortBy: 'name', desc: 'true' } })
    expect(next.body.data.records.map((r) => r.userId)).toEqual(offset.body.data.records.map((r) => r.userId))
  })

  it('a long page answers the records the short pages answer, field for field (the staff screen’s and the full records)', async () => {
    for (const view of [{ view: 'staff' }, {}] as Record<string, string>[]) {
      const long = await admin.call<Page>('GET', LIST, { query: { pageIndex: 1, pageSize: 2000, ...view } })
      expect(long.body.code, long.text).toBe(10000)
      const short: Page['records'] = []
      for (let pageIndex = 1; short.length < long.body.data.total; pageIndex++) {
        const page = await admin.call<Page>('GET', LIST, { query: { pageIndex, pageSize: 50, ...view } })
        expect(page.body.data.records.length, `page ${pageIndex}`).toBeGreaterThan(0)
        short.push(...page.body.data.records)
      }
      expect(long.body.data.records.length).toBeGreaterThanOrEqual(10)
      // an avatar's address is signed with an expiry counted from the answer's second: compared without it
      const unsigned = (records: Page['records']) =>
        records.map((r) => (typeof r.avatarUrl === 'string' ? { ...r, avatarUrl: r.avatarUrl.split('?')[0] } : r))
      expect(unsigned(long.body.data.records)).toEqual(unsigned(short))
      // what the answers hold: dates and times as text, role names a list, masked numbers
      const someone = long.body.data.records.find((r) => r.birthDate)!
      expect(someone.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(Array.isArray(someone.roleNames)).toBe(true)
      if ('createTime' in someone) expect(someone.createTime).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    }
  })

  it('a page that is not full has no cursor and its total is its length; a bad cursor is 20001 on cursor', async () => {
    const all = await admin.call<Page>('GET', LIST, { query: { pageIndex: 1, pageSize: 2000 } })
    expect(all.body.data.nextCursor).toBeUndefined()
    expect(all.body.data.total).toBe(all.body.data.records.length)

    for (const cursor of ['nope', Buffer.from('[1]').toString('base64url'), 'x'.repeat(501)]) {
      const r = await admin.call<null>('GET', LIST, { query: { cursor } })
      expect(r.status).toBe(200)
      expect(r.body.code, cursor).toBe(20001)
      expect(JSON.stringify(r.body.data)).toContain('"field":"cursor"')
    }
  })
})
