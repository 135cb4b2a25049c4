/**
 * DESIGN §2: "Default method POST with a JSON body; list pages are GET with query parameters".
 * The reads the console sends as GET (trees, dictionaries, reveal calls…) answer the same on
 * POST, their parameters in a JSON or form body — for a client written from the protocol's default.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import type { Client } from './client'
import { newKey } from './client'
import { signedIn } from './helpers'
import { addPerson, DEPT, USER, workOrg } from './people-fixtures'

const ORG = '/api/admin/v1/org'
const ORG_TYPE = '/api/admin/v1/orgType'

describe.each(provided('targets'))('reads by POST on $name', (t) => {
  let admin: Client
  let orgId: string

  beforeAll(async () => {
    admin = await signedIn(t)
    orgId = await workOrg(admin)
  })

  it('a tree, a dictionary and a department tree: POST with a JSON body answers what GET with the query answers', async () => {
    for (const [path, params] of [
      [`${ORG}/listTree`, {}],
      [`${ORG_TYPE}/list`, {}],
      [`${DEPT}/listTreeByOrgId`, { organizationId: orgId }],
    ] as const) {
      const get = await admin.call('GET', path, { query: params })
      const post = await admin.call('POST', path, { json: params, idempotencyKey: newKey() })
      expect(get.body.code, `${path}: ${get.text}`).toBe(10000)
      expect(post.body, path).toEqual(get.body)
    }
  })

  it('a reveal call takes its parameter from a form body too, and is still refused without it', async () => {
    const p = (await addPerson(admin, orgId)).body.data as { userId: string }
    const get = await admin.call<{ idCard: string }>('GET', `${USER}/getIdCard`, { query: { userId: p.userId } })
    const form = await admin.call<{ idCard: string }>('POST', `${USER}/getIdCard`, { form: { userId: p.userId } })
    expect(form.body).toMatchObject({ code: 10000, data: { userId: p.userId, idCard: get.body.data.idCard } })
    expect((await admin.call('POST', `${USER}/getIdCard`, { json: {} })).body.code).toBe(20001)
    await admin.call('POST', `${USER}/delete`, { form: { ids: p.userId } })
  })
})
