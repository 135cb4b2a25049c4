/**
 * List pages at scale (issue 9): keyset paging — the `nextCursor` of a full page, passed as
 * `cursor`, answers the rows the next page by offset answers, in the same order, and a cursor that
 * is not one is 20001 on `cursor`; an exact total below the cap is not marked capped.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import type { Client } from './client'
import { signedIn } from './helpers'
import { addPerson, workOrg } from './people-fixtures'

const LIST = '/api/admin/v1/user/listPage'

interface Page {
  records: { userId: string }[]
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
