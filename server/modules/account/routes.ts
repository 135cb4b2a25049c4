/**
 * General accounts (generalAccount/…, every account of the caller's units, menu /admin/organization)
 * and registered (project) accounts (registerAccount/…, level `registered`, menu
 * /admin/project-org-account): one implementation for both, on the resource pattern
 * (listPage/list/add/update/delete) plus the state calls. Contract: src/contract/schemas/account.ts.
 *
 * The state machine of SPEC §4 (ACCOUNT_TRANSITIONS) is enforced here: an invalid transition is
 * refused as a whole (20021, data: the accounts that cannot take it). Stopping, expiring (a valid
 * period in the past), resetting the password and deleting end the account's sessions at once.
 * Every change writes account_change rows (state.ts), in the same transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { registerExpiringScan } from './expiring'
import { and, count, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import { perm, type FnOf } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import type { Page } from '../../../src/contract/envelope'
import { V } from '../../../src/contract/rules'
import {
  ACCOUNT_API,
  ACCOUNT_FNS,
  ACCOUNT_MENU,
  accountAdd,
  accountAuditBody,
  accountChangeQuery,
  accountListQuery,
  accountUpdate,
  enableBody,
  idsBody,
  phoneLoginBody,
  projectDeptBody,
  pwdValidPeriodBody,
  registerAccountAdd,
  registerAccountUpdate,
  resetPwdBody,
  SEAT_STATUSES,
  validPeriodBody,
  type AccountAction,
  type AccountChange,
} from '../../../src/contract/schemas/account'
import { maskCellphone } from '../../../src/contract/schemas/people'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { account, accountChange, loginFailure } from '../../db/schema'
import { hashPassword } from '../../lib/crypto'
import { ApiError, invalidField, ok, parse, requestLang } from '../../lib/http'
import { scopeOrgIds } from '../../lib/permissions'
import type { AccountRow } from '../../types'
import { normalizeName } from './queries'
import { orgName as orgNameOf, orgNameOf as orgNameSql, orgSubtreeSql } from '../org'
import { contains } from '../../lib/sql'
import { defineResource, registerResource, type WriteContext } from '../../lib/resource'
import { projectDepartmentChoice } from '../project'
import { roleNamesOfAccount } from '../role'
import { registerAccountInvite } from './invite'
import { applyReview } from './review'
import { linkStaffToAccount, staffIdOf, staffLink } from './personPort'
import { checkGrantableRoles, giveRoles, roleNamesOf } from './roles'
import {
  actorOf,
  applyTransition,
  dayOf,
  endOfDay,
  endSessions,
  ensureSeats,
  fieldChanges,
  isExpired,
  isPasswordExpired,
  recordChanges,
  touched,
  type ChangeRow,
} from './state'
import { inScope } from '../../lib/orgScope'
import texts from './texts.json'

type Row = Record<string, unknown>
type Kind = 'general' | 'registered'

/** The columns of an Account answer (built once the people module has set its port: the staff record's id). */
const selection = () => ({
  accountId: account.accountId,
  accountName: account.accountName,
  userName: account.userName,
  cellphone: account.cellphone,
  email: account.email,
  level: account.level,
  status: account.status,
  lockedUntil: account.lockedUntil,
  validUntil: account.validUntil,
  passwordValidUntil: account.passwordValidUntil,
  organizationId: account.organizationId,
  organizationName: orgNameSql(account.organizationId).as('organization_name'),
  userId: staffIdOf(account.accountId).as('user_id'),
  wechatBound: sql<boolean>`("account"."wechat_id" is not null)`.as('wechat_bound'),
  qqBound: sql<boolean>`("account"."qq_id" is not null)`.as('qq_bound'),
  phoneLoginEnabled: account.phoneLoginEnabled,
  projectDepartmentId: account.projectDepartmentId,
  projectName: account.projectName,
  projectOrganizationName: account.projectOrganizationName,
  projectDepartmentName: account.projectDepartmentName,
  roleNames: roleNamesOfAccount(account.accountId).as('role_names'),
  version: account.version,
  createTime: account.createTime,
  updateTime: account.updateTime,
})

/** The answer shape: masked cellphone (unless `own`), expiry flags, roleNames an array. */
export function toAccount(r: Row, now = new Date(), own = false): Row {
  const validUntil = r.validUntil as Date | null
  const passwordValidUntil = r.passwordValidUntil as Date | null
  return {
    ...r,
    cellphone: own ? r.cellphone : maskCellphone(r.cellphone as string | null),
    expired: isExpired({ validUntil }, now),
    passwordExpired: isPasswordExpired({ passwordValidUntil }, now),
    wechatBound: r.wechatBound === true,
    qqBound: r.qqBound === true,
    roleNames: Array.isArray(r.roleNames) ? r.roleNames : typeof r.roleNames === 'string' ? (JSON.parse(r.roleNames) as string[]) : [],
  }
}

function keywordFilter(keyword: string | undefined): SQL | undefined {
  const kw = keyword?.trim()
  if (!kw) return undefined
  return or(contains(account.accountName, kw), contains(account.userName, kw), eq(account.cellphone, kw))
}

async function orgName(tx: Db, id: string | null | undefined): Promise<string | null> {
  if (!id) return null
  return (await orgNameOf(tx, id)) ?? id
}

const projectText = (r: { projectName?: string | null; projectOrganizationName?: string | null; projectDepartmentName?: string | null }) =>
  [r.projectName, r.projectOrganizationName, r.projectDepartmentName].some(Boolean)
    ? [r.projectName ?? '', r.projectOrganizationName ?? '', r.projectDepartmentName ?? ''].join(' / ')
    : null

export function registerAccountRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerAccountKind(app, ctx, 'general')
  registerAccountKind(app, ctx, 'registered')
  registerAccountInvite()
  // accounts whose valid period ends soon: told once per account and date (消息设置)
  registerExpiringScan(ctx.jobs, ctx.db)

  // The current account, for any signed-in account (its own cellphone unmasked).
  const columns = selection()
  app.get(ACCOUNT_API.general.getLoggedInAccount, { config: { auth: 'signed' } }, async (req) => {
    const [row] = await ctx.db.select(columns).from(account).where(eq(account.accountId, req.auth!.account.accountId))
    if (!row) throw new ApiError(Code.ACCOUNT_DISABLED)
    return ok(req, toAccount(row as Row, new Date(), true))
  })
}

function registerAccountKind(app: FastifyInstance, ctx: Ctx, kind: Kind): void {
  const api = ACCOUNT_API[kind]
  const menu = ACCOUNT_MENU[kind]
  const registered = kind === 'registered'
  const fns = registered
    ? { add: ACCOUNT_FNS.registered.add, update: ACCOUNT_FNS.registered.edit, delete: ACCOUNT_FNS.registered.delete }
    : { add: ACCOUNT_FNS.general.add, update: ACCOUNT_FNS.general.add, delete: ACCOUNT_FNS.general.delete }
  const fn = {
    enable: registered ? ACCOUNT_FNS.registered.enable : ACCOUNT_FNS.general.enable,
    resetPwd: registered ? ACCOUNT_FNS.registered.resetPwd : ACCOUNT_FNS.general.resetPwd,
    validPeriod: registered ? ACCOUNT_FNS.registered.validPeriod : ACCOUNT_FNS.general.validPeriod,
    edit: registered ? ACCOUNT_FNS.registered.edit : ACCOUNT_FNS.general.add,
    audit: ACCOUNT_FNS.general.audit,
  }
  const levelFilter = registered ? eq(account.level, 'registered') : undefined
  /** Password hashes computed before the add's transaction (hashing is slow on purpose). */
  const hashes = new WeakMap<object, string>()

  registerResource(
    app,
    ctx,
    defineResource({
      name: registered ? 'registerAccount' : 'generalAccount',
      table: account,
      idField: 'accountId',
      menu,
      fns,
      scopeField: 'organizationId',
      scopeOwner: (input) => (typeof input.organizationId === 'string' ? input.organizationId : null),
      schemas: (registered
        ? { add: registerAccountAdd, update: registerAccountUpdate, listQuery: accountListQuery }
        : { add: accountAdd, update: accountUpdate, listQuery: accountListQuery }) as {
        add: z.ZodType
        update: z.ZodType
        listQuery: typeof accountListQuery
      },
      filters: (q) => [
        levelFilter,
        q.level ? eq(account.level, q.level) : undefined,
        q.status ? eq(account.status, q.status) : undefined,
        q.organizationId
          ? q.hasChild === 0
            ? eq(account.organizationId, q.organizationId)
            : inArray(account.organizationId, orgSubtreeSql(q.organizationId))
          : undefined,
        q.expired === true ? lt(account.validUntil, new Date()) : undefined,
        keywordFilter(q.keyword),
      ],
      sortable: {
        createTime: account.createTime,
        accountName: account.accountName,
        userName: account.userName,
        status: account.status,
        validUntil: account.validUntil,
        updateTime: account.updateTime,
      },
      defaultDesc: true,
      unique: [
        { field: 'accountName', caseInsensitive: true, message: texts.routes.refuse.nameTaken },
        { field: 'cellphone', message: texts.routes.refuse.phoneTaken },
      ],
      keep: ['cellphone'],
      selection: selection(),
      enrich: async (_db, rows) => {
        const now = new Date()
        return rows.map((r) => toAccount(r, now))
      },
      check: async (input) => {
        if (typeof input.password === 'string') hashes.set(input, await hashPassword(input.password))
      },
      onAdd: async (values, input, w) => {
        const i = input as Row
        values.passwordHash = hashes.get(input as object)
        values.status = 'normal'
        values.validUntil = endOfDay(i.validUntil as string | null | undefined)
        values.passwordValidUntil = endOfDay(i.passwordValidUntil as string | null | undefined)
        if (registered) values.level = 'registered'
        // a chosen project department names the project, organisation and department itself
        if (registered && typeof i.projectDepartmentId === 'string')
          Object.assign(values, await projectDepartmentChoice(ctx, w.auth, i.projectDepartmentId, w.tx))
      },
      beforeWrite: async (input, current, w) => {
        const i = input as Row
        if (!current) {
          await ensureSeats(w.tx, i.organizationId as string, 1)
          if (i.userId) await checkPerson(w.tx, String(i.userId), String(i.organizationId))
          if (Array.isArray(i.roleIds) && i.roleIds.length)
            await checkGrantableRoles(
              w.tx,
              w.auth,
              await scopeOrgIds(ctx, w.auth.account, w.auth.grant?.scope ?? 'own', w.tx),
              i.roleIds as string[],
            )
          return
        }
        // An edit: the unit and the level go to the history; a new unit must have a place.
        const changes: ChangeRow[] = []
        const base = { accountId: String(current.accountId), accountName: String(current.accountName) }
        if (i.organizationId !== current.organizationId) {
          if ((SEAT_STATUSES as readonly string[]).includes(String(current.status))) await ensureSeats(w.tx, i.organizationId as string, 1)
          changes.push({
            ...base,
            field: 'organization',
            fromValue: await orgName(w.tx, current.organizationId as string | null),
            toValue: await orgName(w.tx, i.organizationId as string),
          })
        }
        if (!registered && i.level !== undefined && i.level !== current.level)
          changes.push({ ...base, field: 'level', fromValue: String(current.level), toValue: String(i.level) })
        await recordChanges(w.tx, changes, actorOf(w.auth), w.now)
      },
      afterWrite: async (id, input, w) => {
        const i = input as Row
        if (i.version !== undefined) return // an edit
        if (i.userId) await linkStaffToAccount(w.tx, String(i.userId), id, w.now, w.auth.account.accountId)
        const roleIds = Array.isArray(i.roleIds) ? (i.roleIds as string[]) : []
        await giveRoles(w.tx, [id], roleIds)
        const base = { accountId: id, accountName: String(i.accountName) }
        await recordChanges(
          w.tx,
          [
            { ...base, field: 'created', toValue: 'normal', remark: 'manual' },
            ...(roleIds.length ? [{ ...base, field: 'roles' as const, fromValue: null, toValue: await roleNamesOf(w.tx, roleIds) }] : []),
          ],
          actorOf(w.auth),
          w.now,
        )
      },
      beforeDelete: async (ids, rows, w) => {
        if (ids.includes(w.auth.account.accountId)) throw new ApiError(Code.REFUSED, null, texts.routes.refuse.self)
        if (registered && rows.some((r) => r.level !== 'registered'))
          throw new ApiError(
            Code.NOT_FOUND,
            rows.filter((r) => r.level !== 'registered').map((r) => r.accountId),
          )
        await endSessions(w.tx, ids, w.now)
        await recordChanges(
          w.tx,
          fieldChanges(rows, 'deleted', (r) => String(r.status)),
          actorOf(w.auth),
          w.now,
        )
      },
    }),
  )

  const signed = (fnAction?: FnOf<typeof menu>) => ({ config: { auth: 'signed' as const, perm: perm(menu, fnAction) } })

  /** Caller's visible units (null: all), computed outside the transaction. */
  const scopeOf = (req: FastifyRequest) => scopeOrgIds(ctx, req.auth!.account, req.auth!.grant?.scope ?? 'own')

  /** The accounts, all visible (and of this kind), locked for the change; else 20002 with the missing ids. */
  async function targets(tx: Db, ids: string[], scope: string[] | null): Promise<AccountRow[]> {
    const unique = [...new Set(ids)]
    const rows = await tx
      .select()
      .from(account)
      .where(and(inArray(account.accountId, unique), levelFilter, inScope(account.organizationId, scope)))
      .for('update')
    if (rows.length !== unique.length)
      throw new ApiError(
        Code.NOT_FOUND,
        unique.filter((id) => !rows.some((r) => r.accountId === id)),
      )
    return rows
  }

  /** Runs one change over visible accounts in a transaction. */
  async function change<T>(
    req: FastifyRequest,
    ids: string[],
    work: (tx: Db, rows: AccountRow[], w: WriteContext) => Promise<T>,
  ): Promise<T> {
    const scope = await scopeOf(req)
    const auth = req.auth!
    return ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const rows = await targets(tx, ids, scope)
      return work(tx, rows, { tx, auth, now: new Date() })
    })
  }

  /**
   * Sets one field of the chosen accounts (`values`, in one UPDATE; `then` runs after it) and records
   * its change on each (`changes`), all or none: answers how many were changed.
   */
  const setOnAccounts = (
    req: FastifyRequest,
    ids: string[],
    values: Partial<typeof account.$inferInsert>,
    changes: (rows: AccountRow[]) => ChangeRow[],
    then?: (tx: Db, w: WriteContext) => Promise<void>,
  ) =>
    change(req, ids, async (tx, rows, w) => {
      await tx
        .update(account)
        .set({ ...values, ...touched(w.auth.account.accountId, w.now) })
        .where(inArray(account.accountId, ids))
      await then?.(tx, w)
      await recordChanges(tx, changes(rows), actorOf(w.auth), w.now)
      return rows.length
    })

  /** Moves the accounts along one transition of the state machine (all or none): state.ts applyTransition. */
  const transition = (
    tx: Db,
    rows: AccountRow[],
    action: AccountAction,
    w: WriteContext,
    extra: Partial<typeof account.$inferInsert> = {},
    remark: string | null = null,
  ) => applyTransition(tx, rows, action, actorOf(w.auth), w.now, { extra, remark })

  app.post(api.enable, signed(fn.enable), async (req) => {
    const body = parse(enableBody, req.body, req)
    if (!body.enable && body.ids.includes(req.auth!.account.accountId)) throw new ApiError(Code.REFUSED, null, texts.routes.refuse.self)
    const answer = await change(req, body.ids, async (tx, rows, w) => {
      await transition(tx, rows, body.enable ? 'enable' : 'stop', w) // stopping ends their sessions
      // each account's new version: an edit made after this one (e.g. queued offline) builds on it
      const now = await tx
        .select({ accountId: account.accountId, version: account.version })
        .from(account)
        .where(
          inArray(
            account.accountId,
            rows.map((r) => r.accountId),
          ),
        )
      return { updated: rows.length, versions: Object.fromEntries(now.map((r) => [r.accountId, r.version])) }
    })
    return ok(req, answer)
  })

  app.post(api.unlock, signed(fn.enable), async (req) => {
    const body = parse(idsBody, req.body, req)
    const updated = await change(req, body.ids, async (tx, rows, w) => {
      await transition(tx, rows, 'unlock', w, { lockedUntil: null })
      // The failure counters that locked them (by account name or cellphone) start again.
      const keys = rows.flatMap((r) => [normalizeName(r.accountName), ...(r.cellphone ? [normalizeName(r.cellphone)] : [])])
      await tx.delete(loginFailure).where(inArray(loginFailure.nameKey, keys))
      return rows.length
    })
    return ok(req, { updated })
  })

  if (!registered)
    app.post(ACCOUNT_API.general.audit, signed(fn.audit), async (req) => {
      const body = parse(accountAuditBody, req.body, req)
      const scope = await scopeOf(req)
      const updated = await change(req, body.ids, async (tx, rows, w) => {
        // The one review (review.ts): approved accounts take places (20021 beyond the unit's limit), get
        // the chosen roles; the staff records registered with them leave the user audit with the same decision.
        await applyReview(tx, w.auth, w.now, scope, rows, { pendingOfAccounts: rows.map((r) => r.accountId) }, body)
        return rows.length
      })
      return ok(req, { updated })
    })

  app.post(api.resetPwd, signed(fn.resetPwd), async (req) => {
    const body = parse(resetPwdBody, req.body, req)
    const hash = await hashPassword(body.password)
    await change(req, [body.accountId], async (tx, [row], w) => {
      if (normalizeName(body.password) === normalizeName(row!.accountName)) {
        throw invalidField('password', V.passwordSameAsAccount, requestLang(req))
      }
      // A password valid period that has already ended is cleared: the new password can sign in.
      const expired = isPasswordExpired(row!, w.now)
      await tx
        .update(account)
        .set({ passwordHash: hash, ...(expired ? { passwordValidUntil: null } : {}), ...touched(w.auth.account.accountId, w.now) })
        .where(eq(account.accountId, row!.accountId))
      await endSessions(tx, [row!.accountId], w.now)
      const base = { accountId: row!.accountId, accountName: row!.accountName, remark: 'reset' }
      const changes: ChangeRow[] = [{ ...base, field: 'password' }]
      if (expired) changes.push({ ...base, field: 'passwordValidUntil', fromValue: dayOf(row!.passwordValidUntil), toValue: null })
      await recordChanges(tx, changes, actorOf(w.auth), w.now)
    })
    return ok(req, { accountId: body.accountId })
  })

  app.post(api.updateValidPeriod, signed(fn.validPeriod), async (req) => {
    const body = parse(validPeriodBody, req.body, req)
    const until = endOfDay(body.validUntil)
    const updated = await setOnAccounts(
      req,
      body.ids,
      { validUntil: until },
      (rows) => fieldChanges(rows, 'validUntil', (r) => dayOf(r.validUntil), body.validUntil),
      async (tx, w) => {
        // A period that has already ended expires the accounts now.
        if (until && until.getTime() < w.now.getTime()) {
          if (body.ids.includes(w.auth.account.accountId)) throw new ApiError(Code.REFUSED, null, texts.routes.refuse.self)
          await endSessions(tx, body.ids, w.now)
        }
      },
    )
    return ok(req, { updated })
  })

  if (!registered)
    app.post(ACCOUNT_API.general.updatePwdValidPeriod, signed(fn.validPeriod), async (req) => {
      const body = parse(pwdValidPeriodBody, req.body, req)
      const until = endOfDay(body.passwordValidUntil)
      const updated = await setOnAccounts(req, body.ids, { passwordValidUntil: until }, (rows) =>
        fieldChanges(rows, 'passwordValidUntil', (r) => dayOf(r.passwordValidUntil), body.passwordValidUntil),
      )
      return ok(req, { updated })
    })

  if (registered) {
    app.post(ACCOUNT_API.registered.updateProjectDept, signed(fn.edit), async (req) => {
      const body = parse(projectDeptBody, req.body, req)
      await change(req, [body.accountId], async (tx, [row], w) => {
        const next = body.projectDepartmentId
          ? { projectDepartmentId: body.projectDepartmentId, ...(await projectDepartmentChoice(ctx, w.auth, body.projectDepartmentId, tx)) }
          : {
              projectDepartmentId: null,
              projectName: body.projectName ?? null,
              projectOrganizationName: body.projectOrganizationName ?? null,
              projectDepartmentName: body.projectDepartmentName ?? null,
            }
        await tx
          .update(account)
          .set({ ...next, ...touched(w.auth.account.accountId, w.now) })
          .where(eq(account.accountId, row!.accountId))
        await recordChanges(
          tx,
          [
            {
              accountId: row!.accountId,
              accountName: row!.accountName,
              field: 'projectDept',
              fromValue: projectText(row!),
              toValue: projectText(next),
            },
          ],
          actorOf(w.auth),
          w.now,
        )
      })
      return ok(req, { accountId: body.accountId })
    })

    app.post(ACCOUNT_API.registered.enablePhoneLogin, signed(fn.edit), async (req) => {
      const body = parse(phoneLoginBody, req.body, req)
      const updated = await setOnAccounts(req, body.ids, { phoneLoginEnabled: body.enable }, (rows) =>
        fieldChanges(rows, 'phoneLogin', (r) => String(r.phoneLoginEnabled), String(body.enable)),
      )
      return ok(req, { updated })
    })
  }

  // The change history of one visible account (newest first).
  app.get(api.listDetailPage, signed(), async (req) => {
    const q = parse(accountChangeQuery, req.query, req)
    const scope = await scopeOf(req)
    const [visible] = await ctx.db
      .select({ id: account.accountId })
      .from(account)
      .where(and(eq(account.accountId, q.accountId), levelFilter, inScope(account.organizationId, scope)))
    // A removed account's history stays readable by those who see every unit.
    if (!visible && scope !== null) throw new ApiError(Code.NOT_FOUND)
    const where = eq(accountChange.accountId, q.accountId)
    const [total] = await ctx.db.select({ n: count() }).from(accountChange).where(where)
    const records = (await ctx.db
      .select()
      .from(accountChange)
      .where(where)
      .orderBy(desc(accountChange.changedAt), desc(accountChange.changeId))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize)) as unknown as AccountChange[]
    return ok<Page<AccountChange>>(req, { records, total: Number(total?.n ?? 0), pageIndex: q.pageIndex, pageSize: q.pageSize })
  })
}

async function checkPerson(tx: Db, userId: string, organizationId: string): Promise<void> {
  const p = await staffLink(tx, userId)
  if (!p) throw new ApiError(Code.NOT_FOUND, [userId])
  if (p.organizationId !== organizationId) throw new ApiError(Code.REFUSED, { field: 'userId' }, texts.routes.refuse.personOtherUnit)
  if (p.accountId) throw new ApiError(Code.DUPLICATE, { field: 'userId' }, texts.routes.refuse.personTaken)
}
