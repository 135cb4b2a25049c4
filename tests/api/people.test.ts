/** Staff records (user/*, sub-records, userCheck, import/export) on every target; cross-organisation isolation on the demo database. */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provided } from './provided'
import { Client, newKey } from './client'
import { JPG, png, upload } from './files-fixtures'
import { STAFF_ROW_FIELDS } from '../../src/contract/schemas/people'
import { signedIn, uniqueName } from './helpers'
import { A, addDept, addPerson, badChecksum, idCard, personBody, phone, USER, workOrg, type Page, type PersonRow } from './people-fixtures'

const pgUrl = provided('pgUrl')

describe.each(provided('targets'))('people on $name', (t) => {
  let admin: Client
  let orgId: string
  let deptId: string
  beforeAll(async () => {
    admin = await signedIn(t)
    orgId = await workOrg(admin)
    deptId = (await addDept(admin, orgId)).body.data.id
  })

  it('adds a person (birth date from the ID number), lists them masked, updates keeping the numbers, deletes', async () => {
    const id = idCard('1985-03-17')
    const cell = phone()
    const added = await addPerson(admin, orgId, { departmentId: deptId, idCard: id, cellphone: cell, email: 'zhao@example.cn' })
    expect(added.body.code).toBe(10000)
    const p = added.body.data
    expect(p).toMatchObject({
      organizationId: orgId,
      departmentId: deptId,
      birthDate: '1985-03-17',
      status: 'active',
      version: 0,
      roleNames: [],
    })
    expect(p.idCard).toBe(`${id.slice(0, 3)}***********${id.slice(-4)}`)
    expect(p.cellphone).toBe(`${cell.slice(0, 3)}****${cell.slice(-4)}`)

    const page = await admin.call<Page<PersonRow>>('GET', `${USER}/listPage`, {
      query: { departmentId: deptId, pageIndex: 1, pageSize: 2000 },
    })
    expect(page.body.code).toBe(10000)
    const row = page.body.data.records.find((r) => r.userId === p.userId)!
    expect(row.idCard).not.toContain(id.slice(6, 14))
    expect(JSON.stringify(page.body.data)).not.toContain(id)
    expect(JSON.stringify(page.body.data)).not.toContain(cell)

    const updated = await admin.call<PersonRow>('PUT', `${USER}/update`, {
      json: { userId: p.userId, version: 0, name: '赵国强', sex: 'male', email: 'zgq@example.cn' },
    })
    expect(updated.body.code).toBe(10000)
    expect(updated.body.data).toMatchObject({
      name: '赵国强',
      version: 1,
      idCard: p.idCard,
      cellphone: p.cellphone,
      birthDate: '1985-03-17',
    })
    const full = await admin.call<{ idCard: string }>('GET', `${USER}/getIdCard`, { query: { userId: p.userId } })
    expect(full.body.data.idCard).toBe(id)

    const stale = await admin.call<PersonRow>('PUT', `${USER}/update`, {
      json: { userId: p.userId, version: 0, name: '赵国', sex: 'male' },
    })
    expect(stale.body.code).toBe(20008)
    expect(stale.body.data).toMatchObject({ name: '赵国强', version: 1 })
    expect(stale.body.data.idCard).not.toBe(id)

    expect((await admin.call('POST', `${USER}/delete`, { form: { ids: p.userId } })).body.code).toBe(10000)
    expect((await admin.call('GET', `${USER}/getIdCard`, { query: { userId: p.userId } })).body.code).toBe(20002)
  })

  it('validates the ID number (format, check character), its birth date, phone and email, and refuses a registered number', async () => {
    const id = idCard('1990-06-15')
    const bad = async (extra: Record<string, unknown>) => {
      const r = await admin.call<{ field: string; message: string }[]>('POST', `${USER}/add`, { json: personBody(orgId, extra) })
      expect(r.body.code).toBe(20001)
      return r.body.data
    }
    expect((await bad({ idCard: badChecksum(id) })).map((e) => e.field)).toEqual(['idCard'])
    expect((await bad({ idCard: '1234567890' })).map((e) => e.field)).toEqual(['idCard'])
    const birth = await bad({ idCard: id, birthDate: '1990-06-16' })
    expect(birth).toEqual([expect.objectContaining({ field: 'birthDate', message: expect.stringContaining('1990-06-15') })])
    expect((await bad({ cellphone: '1380013' })).map((e) => e.field)).toEqual(['cellphone'])
    expect((await bad({ email: 'not-an-email' })).map((e) => e.field)).toEqual(['email'])
    expect(new Set((await bad({ name: '' })).map((e) => e.field))).toEqual(new Set(['name']))

    const first = await addPerson(admin, orgId, { idCard: id, birthDate: '1990-06-15' })
    expect(first.body.code).toBe(10000)
    const dup = await addPerson(admin, orgId, { idCard: id })
    expect(dup.body.code).toBe(20006)
    expect(dup.body.message).not.toContain(first.body.data.name)

    // a client-supplied id that is taken is the clash answered first, before the ID number's
    const again = await addPerson(admin, orgId, { userId: first.body.data.userId, idCard: id })
    expect(again.body).toMatchObject({ code: 20006, data: { field: 'userId' } })
    // an edit that keeps the ID number passes; one that takes another person's is refused on idCard
    const other = (await addPerson(admin, orgId)).body.data
    const keep = await admin.call<PersonRow>('PUT', `${USER}/update`, {
      json: { ...personBody(orgId, { idCard: id, name: '留号', userId: first.body.data.userId }), version: first.body.data.version },
    })
    expect(keep.body.code, keep.text).toBe(10000)
    const take = await admin.call('PUT', `${USER}/update`, {
      json: { ...personBody(orgId, { idCard: id, userId: other.userId }), version: other.version },
    })
    expect(take.body).toMatchObject({ code: 20006, data: { field: 'idCard' } })

    const check = (idCardValue: string) =>
      admin.call<{ birthDate: string; sex: string }>('GET', `${A}/userCheck/checkIdcard`, { query: { idCard: idCardValue } })
    const used = await check(id)
    expect(used.body.code).toBe(20006)
    expect(JSON.stringify(used.body)).not.toContain(first.body.data.name)
    expect((await check(badChecksum(idCard()))).body.code).toBe(20001)
    const fresh = await check(idCard('1979-11-02'))
    expect(fresh.body).toMatchObject({ code: 10000, data: { birthDate: '1979-11-02' } })
    expect(
      (await admin.call('GET', `${A}/userCheck/checkIdcard`, { query: { idCard: id, userId: first.body.data.userId } })).body.code,
    ).toBe(10000)

    // An update may not contradict the stored ID number either.
    const u = first.body.data
    const contradict = await admin.call('PUT', `${USER}/update`, {
      json: { userId: u.userId, version: u.version, name: u.name, sex: 'male', birthDate: '1990-01-01' },
    })
    expect(contradict.body.code).toBe(20001)
  })

  it('takes an avatar only from a JPG uploaded as an avatar', async () => {
    const photo = await upload(admin, 'photo', 'me.png', 'image/png', png())
    expect(photo.body.code).toBe(10000)
    const refused = await addPerson(admin, orgId, { avatarFileId: photo.body.data.fileId })
    expect(refused.body.code).toBe(20001)
    expect(refused.body.data).toEqual([expect.objectContaining({ field: 'avatarFileId', message: expect.stringContaining('JPG') })])
    const notJpg = await upload(admin, 'avatar', 'me.png', 'image/png', png())
    expect(notJpg.body.code).toBe(20001)
    const avatar = await upload(admin, 'avatar', 'me.jpg', 'image/jpeg', JPG)
    expect(avatar.body.code).toBe(10000)
    const ok = await addPerson(admin, orgId, { avatarFileId: avatar.body.data.fileId })
    expect(ok.body.code).toBe(10000)
    expect(ok.body.data.avatarUrl).toMatch(/^\/files\//)
  })

  it('saves education, certificates, project experience and career resume as whole lists', async () => {
    const p = (await addPerson(admin, orgId)).body.data
    const scan = (await upload(admin, 'scan', 'cert.png', 'image/png', png())).body.data
    const edu = await admin.call<{ educationId: string; graduationPhotoUrl: string | null }[]>(
      'POST',
      `${A}/userEducation/addFullByUserId`,
      {
        json: {
          userId: p.userId,
          items: [
            {
              startMonth: '2003-09',
              endMonth: '2007-07',
              school: '西南交通大学',
              major: '土木工程',
              degree: 'undergraduate',
              graduationPhotoFileId: scan.fileId,
            },
          ],
        },
      },
    )
    expect(edu.body.code).toBe(10000)
    expect(edu.body.data).toHaveLength(1)
    expect(edu.body.data[0]!.graduationPhotoUrl).toMatch(/^\/files\//)
    const reversed = await admin.call<{ field: string }[]>('POST', `${A}/userEducation/addFullByUserId`, {
      json: { userId: p.userId, items: [{ startMonth: '2007-09', endMonth: '2003-07', school: '同济大学', degree: 'master' }] },
    })
    expect(reversed.body.code).toBe(20001)
    expect(reversed.body.data[0]!.field).toBe('items.0.endMonth')
    const cert = {
      titleLevel: 'senior',
      certificateName: '一级注册建造师',
      certificateNo: 'JZ2019-0001',
      issuingUnit: '住房和城乡建设部',
      validFrom: '2019-05-01',
      validTo: '2024-04-30',
    }
    const repeated = await admin.call('POST', `${A}/userCertificate/addFullByUserId`, { json: { userId: p.userId, items: [cert, cert] } })
    expect(repeated.body.code).toBe(20001)
    const certs = await admin.call<{ certificateId: string }[]>('POST', `${A}/userCertificate/addFullByUserId`, {
      json: { userId: p.userId, items: [cert] },
    })
    expect(certs.body.code).toBe(10000)
    const jobs = await admin.call('POST', `${A}/userJob/addFullByUserId`, {
      json: {
        userId: p.userId,
        items: [
          {
            institution: '沪宁城际铁路',
            position: '总工程师',
            organizationName: '中铁恒岳',
            departmentName: '工程部',
            jobLevel: 'deptHead',
            post: 'engineering',
          },
        ],
      },
    })
    expect(jobs.body.code).toBe(10000)
    // name-type fields may not start with a special character (SPEC §5)
    const badNames = await admin.call<{ field: string; key: string }[]>('POST', `${A}/userJob/addFullByUserId`, {
      json: { userId: p.userId, items: [{ institution: '沪宁城际铁路', organizationName: '#中铁恒岳', departmentName: '*工程部' }] },
    })
    expect(badNames.body.code).toBe(20001)
    expect(badNames.body.data.map((e) => `${e.field} ${e.key}`).sort()).toEqual([
      'items.0.departmentName v.nameStart',
      'items.0.organizationName v.nameStart',
    ])
    const badUnit = await admin.call<{ field: string }[]>('POST', `${A}/userCertificate/addFullByUserId`, {
      json: { userId: p.userId, items: [{ ...cert, issuingUnit: '@住建部' }] },
    })
    expect(badUnit.body.data.map((e) => e.field)).toEqual(['items.0.issuingUnit'])
    const resume = await admin.call('POST', `${A}/userProject/addFullByUserId`, {
      json: {
        userId: p.userId,
        items: [{ startMonth: '2010-07', organizationName: '中铁一局集团有限公司', position: '技术员', description: '路基施工' }],
      },
    })
    expect(resume.body.code).toBe(10000)
    const list = await admin.call<unknown[]>('GET', `${A}/userProject/list`, { query: { userId: p.userId } })
    expect(list.body.data).toHaveLength(1)
    // Saving again keeps an item's id; delete removes one.
    const again = await admin.call<{ certificateId: string }[]>('POST', `${A}/userCertificate/addFullByUserId`, {
      json: { userId: p.userId, items: [{ ...cert, certificateId: certs.body.data[0]!.certificateId, issuingUnit: '住建部' }] },
    })
    expect(again.body.data[0]!.certificateId).toBe(certs.body.data[0]!.certificateId)
    expect((await admin.call('POST', `${A}/userCertificate/delete`, { form: { ids: again.body.data[0]!.certificateId } })).body.code).toBe(
      10000,
    )
    expect((await admin.call<unknown[]>('GET', `${A}/userCertificate/list`, { query: { userId: p.userId } })).body.data).toHaveLength(0)
  })

  it('moves people to another department and archives them', async () => {
    const target = (await addDept(admin, orgId)).body.data.id
    const a = (await addPerson(admin, orgId, { departmentId: deptId })).body.data
    const b = (await addPerson(admin, orgId, { departmentId: deptId })).body.data
    const moved = await admin.call<{ moved: number }>('POST', `${USER}/move`, {
      json: { userIds: [a.userId, b.userId], departmentId: target },
    })
    expect(moved.body).toMatchObject({ code: 10000, data: { moved: 2 } })
    const inTarget = await admin.call<Page<PersonRow>>('GET', `${USER}/listPage`, { query: { departmentId: target } })
    expect(inTarget.body.data.records.map((r) => r.userId).sort()).toEqual([a.userId, b.userId].sort())
    expect((await admin.call('POST', `${USER}/move`, { json: { userIds: [a.userId] } })).body.code).toBe(20001)

    const archived = await admin.call('POST', `${USER}/archive`, { json: { userIds: [a.userId], archived: true } })
    expect(archived.body.code).toBe(10000)
    const active = await admin.call<Page<PersonRow>>('GET', `${USER}/listPage`, { query: { departmentId: target, status: 'active' } })
    expect(active.body.data.records.map((r) => r.userId)).toEqual([b.userId])
    await admin.call('POST', `${USER}/archive`, { json: { userIds: [a.userId], archived: false } })
    const back = await admin.call<Page<PersonRow>>('GET', `${USER}/listPage`, { query: { departmentId: target, status: 'active' } })
    expect(back.body.data.total).toBe(2)
  })

  it('lists by organisation with children, by keyword, and answers pageSize 2000', async () => {
    const p = (await addPerson(admin, orgId, { name: uniqueName('钱').slice(0, 12), departmentId: deptId })).body.data
    const byKeyword = await admin.call<Page<PersonRow>>('GET', `${USER}/listPage`, {
      query: { keyword: p.name, organizationId: orgId, includeChildren: 1 },
    })
    expect(byKeyword.body.data.records.map((r) => r.userId)).toEqual([p.userId])
    const big = await admin.call<Page<PersonRow>>('GET', `${USER}/listPage`, {
      query: { organizationId: orgId, includeChildren: 1, pageIndex: 1, pageSize: 2000 },
    })
    expect(big.body.code).toBe(10000)
    expect(big.body.data.records.length).toBe(Math.min(2000, big.body.data.total))
    expect((await admin.call('GET', `${USER}/listPage`, { query: { pageSize: 2001 } })).body.code).toBe(20001)
  })

  it('answers the staff panel’s rows only with view=staff: its fields, numbers masked, the same people', async () => {
    const id = idCard('1979-11-02')
    const p = (await addPerson(admin, orgId, { departmentId: deptId, idCard: id, email: 'view@example.cn' })).body.data
    const query = { departmentId: deptId, pageIndex: 1, pageSize: 2000 }
    const whole = await admin.call<Page<PersonRow>>('GET', `${USER}/listPage`, { query })
    const staff = await admin.call<Page<Record<string, unknown>>>('GET', `${USER}/listPage`, { query: { ...query, view: 'staff' } })
    expect(staff.body.code).toBe(10000)
    expect(staff.body.data.total).toBe(whole.body.data.total)
    expect(staff.body.data.records.map((r) => r.userId)).toEqual(whole.body.data.records.map((r) => r.userId))
    const row = staff.body.data.records.find((r) => r.userId === p.userId)!
    expect(Object.keys(row).sort()).toEqual([...STAFF_ROW_FIELDS, 'avatarUrl'].sort())
    const full = whole.body.data.records.find((r) => r.userId === p.userId)! as unknown as Record<string, unknown>
    for (const f of STAFF_ROW_FIELDS) expect(row[f], f).toEqual(full[f])
    expect(row).toMatchObject({ email: 'view@example.cn', birthDate: '1979-11-02', idCard: `${id.slice(0, 3)}***********${id.slice(-4)}` })
    expect(JSON.stringify(staff.body.data).length).toBeLessThan(JSON.stringify(whole.body.data).length * 0.75)
    const bad = await admin.call('GET', `${USER}/listPage`, { query: { ...query, view: 'everything' } })
    expect(bad.body.code).toBe(20001)
    expect(JSON.stringify(bad.body.data)).toContain('view')
  })

  it('imports staff from Excel: a bad ID number fails only its row, with a report', async () => {
    const { default: ExcelJS } = await import('exceljs')
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('人员')
    const orgName = (await addPerson(admin, orgId)).body.data.organizationName
    ws.addRow(['姓名', '性别', '身份证号码', '手机号码', '单位', '岗位'])
    const good = idCard('1988-08-08')
    ws.addRow(['孙立伟', '男', good, phone(), orgName, '安全'])
    ws.addRow(['孙立华', '男', badChecksum(idCard('1989-09-09')), phone(), orgName, '安全'])
    const bytes = Buffer.from(await wb.xlsx.writeBuffer())
    const { multipart } = await import('./files-fixtures')
    const r = await admin.call<{ succeeded: number; failed: number; reportFileId: string | null; done: boolean }>(
      'POST',
      `${USER}/import`,
      {
        raw: multipart({ name: 'staff.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes }),
        unsignedPayload: true,
        idempotencyKey: newKey(),
      },
    )
    expect(r.body.code).toBe(10000)
    expect(r.body.data).toMatchObject({ done: true, succeeded: 1, failed: 1 })
    expect(r.body.data.reportFileId).toBeTruthy()
    const found = await admin.call<Page<PersonRow>>('GET', `${USER}/listPage`, { query: { keyword: good } })
    expect(found.body.data.records.map((x) => x.name)).toEqual(['孙立伟'])
  })

  it('an import started from a unit (or one of its departments) puts rows with an empty 单位 there, not in the importer’s unit', async () => {
    const { default: ExcelJS } = await import('exceljs')
    const { multipart } = await import('./files-fixtures')
    const types = await admin.call<{ organizationTypeId: string }[]>('GET', `${A}/orgType/list`)
    const sub = await admin.call<{ organizationId: string }>('POST', `${A}/org/add`, {
      json: { organizationName: uniqueName('导入目标单位'), organizationTypeId: types.body.data[0]!.organizationTypeId, parentId: orgId },
    })
    expect(sub.body.code, JSON.stringify(sub.body)).toBe(10000)
    const subId = sub.body.data.organizationId
    const subDept = (await addDept(admin, subId)).body.data.id
    const importRows = async (rows: unknown[][], query: Record<string, string>) => {
      const wb = new ExcelJS.Workbook()
      const ws = wb.addWorksheet('人员')
      ws.addRow(['姓名', '性别', '身份证号码', '手机号码', '单位', '部门'])
      for (const r of rows) ws.addRow(r)
      const bytes = Buffer.from(await wb.xlsx.writeBuffer())
      return admin.call<{ succeeded: number; failed: number; done: boolean }>('POST', `${USER}/import`, {
        query,
        raw: multipart({ name: 'staff.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes }),
        unsignedPayload: true,
        idempotencyKey: newKey(),
      })
    }
    const [a, b] = [idCard('1987-07-07'), idCard('1986-06-06')]
    const r = await importRows(
      [
        ['钱文博', '男', a, phone(), '', ''],
        ['钱文静', '女', b, phone(), '', ''],
      ],
      { organizationId: subId, departmentId: subDept },
    )
    expect(r.body.data).toMatchObject({ done: true, succeeded: 2, failed: 0 })
    const inSub = await admin.call<Page<PersonRow>>('GET', `${USER}/listPage`, { query: { organizationId: subId, pageSize: 50 } })
    expect(inSub.body.data.records.map((x) => [x.name, x.organizationId, x.departmentId]).sort()).toEqual([
      ['钱文博', subId, subDept],
      ['钱文静', subId, subDept],
    ])
    // from the unit itself: no department; a bad target is refused on its field before anything is read
    const c = idCard('1985-05-05')
    expect((await importRows([['钱文山', '男', c, phone(), '', '']], { organizationId: subId })).body.data).toMatchObject({ succeeded: 1 })
    const third = await admin.call<Page<PersonRow>>('GET', `${USER}/listPage`, { query: { keyword: c } })
    expect(third.body.data.records.map((x) => [x.organizationId, x.departmentId])).toEqual([[subId, null]])
    const bad = await importRows([['钱文水', '男', idCard('1984-04-04'), phone(), '', '']], { organizationId: 'not an id' })
    expect(bad.body.code).toBe(20001)
    expect((bad.body.data as unknown as { field: string }[]).map((e) => e.field)).toEqual(['organizationId'])
  })

  it('a profile invitation lets the person complete their record, which then waits for review', async () => {
    const p = (await addPerson(admin, orgId, { birthDate: undefined })).body.data
    const created = await admin.call<{ url: string }>('POST', `${A}/invite/create`, {
      json: { purpose: 'profile', targetId: p.userId, validHours: 24 },
    })
    expect(created.body.code).toBe(10000)
    const token = new URL(created.body.data.url, t.url).searchParams.get('token')!
    const anon = new Client(t.url)
    const opened = await anon.fetchRaw('GET', `/api/portal/v1/invite/open?token=${token}`)
    expect(opened.body.code).toBe(10000)
    const data = (opened.body.data as { data: Record<string, unknown> }).data
    expect(data).toMatchObject({ name: p.name, idCardMasked: p.idCard, cellphoneMasked: p.cellphone })
    expect(JSON.stringify(opened.body)).not.toMatch(/\d{17}[\dX]/)
    const submit = (body: Record<string, unknown>) =>
      anon.fetchRaw('POST', '/api/portal/v1/invite/submit', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, data: body }),
      })
    const wrongBirth = await submit({ name: p.name, sex: 'male', birthDate: '2001-01-01' })
    expect(wrongBirth.body.code).toBe(20001)
    const done = await submit({
      name: `${p.name}新`,
      sex: 'male',
      email: 'self@example.cn',
      education: [{ startMonth: '2006-09', endMonth: '2010-07', school: '长安大学', major: '道路桥梁', degree: 'undergraduate' }],
      certificates: [{ titleLevel: 'intermediate', certificateName: '工程师', certificateNo: `GC${Date.now()}` }],
    })
    expect(done.body.code).toBe(10000)
    expect((await submit({ name: p.name, sex: 'male' })).body.code).toBe(20021)
    const list = await admin.call<Page<PersonRow>>('GET', `${A}/userAudit/listPage`, {
      query: { keyword: `${p.name}新`, auditStatus: 'pending' },
    })
    expect(list.body.data.records.map((r) => r.userId)).toEqual([p.userId])
    // 用户审核 shows when it was submitted (not when the record was made) and what the profile changed
    const row = list.body.data.records[0] as PersonRow & { submitTime: string; submitKind: string; createTime: string }
    expect(row.submitKind).toBe('profile')
    expect(Date.parse(row.submitTime)).toBeGreaterThan(Date.parse(row.createTime))
    const sub = await admin.call<{
      submitKind: string
      values: Record<string, string | null>
      changes: { field: string; before: string | null; after: string | null }[]
    }>('GET', `${A}/userAudit/submission`, { query: { userId: p.userId } })
    expect(sub.body.code).toBe(10000)
    expect(sub.body.data.submitKind).toBe('profile')
    expect(sub.body.data.changes).toEqual(
      [
        { field: 'name', before: p.name, after: `${p.name}新` },
        { field: 'sex', before: p.sex, after: 'male' },
        { field: 'email', before: p.email, after: 'self@example.cn' },
        { field: 'education', before: null, after: '1' },
        { field: 'certificates', before: null, after: '1' },
      ].filter((c) => c.before !== c.after),
    )
    expect(sub.body.data.values).toMatchObject({ idCard: p.idCard, cellphone: p.cellphone, name: `${p.name}新` })
    expect(JSON.stringify(sub.body)).not.toMatch(/\d{17}[\dX]/)
    expect((await admin.call('GET', `${A}/userAudit/submission`, { query: { userId: 'nope' } })).body.code).toBe(20001)
    const edu = await admin.call<{ school: string }[]>('GET', `${A}/userEducation/list`, { query: { userId: p.userId } })
    expect(edu.body.data.map((e) => e.school)).toEqual(['长安大学'])
    const full = await admin.call<{ idCard: string }>('GET', `${USER}/getIdCard`, { query: { userId: p.userId } })
    expect(full.body.data.idCard.slice(-4)).toBe(p.idCard!.slice(-4))
  })

  it.runIf(t.demo)('keeps another organisation out of reach for orgadmin (20002) and masks numbers', async () => {
    const orgadmin = await signedIn(t, 'orgadmin')
    // The owner organisation (the admin's) is not orgadmin's: its people and departments answer 20002.
    const stranger = (await addPerson(admin, orgId, { departmentId: deptId })).body.data
    const own = await orgadmin.call<Page<PersonRow>>('GET', `${USER}/listPage`, { query: { pageSize: 2000 } })
    expect(own.body.code).toBe(10000)
    expect(own.body.data.total).toBeGreaterThan(0)
    expect(own.body.data.records.some((r) => r.organizationId === orgId)).toBe(false)
    const inOther = await orgadmin.call<Page<PersonRow>>('GET', `${USER}/listPage`, {
      query: { organizationId: orgId, includeChildren: 1 },
    })
    expect(inOther.body.data.total).toBe(0)
    const mine = own.body.data.records[0]!
    const calls: [string, string, Record<string, unknown>][] = [
      ['GET', `${USER}/getIdCard`, { query: { userId: stranger.userId } }],
      ['GET', `${USER}/getCellphone`, { query: { userId: stranger.userId } }],
      ['PUT', `${USER}/update`, { json: { userId: stranger.userId, version: stranger.version, name: '改名', sex: 'male' } }],
      ['POST', `${USER}/delete`, { form: { ids: stranger.userId } }],
      ['POST', `${USER}/move`, { json: { userIds: [stranger.userId], organizationId: mine.organizationId } }],
      ['POST', `${USER}/move`, { json: { userIds: [mine.userId], departmentId: deptId } }],
      ['POST', `${USER}/archive`, { json: { userIds: [stranger.userId], archived: true } }],
      ['POST', `${USER}/add`, { json: personBody(orgId) }],
      ['GET', `${A}/userEducation/list`, { query: { userId: stranger.userId } }],
      ['POST', `${A}/userCertificate/addFullByUserId`, { json: { userId: stranger.userId, items: [] } }],
      ['GET', `${A}/userJob/list`, { query: { userId: stranger.userId } }],
      ['GET', `${A}/userProject/list`, { query: { userId: stranger.userId } }],
    ]
    for (const [method, path, opts] of calls) {
      const r = await orgadmin.call(method, path, opts)
      expect([path, r.body.code]).toEqual([path, 20002])
    }
    expect((await admin.call<PersonRow>('GET', `${USER}/getIdCard`, { query: { userId: stranger.userId } })).body.code).toBe(10000)
    // orgadmin may reveal their own staff's numbers.
    expect((await orgadmin.call('GET', `${USER}/getCellphone`, { query: { userId: mine.userId } })).body.code).toBe(10000)
  })

  it.runIf(t.demo)('refuses the reveal and every change to zhangwei and the tourist (20003)', async () => {
    const p = (await addPerson(admin, orgId)).body.data
    for (const name of ['zhangwei', 'tourist']) {
      const c = await signedIn(t, name)
      expect((await c.call('GET', `${USER}/getIdCard`, { query: { userId: p.userId } })).body.code).toBe(20003)
      expect((await c.call('GET', `${USER}/getCellphone`, { query: { userId: p.userId } })).body.code).toBe(20003)
      expect((await c.call('POST', `${USER}/add`, { json: personBody(orgId) })).body.code).toBe(20003)
      expect((await c.call('POST', `${USER}/move`, { json: { userIds: [p.userId], departmentId: deptId } })).body.code).toBe(20003)
      expect((await c.call('POST', `${A}/userEducation/addFullByUserId`, { json: { userId: p.userId, items: [] } })).body.code).toBe(20003)
    }
  })
})

describe.runIf(pgUrl && provided('targets').length > 1)('reveals are logged (PostgreSQL)', () => {
  const t = provided('targets')[1]!
  const db = new pg.Pool({ connectionString: pgUrl ?? undefined, max: 2 })
  afterAll(() => db.end())

  it('writes a system log row naming who looked at whose ID number and cellphone', async () => {
    const admin = await signedIn(t)
    const orgId = await workOrg(admin)
    const p = (await addPerson(admin, orgId)).body.data
    expect((await admin.call('GET', `${USER}/getIdCard`, { query: { userId: p.userId } })).body.code).toBe(10000)
    expect((await admin.call('GET', `${USER}/getCellphone`, { query: { userId: p.userId } })).body.code).toBe(10000)
    const rows = await db.query<{ event: string; account_name: string; content: string }>(
      'select event, account_name, content from system_log where content like $1 order by created_at',
      [`%${p.userId}%`],
    )
    expect(rows.rows.map((r) => r.event)).toEqual(['view_id_card', 'view_cellphone'])
    expect(rows.rows.every((r) => r.account_name === 'admin' && r.content.includes(p.name))).toBe(true)
  })
})
