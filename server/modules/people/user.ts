/**
 * Staff records (SPEC §7 People, `user/*`): the resource pattern (listPage/list/add/update/delete)
 * with the person's organisation as its data scope, plus getIdCard / getCellphone (permission-checked,
 * logged), move, archive and userCheck/checkIdcard.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, eq, inArray, ne, or, type SQL } from 'drizzle-orm'
import { perm, type FnOf } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import { V } from '../../../src/contract/rules'
import {
  birthDateMismatch,
  birthDateOfIdCard,
  checkIdcardQuery,
  maskCellphone,
  maskIdCard,
  PEOPLE_API,
  PEOPLE_FNS,
  sexOfIdCard,
  STAFF_ROW_FIELDS,
  userAdd,
  userArchive,
  userIdQuery,
  userListQuery,
  userMove,
  userUpdate,
} from '../../../src/contract/schemas/people'
import type { PgSelect } from 'drizzle-orm/pg-core'
import type { Ctx } from '../../context'
import { department, person } from '../../db/schema'
import { roleNamesOfAccount } from '../role'
import { ApiError, invalidField, ok, parse, requestLang } from '../../lib/http'
import { writeSystemLog } from '../logs'
import { contains } from '../../lib/sql'
import { ORG_MENU, inScope, requireVisible, visibleOrgIds } from '../../lib/orgScope'
import { defineResource, registerResource, stampsOf } from '../../lib/resource'
import { deptSubtreeSql } from '../department'
import { orgExists, orgNameOf, orgSubtreeSql } from '../org'
import { accountIdsNamedLike, accountRefs, accountUnit } from '../account'
import { AVATAR, requireFiles, withFileUrls } from '../files'
import { requirePost } from './posts'
import texts from './texts.json'

type Row = Record<string, unknown>

/** The staff record's account: its name, level and status beside the record. */
const personAccount = accountRefs('person_account')

/** The columns of a Person answer (numbers still in clear: `maskPeople` masks them). */
export const personSelection = {
  userId: person.userId,
  organizationId: person.organizationId,
  organizationName: orgNameOf(person.organizationId).as('organization_name'),
  departmentId: person.departmentId,
  departmentName: department.departmentName,
  name: person.name,
  sex: person.sex,
  idCard: person.idCard,
  birthDate: person.birthDate,
  cellphone: person.cellphone,
  email: person.email,
  avatarFileId: person.avatarFileId,
  post: person.post,
  positionLevel: person.positionLevel,
  status: person.status,
  auditStatus: person.auditStatus,
  auditReason: person.auditReason,
  auditBy: person.auditBy,
  auditTime: person.auditTime,
  sort: person.sort,
  accountId: person.accountId,
  accountName: personAccount.accountName,
  accountLevel: personAccount.level,
  accountStatus: personAccount.status,
  roleNames: roleNamesOfAccount(person.accountId).as('role_names'),
  ...stampsOf(person),
}

export const joinPersonRefs = <T extends PgSelect>(q: T): T =>
  q
    .leftJoin(department, eq(department.departmentId, person.departmentId))
    .leftJoin(personAccount, eq(personAccount.accountId, person.accountId)) as unknown as T

/** Lists show ID and cellphone numbers masked; roleNames always an array. */
export function maskPeople(rows: Row[]): Row[] {
  return rows.map((r) => ({
    ...r,
    idCard: maskIdCard(r.idCard as string | null),
    cellphone: maskCellphone(r.cellphone as string | null),
    roleNames: Array.isArray(r.roleNames) ? r.roleNames : typeof r.roleNames === 'string' ? (JSON.parse(r.roleNames) as string[]) : [],
  }))
}

/** Name or account name containing the keyword, or exactly its cellphone / ID number. */
export function keywordFilter(keyword: string | undefined): SQL | undefined {
  const kw = keyword?.trim()
  if (!kw) return undefined
  return or(
    contains(person.name, kw),
    eq(person.cellphone, kw),
    eq(person.idCard, kw.toUpperCase()),
    inArray(person.accountId, accountIdsNamedLike(kw)),
  )
}

/** Staff of an organisation / department (with their children when asked). */
export function placeFilters(q: { organizationId?: string; departmentId?: string; includeChildren: boolean }): (SQL | undefined)[] {
  return [
    q.organizationId
      ? q.includeChildren
        ? inArray(person.organizationId, orgSubtreeSql(q.organizationId))
        : eq(person.organizationId, q.organizationId)
      : undefined,
    q.departmentId
      ? q.includeChildren
        ? inArray(person.departmentId, deptSubtreeSql(q.departmentId))
        : eq(person.departmentId, q.departmentId)
      : undefined,
  ]
}

/**
 * Checks before the transaction: the avatar is an avatar file, the department belongs to the
 * person's organisation, the birth date agrees with the ID number (the stored one when the update
 * leaves it out), the account is one the caller may see and not linked to someone else.
 */
async function checkPerson(ctx: Ctx, input: Row, req: FastifyRequest): Promise<void> {
  const auth = req.auth!
  await requireFiles(ctx, req, auth, [{ field: 'avatarFileId', fileId: input.avatarFileId as string | undefined, purposes: AVATAR }])
  if (input.departmentId) {
    const [d] = await ctx.db
      .select({ id: department.departmentId })
      .from(department)
      .where(and(eq(department.departmentId, String(input.departmentId)), eq(department.organizationId, String(input.organizationId))))
    if (!d) throw new ApiError(Code.NOT_FOUND, { field: 'departmentId' })
  }
  if (input.birthDate && !input.idCard && input.userId) {
    const [stored] = await ctx.db
      .select({ idCard: person.idCard })
      .from(person)
      .where(eq(person.userId, String(input.userId)))
    const expected = stored?.idCard ? birthDateOfIdCard(stored.idCard) : null
    if (expected && expected !== input.birthDate) throw invalidField('birthDate', birthDateMismatch(expected), requestLang(req))
  }
  if (input.accountId) {
    const acc = await accountUnit(ctx.db, String(input.accountId))
    const visible = await visibleOrgIds(ctx, req)
    if (!acc || (visible !== null && !(acc.organizationId && visible.includes(acc.organizationId))))
      throw new ApiError(Code.NOT_FOUND, { field: 'accountId' })
    const [other] = await ctx.db
      .select({ id: person.userId })
      .from(person)
      .where(and(eq(person.accountId, String(input.accountId)), input.userId ? ne(person.userId, String(input.userId)) : undefined))
    if (other) throw new ApiError(Code.DUPLICATE, { field: 'accountId' }, texts.user.accountTaken)
  }
}

/**
 * In the write's transaction, before it: a birth date left out is taken from the ID number (the
 * payload's, else the stored one), so the record is written once and its version moves once.
 */
function fillBirthDate(input: Row, current: Row | null): void {
  if (input.birthDate) return
  // the current record is read unmasked (the person selection), in this transaction
  const given = typeof input.idCard === 'string' && input.idCard ? input.idCard : null
  const idCard = given ?? (typeof current?.idCard === 'string' ? current.idCard : null)
  const expected = idCard ? birthDateOfIdCard(idCard) : null
  if (expected) input.birthDate = expected
}

export function personResource(ctx: Ctx) {
  return defineResource({
    name: 'user',
    table: person,
    idField: 'userId',
    menu: ORG_MENU,
    fns: { add: PEOPLE_FNS.add, update: PEOPLE_FNS.edit, delete: PEOPLE_FNS.delete },
    scopeField: 'organizationId',
    scopeOwner: (input: Row) => input.organizationId as string | undefined,
    schemas: { add: userAdd, update: userUpdate, listQuery: userListQuery },
    filters: (q) => [
      ...placeFilters(q),
      keywordFilter(q.keyword),
      q.status ? eq(person.status, q.status) : undefined,
      q.post ? eq(person.post, q.post) : undefined,
      q.auditStatus ? eq(person.auditStatus, q.auditStatus) : undefined,
    ],
    sortable: {
      sort: person.sort,
      name: person.name,
      birthDate: person.birthDate,
      createTime: person.createTime,
      updateTime: person.updateTime,
    },
    unique: [{ field: 'idCard', message: texts.user.idTaken }],
    keep: ['idCard', 'cellphone'],
    selection: personSelection,
    views: { staff: Object.fromEntries(STAFF_ROW_FIELDS.map((f) => [f, personSelection[f]])) },
    join: joinPersonRefs,
    pageOnTable: true,
    enrich: async (_db, rows, auth) => withFileUrls(ctx, auth, maskPeople(rows), ['avatarFileId']),
    check: (input, req) => checkPerson(ctx, input, req),
    onAdd: (values, input) => {
      values.auditStatus = 'approved'
      values.status = 'active'
      // the values were taken before beforeWrite filled the birth date in
      values.birthDate ??= (input as Row).birthDate ?? null
    },
    beforeWrite: async (input, current, w) => {
      fillBirthDate(input as Row, current)
      // an enabled post of the data dictionary, or the one the record holds already
      await requirePost(w.tx, (input as Row).post, current?.post)
    },
  })
}

/** One visible person (20002 otherwise); `what` picks the columns. */
async function visiblePerson(ctx: Ctx, req: FastifyRequest, userId: string) {
  const ids = await visibleOrgIds(ctx, req)
  const [row] = await ctx.db
    .select({
      userId: person.userId,
      name: person.name,
      idCard: person.idCard,
      cellphone: person.cellphone,
      organizationId: person.organizationId,
    })
    .from(person)
    .where(and(eq(person.userId, userId), inScope(person.organizationId, ids)))
  if (!row) throw new ApiError(Code.NOT_FOUND)
  return row
}

/** The visible people among `userIds`, all of them or 20002 with the missing ids. */
async function requirePeople(ctx: Ctx, req: FastifyRequest, userIds: string[]): Promise<string[]> {
  const unique = [...new Set(userIds)]
  const ids = await visibleOrgIds(ctx, req)
  const rows = await ctx.db
    .select({ userId: person.userId })
    .from(person)
    .where(and(inArray(person.userId, unique), inScope(person.organizationId, ids)))
  if (rows.length !== unique.length)
    throw new ApiError(
      Code.NOT_FOUND,
      unique.filter((u) => !rows.some((r) => r.userId === u)),
    )
  return unique
}

export function registerUserRoutes(app: FastifyInstance, ctx: Ctx) {
  const handle = registerResource(app, ctx, personResource(ctx))
  const read = { auth: 'signed' as const, perm: perm(ORG_MENU) }
  const fn = (f: FnOf<typeof ORG_MENU>) => ({ auth: 'signed' as const, perm: perm(ORG_MENU, f) })

  // ---- the full numbers, for those allowed, logged ------------------------------------------
  const reveal = (field: 'idCard' | 'cellphone', event: string, what: string) => async (req: FastifyRequest) => {
    const q = parse(userIdQuery, req.query, req)
    const row = await visiblePerson(ctx, req, q.userId)
    await writeSystemLog(ctx, req, event, Code.OK, `${req.auth!.account.accountName} viewed the ${what} of ${row.name} (${row.userId})`)
    return ok(req, { userId: row.userId, [field]: row[field] })
  }
  app.get(PEOPLE_API.user.getIdCard, { config: fn(PEOPLE_FNS.viewIdCard) }, reveal('idCard', 'view_id_card', 'ID number'))
  app.get(PEOPLE_API.user.getCellphone, { config: fn(PEOPLE_FNS.viewCellphone) }, reveal('cellphone', 'view_cellphone', 'cellphone number'))

  // ---- move and archive ------------------------------------------------------------------------
  app.post(PEOPLE_API.user.move, { config: fn(PEOPLE_FNS.moveStaff) }, async (req) => {
    const input = parse(userMove, req.body, req)
    const visible = await visibleOrgIds(ctx, req)
    let orgId = input.organizationId ?? null
    let deptId: string | null = null
    if (input.departmentId) {
      const [d] = await ctx.db
        .select({ organizationId: department.organizationId })
        .from(department)
        .where(and(eq(department.departmentId, input.departmentId), inScope(department.organizationId, visible)))
      if (!d) throw new ApiError(Code.NOT_FOUND, { field: 'departmentId' })
      if (orgId && orgId !== d.organizationId) throw invalidField('departmentId', V.invalid, requestLang(req))
      orgId = d.organizationId
      deptId = input.departmentId
    }
    requireVisible(visible, [orgId!])
    if (!(await orgExists(ctx.db, orgId!))) throw new ApiError(Code.NOT_FOUND, { field: 'organizationId' })
    const userIds = await requirePeople(ctx, req, input.userIds)
    const now = new Date()
    const moved = await ctx.db
      .update(person)
      .set({ organizationId: orgId, departmentId: deptId, updateTime: now, updateBy: req.auth!.account.accountId })
      .where(inArray(person.userId, userIds))
      .returning({ id: person.userId })
    return ok(req, { moved: moved.length })
  })

  app.post(PEOPLE_API.user.archive, { config: fn(PEOPLE_FNS.archive) }, async (req) => {
    const input = parse(userArchive, req.body, req)
    const userIds = await requirePeople(ctx, req, input.userIds)
    const updated = await ctx.db
      .update(person)
      .set({ status: input.archived ? 'archived' : 'active', updateTime: new Date(), updateBy: req.auth!.account.accountId })
      .where(inArray(person.userId, userIds))
      .returning({ id: person.userId })
    return ok(req, { updated: updated.length })
  })

  // ---- ID number check -------------------------------------------------------------------------
  app.get(PEOPLE_API.userCheck.checkIdcard, { config: read }, async (req) => {
    const q = parse(checkIdcardQuery, req.query, req)
    const [used] = await ctx.db
      .select({ id: person.userId })
      .from(person)
      .where(and(eq(person.idCard, q.idCard), q.userId ? ne(person.userId, q.userId) : undefined))
      .limit(1)
    if (used) throw new ApiError(Code.DUPLICATE, { field: 'idCard' }, texts.user.idTaken)
    return ok(req, { birthDate: birthDateOfIdCard(q.idCard), sex: sexOfIdCard(q.idCard) })
  })

  return handle
}
