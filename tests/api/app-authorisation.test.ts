/**
 * Application authorisation (issue 14 #2): an application authorised to some units/roles
 * (application/saveGrants) may be used only by accounts of those units (or units below them) or
 * holding those roles — getAccessToken answers 20003 with a clear reason otherwise, and
 * listAppByPermission leaves it out; an application authorised to nobody stays open to the roles
 * holding it; the seeded administrator keeps the console's own application. Both databases.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { Client, newKey } from './client'
import { PASSWORD, mustAdd, newUnit } from './accounts-fixtures'
import { addMembers } from './roles-fixtures'
import { signedIn, uniqueName } from './helpers'
import { unitAdmin } from './logs-fixtures'

const APP = '/api/admin/v1/application'
const LIST_APPS = '/api/auth/v1/api/listAppByPermission'
const SAVE_RESOURCES = '/api/admin/v1/roleResource/save'

const post = (c: Client, path: string, json: unknown) => c.call('POST', path, { json, idempotencyKey: newKey() })

describe.each(provided('targets'))('application authorisation on $name', (t) => {
  let admin: Client

  beforeAll(async () => {
    admin = await signedIn(t)
  })

  it('only the authorised units and roles get an access token for the application', async () => {
    const code = uniqueName('auth').toLowerCase()
    const made = await admin.call<{ applicationId: string }>('POST', `${APP}/add`, {
      json: { name: uniqueName('授权应用'), code, type: 'app', sort: 9 },
      idempotencyKey: newKey(),
    })
    expect(made.body.code, made.text).toBe(10000)
    const applicationId = made.body.data.applicationId
    const unit = await unitAdmin(t, admin, [{ menu: '/admin/systemLog', fns: [] }])
    const saved = await post(admin, SAVE_RESOURCES, { roleId: unit.roleId, resourceType: 'application', resourceIds: [applicationId] })
    expect(saved.body.code, saved.text).toBe(10000)

    const grants = async (orgIds: string[], roleIds: string[]) => {
      const r = await post(admin, `${APP}/saveGrants`, { applicationId, orgIds, roleIds })
      expect(r.body.code, r.text).toBe(10000)
    }
    const tokenFor = (c: Client = unit.client) => {
      c.appCode = code
      return c.getAccessToken({ reuseCipher: false })
    }
    const listed = async () =>
      (
        (await unit.client.fetchRaw('GET', LIST_APPS, { headers: { authorization: unit.client.token! } })).body.data as { code: string }[]
      ).map((a) => a.code)

    // authorised to nobody: open to the role holding it
    expect((await tokenFor()).body.code).toBe(10000)
    expect(await listed()).toContain(code)

    // authorised to another unit only: refused with the reason, and not listed
    const elsewhere = await newUnit(admin, '授权外单位')
    await grants([elsewhere], [])
    const refused = await tokenFor()
    expect(refused.body).toMatchObject({
      code: 20003,
      message: '你所在的单位或角色未被授权使用该应用，请联系管理员',
      data: { reason: 'appNotAuthorised' },
    })
    expect(await listed()).not.toContain(code)

    // authorised to the account's unit, or to a role it holds: allowed again
    await grants([unit.organizationId], [])
    expect((await tokenFor()).body.code).toBe(10000)
    expect(await listed()).toContain(code)
    await grants([elsewhere], [unit.roleId])
    expect((await tokenFor()).body.code).toBe(10000)

    // a unit above the account's unit covers it
    const parent = await newUnit(admin, '授权上级单位')
    const types = (await admin.call<{ organizationTypeId: string }[]>('GET', '/api/admin/v1/orgType/list')).body.data
    const child = await admin.call<{ organizationId: string }>('POST', '/api/admin/v1/org/add', {
      json: { organizationName: uniqueName('授权下级单位'), organizationTypeId: types[0]!.organizationTypeId, parentId: parent },
      idempotencyKey: newKey(),
    })
    expect(child.body.code, child.text).toBe(10000)
    const member = await mustAdd(admin, child.body.data.organizationId)
    expect((await addMembers(admin, unit.roleId, [member.accountId])).body.code).toBe(10000)
    const below = new Client(t.url, code)
    expect((await below.login(member.accountName, PASSWORD)).body.code).toBe(10000)
    await grants([parent], [])
    expect((await tokenFor(below)).body.code).toBe(10000)
    expect((await tokenFor()).body.code).toBe(20003)

    // the seeded administrator still signs in to the console (its own application)
    expect((await new Client(t.url).signIn('admin', t.adminPassword)).accessToken).toBeTruthy()
  })
})
