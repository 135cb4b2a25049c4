/**
 * The personal centre (SPEC §7): profile, cellphone and email binding (password again, then a code
 * to the new target), change password (other sessions end: 20114), sessions with "sign out
 * elsewhere", photo and handwritten signature through the file service, tourist reads only.
 * Codes come from the log channel (no SMTP/SMS configured here).
 */
import { describe, expect, it } from 'vitest'
import { provided } from './provided'
import { Client } from './client'
import { upload, JPG, png } from './files-fixtures'
import { DEMO_PASSWORD, lastVerifyCode, signedIn, sleep } from './helpers'
import type { Target } from './global-setup'

const P = '/api/portal/v1/personal'

interface Info {
  accountName: string
  userName: string | null
  cellphone: string | null
  email: string | null
  roleNames: string[]
  organizationName: string | null
  photo: { fileId: string; url: string } | null
  signature: { fileId: string; url: string } | null
  version: number
  userId: string | null
}
interface SessionRow {
  sessionId: string
  carrier: string | null
  ip: string | null
  current: boolean
}

async function codeFor(t: Target, target: string): Promise<string> {
  for (let i = 0; i < 30; i++) {
    const code = lastVerifyCode(t, target.replace(/[.+]/g, '\\$&'))
    if (code) return code
    await sleep(100)
  }
  throw new Error(`no code logged for ${target}`)
}

let n = 0
const newPhone = () => `16${String(Date.now()).slice(-7)}${String(n++ % 100).padStart(2, '0')}`

describe.each(provided('targets'))('personal centre on $name', (t) => {
  // Demo data on the embedded database; only admin on PostgreSQL.
  const who = t.demo ? 'zhangwei' : 'admin'
  const password = t.demo ? DEMO_PASSWORD : t.adminPassword
  const me = () => signedIn(t, who, password)

  it('shows the profile and edits the name with the record version', async () => {
    const c = await me()
    const info = await c.call<Info>('GET', `${P}/info`)
    expect(info.body.code).toBe(10000)
    expect(info.body.data).toMatchObject({ accountName: who })
    expect(info.body.data.roleNames.length).toBeGreaterThan(0)
    const original = info.body.data.userName ?? who
    const stale = await c.call<Info>('PUT', `${P}/updateInfo`, { json: { userName: '改名', version: info.body.data.version + 5 } })
    expect(stale.body.code).toBe(20008)
    expect(stale.body.data.accountName).toBe(who)
    const bad = await c.call<{ field: string }[]>('PUT', `${P}/updateInfo`, {
      json: { userName: '#开头', version: info.body.data.version },
    })
    expect(bad.body.code).toBe(20001)
    expect(bad.body.data[0]!.field).toBe('userName')
    const renamed = await c.call<Info>('PUT', `${P}/updateInfo`, { json: { userName: '新名字', version: info.body.data.version } })
    expect(renamed.body.data).toMatchObject({ userName: '新名字', version: info.body.data.version + 1 })
    const userInfo = (await c.call<{ userName: string; userId: string | null }>('GET', '/api/portal/v1/user/info')).body.data
    expect(userInfo.userName).toBe('新名字')
    // the staff record linked to the account (SPEC §3 user info), the same as the personal centre's
    expect(userInfo.userId).toBe(info.body.data.userId)
    if (t.demo) expect(userInfo.userId).toEqual(expect.any(String))
    await c.call('PUT', `${P}/updateInfo`, { json: { userName: original, version: renamed.body.data.version } })
  })

  it('GET nodes answers where the account sits: its unit path from the top, then its department path', async () => {
    const c = await me()
    const r = await c.call<{ nodeId: string; nodeName: string; category: number }[]>('GET', '/api/portal/v1/user/nodes')
    expect(r.body.code).toBe(10000)
    if (!t.demo) return expect(r.body.data).toEqual([]) // the administrator belongs to no unit
    const units = r.body.data.filter((n) => n.category === 1).map((n) => n.nodeName)
    expect(units).toEqual(['中铁恒岳建设集团有限公司', '中铁恒岳建设集团第一工程有限公司'])
    // units first, then departments
    expect(r.body.data.map((n) => n.category)).toEqual([...r.body.data.map((n) => n.category)].sort())
    expect((await new Client(t.url).call('GET', '/api/portal/v1/user/nodes')).body.code).not.toBe(10000)
  })

  it('binds a new cellphone: password first, then a code to the new number; the number then signs in', async () => {
    const c = await me()
    const before = (await c.call<Info>('GET', `${P}/info`)).body.data
    const phone = newPhone()
    const wrongPassword = await c.call<{ field: string; message: string }[]>('POST', `${P}/getBindCode`, {
      json: { type: 'cellphone', cellphone: phone, password: 'Wrong#2026' },
    })
    expect(wrongPassword.body.code).toBe(20001)
    expect(wrongPassword.body.data[0]).toMatchObject({ field: 'password', message: '密码不正确' })
    expect((await c.call('POST', `${P}/verifyPassword`, { json: { password } })).body.code).toBe(10000)
    if (t.demo) {
      // A number another account uses.
      expect(
        (await c.call('POST', `${P}/getBindCode`, { json: { type: 'cellphone', cellphone: '13800138000', password } })).body.code,
      ).toBe(20006)
    }
    const sent = await c.call<{ channel: string; target: string }>('POST', `${P}/getBindCode`, {
      json: { type: 'cellphone', cellphone: phone, password },
    })
    expect(sent.body).toMatchObject({ code: 10000, data: { channel: 'sms', target: `${phone.slice(0, 3)}****${phone.slice(-4)}` } })
    const code = await codeFor(t, phone)
    const wrong = code === '000000' ? '111111' : '000000'
    expect((await c.call('POST', `${P}/bindCellphone`, { json: { cellphone: phone, verifyCode: wrong } })).body.code).toBe(20001)
    // A code for this number does not bind another one.
    expect((await c.call('POST', `${P}/bindCellphone`, { json: { cellphone: newPhone(), verifyCode: code } })).body.code).toBe(20001)
    const bound = await c.call<Info>('POST', `${P}/bindCellphone`, { json: { cellphone: phone, verifyCode: code } })
    expect(bound.body).toMatchObject({ code: 10000, data: { cellphone: phone } })
    expect((await new Client(t.url).login(phone, password)).body.code).toBe(10000)
    // Put the old number back (a code to it, as for any new target).
    if (before.cellphone) {
      await c.call('POST', `${P}/getBindCode`, { json: { type: 'cellphone', cellphone: before.cellphone, password } })
      const back = await c.call<Info>('POST', `${P}/bindCellphone`, {
        json: { cellphone: before.cellphone, verifyCode: await codeFor(t, before.cellphone) },
      })
      expect(back.body.data.cellphone).toBe(before.cellphone)
    }
  })

  it("binds an email with a code only this account's request can use; unbinding keeps one contact", async () => {
    const c = await me()
    const before = (await c.call<Info>('GET', `${P}/info`)).body.data
    const email = `p${Date.now().toString(36)}@example.test`
    expect((await c.call('POST', `${P}/getBindCode`, { json: { type: 'email', email: 'not-an-email', password } })).body.code).toBe(20001)
    expect((await c.call('POST', `${P}/getBindCode`, { json: { type: 'email', email, password } })).body.code).toBe(10000)
    const code = await codeFor(t, email)
    if (t.demo) {
      // The same code is worthless to another account.
      const other = await signedIn(t, 'orgadmin')
      expect((await other.call('POST', `${P}/bindEmail`, { json: { email, verifyCode: code } })).body.code).toBe(20001)
    }
    const bound = await c.call<Info>('POST', `${P}/bindEmail`, { json: { email, verifyCode: code } })
    expect(bound.body.data.email).toBe(email)
    expect((await c.call('POST', `${P}/bindEmail`, { json: { email, verifyCode: code } })).body.code).toBe(20001)

    // Unbinding asks for the password; the last contact stays.
    expect((await c.call('POST', `${P}/unbindEmail`, { json: { password: 'Wrong#2026' } })).body.code).toBe(20001)
    if (bound.body.data.cellphone) {
      const unbound = await c.call<Info>('POST', `${P}/unbindEmail`, { json: { password } })
      expect(unbound.body.data.email).toBeNull()
      const last = await c.call('POST', `${P}/unbindCellphone`, { json: { password } })
      expect(last.body.code).toBe(20021)
      expect(last.body.message).toContain('至少保留一个')
    }
    if (before.email) {
      await c.call('POST', `${P}/getBindCode`, { json: { type: 'email', email: before.email, password } })
      await c.call('POST', `${P}/bindEmail`, { json: { email: before.email, verifyCode: await codeFor(t, before.email) } })
    }
  })

  it('lists the sessions; signs out one, then every other; their next call gets 20114', async () => {
    const a = await me()
    const b = await me()
    const d = await me()
    const list = await a.call<SessionRow[]>('GET', `${P}/sessions`)
    expect(list.body.code).toBe(10000)
    const rows = list.body.data
    expect(rows[0]).toMatchObject({ current: true, carrier: 'node-test/24' })
    expect(rows.filter((r) => r.current)).toHaveLength(1)
    expect(rows.length).toBeGreaterThanOrEqual(3)
    const bId = (await b.call<SessionRow[]>('GET', `${P}/sessions`)).body.data.find((r) => r.current)!.sessionId
    const mine = rows.find((r) => r.current)!.sessionId

    expect((await a.call('POST', `${P}/signOutSession`, { json: { sessionId: mine } })).body.code).toBe(20021)
    expect((await a.call('POST', `${P}/signOutSession`, { json: { sessionId: bId } })).body).toMatchObject({
      code: 10000,
      data: { signedOut: 1 },
    })
    expect((await b.call('GET', '/api/portal/v1/user/info')).body.code).toBe(20114)
    expect((await d.call('GET', '/api/portal/v1/user/info')).body.code).toBe(10000)
    if (t.demo) {
      // Someone else's session is not found.
      const other = await signedIn(t, 'orgadmin')
      const otherId = (await other.call<SessionRow[]>('GET', `${P}/sessions`)).body.data.find((r) => r.current)!.sessionId
      expect((await a.call('POST', `${P}/signOutSession`, { json: { sessionId: otherId } })).body.code).toBe(20002)
    }
    const all = await a.call<{ signedOut: number }>('POST', `${P}/signOutOthers`)
    expect(all.body.data.signedOut).toBeGreaterThanOrEqual(1)
    expect((await d.call('GET', '/api/portal/v1/user/info')).body.code).toBe(20114)
    expect((await a.call('GET', '/api/portal/v1/user/info')).body.code).toBe(10000)
    expect((await a.call<SessionRow[]>('GET', `${P}/sessions`)).body.data).toHaveLength(1)
  })

  it('changes the password (SPEC §5): the old one is checked, the other sessions end, this one goes on', async () => {
    const a = await me()
    const b = await me()
    const change = (body: Record<string, string>) => a.call<{ field: string }[]>('POST', `${P}/updatePassword`, { json: body })
    const wrongOld = await change({ oldPassword: 'Wrong#2026', password: 'Next#2026', confirmPassword: 'Next#2026' })
    expect(wrongOld.body.code).toBe(20001)
    expect(wrongOld.body.data[0]!.field).toBe('oldPassword')
    const sameAsName = await change({ oldPassword: password, password: who, confirmPassword: who })
    expect(sameAsName.body.data.map((e) => e.field)).toContain('password')
    expect((await change({ oldPassword: password, password: 'Next#2026', confirmPassword: 'Other#2026' })).body.data[0]!.field).toBe(
      'confirmPassword',
    )
    expect((await change({ oldPassword: password, password: 'short', confirmPassword: 'short' })).body.code).toBe(20001)
    expect((await change({ oldPassword: password, password, confirmPassword: password })).body.code).toBe(20001)
    try {
      const done = await change({ oldPassword: password, password: 'Next#2026', confirmPassword: 'Next#2026' })
      expect(done.body).toMatchObject({ code: 10000 })
      expect((await b.call('GET', '/api/portal/v1/user/info')).body.code).toBe(20114)
      expect((await a.call('GET', '/api/portal/v1/user/info')).body.code).toBe(10000)
      expect((await new Client(t.url).login(who, password)).body.code).toBe(20010)
      expect((await new Client(t.url).login(who, 'Next#2026')).body.code).toBe(10000)
    } finally {
      await change({ oldPassword: 'Next#2026', password, confirmPassword: password })
    }
    expect((await new Client(t.url).login(who, password)).body.code).toBe(10000)
  })

  it('saves a drawn signature (PNG through the file service) and a photo (JPG); refuses wrong kinds and foreign files', async () => {
    const c = await me()
    const sig = await upload(c, 'signature', 'signature.png', 'image/png', png(60, 20, [10, 10, 10]))
    expect(sig.body.code).toBe(10000)
    const saved = await c.call<Info>('POST', `${P}/updateSignature`, { json: { fileId: sig.body.data.fileId } })
    expect(saved.body.data.signature?.fileId).toBe(sig.body.data.fileId)
    const img = await fetch(t.url + saved.body.data.signature!.url)
    expect(img.status).toBe(200)
    expect(img.headers.get('content-type')).toBe('image/png')
    expect((await c.call<Info>('GET', `${P}/info`)).body.data.signature?.fileId).toBe(sig.body.data.fileId)

    // A JPG is no signature; a photo upload is no signature either.
    expect((await upload(c, 'signature', 'sig.jpg', 'image/jpeg', JPG)).body.code).toBe(20001)
    const photo = await upload(c, 'avatar', 'me.jpg', 'image/jpeg', JPG)
    expect((await c.call('POST', `${P}/updateSignature`, { json: { fileId: photo.body.data.fileId } })).body.code).toBe(20001)
    const withPhoto = await c.call<Info>('POST', `${P}/updatePhoto`, { json: { fileId: photo.body.data.fileId } })
    expect(withPhoto.body.data.photo?.fileId).toBe(photo.body.data.fileId)
    expect((await c.call<{ profilePhoto: string }>('GET', '/api/portal/v1/user/info')).body.data.profilePhoto).toBe(photo.body.data.fileId)
    if (t.demo) {
      const other = await signedIn(t, 'orgadmin')
      expect((await other.call('POST', `${P}/updateSignature`, { json: { fileId: sig.body.data.fileId } })).body.code).toBe(20001)
    }
    const cleared = await c.call<Info>('POST', `${P}/updatePhoto`, { json: { fileId: null } })
    expect(cleared.body.data.photo).toBeNull()
  })

  it.runIf(t.demo)('a tourist reads the personal centre and changes nothing', async () => {
    const tourist = await signedIn(t, 'tourist')
    const info = await tourist.call<Info>('GET', `${P}/info`)
    expect(info.body.code).toBe(10000)
    expect(
      (await tourist.call('PUT', `${P}/updateInfo`, { json: { userName: '游客改名', version: info.body.data.version } })).body.code,
    ).toBe(20003)
    expect(
      (
        await tourist.call('POST', `${P}/updatePassword`, {
          json: { oldPassword: DEMO_PASSWORD, password: 'Tour#2026', confirmPassword: 'Tour#2026' },
        })
      ).body.code,
    ).toBe(20003)
    expect((await tourist.call('POST', `${P}/signOutOthers`)).body.code).toBe(10000)
  })

  it.runIf(t.demo)('ten wrong passwords in the personal centre stop further checks for 15 minutes, even the right one', async () => {
    const tourist = await signedIn(t, 'tourist')
    // Fixed 15-minute windows: ten in a row are refused as wrong, the next ones as too many (a window may end in between).
    let wrong = 0
    for (let i = 0; i < 20; i++) {
      const code = (await tourist.call('POST', `${P}/verifyPassword`, { json: { password: `Wrong#${i}` } })).body.code
      if (code !== 20001) break
      wrong++
    }
    expect(wrong).toBeGreaterThanOrEqual(10)
    expect(wrong).toBeLessThan(20)
    const r = await tourist.call('POST', `${P}/verifyPassword`, { json: { password: DEMO_PASSWORD } })
    expect(r.status).toBe(429)
    expect(r.body).toMatchObject({ code: 20021, message: '密码错误次数过多，请15分钟后再试' })
  })
})
