/**
 * User audit (/admin/user-audit, SPEC §4): records submitted for review — registrations and
 * profiles completed through an invitation — to be reviewed, approved or rejected.
 *   GET  userAudit/listPage  (auditListQuery) → Page<AuditRow>: records that are pending or were decided
 *   POST userAudit/audit     (auditBody)      → { updated }
 * The records' accounts under review (pending, or rejected by an earlier review) go through the
 * account state machine (account/state.ts applyTransition, SPEC §4 ACCOUNT_TRANSITIONS), exactly as
 * generalAccount/audit does: approving moves a pending account to normal (it takes a place: beyond
 * the unit's account limit 20021 已达到账号数量上限…), rejecting a pending one to rejected; each
 * writes an account_change row by the auditor with the reason. An account the transition does not
 * allow (a rejected one: rejected → normal is not in the machine) refuses the whole call with the
 * machine's 20021 naming it. Accounts in service (normal, stopped, locked: a profile completed
 * through an invitation) are not touched; only the record is decided.
 * An approved record is not audited again (20021).
 * A registration carries the unit its registrant chose (/register); one without a unit has no
 * organisation, so only administrators whose data scope is 'all' see it here.
 * With a workflow model bound to this menu (issue 29, ./auditProcessPort.ts) a record going under review
 * starts its process: the list shows where a running one waits (`process`), the direct decision refuses
 * such a record (20021 IN_PROCESS: its task decides it), and the instance's end decides it here
 * (decideByProcess: the same review, by the account whose task ended it).
 */
import type { FastifyInstance } from 'fastify'
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm'
import type { MenuPath } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import { newId } from '../../../src/contract/ids'
import { ACCOUNT_TRANSITIONS } from '../../../src/contract/schemas/account'
import type { ReviewDecision } from '../../../src/contract/schemas/common'
import {
  auditBody,
  auditListQuery,
  PEOPLE_API,
  PEOPLE_FNS,
  submissionQuery,
  userAdd,
  userUpdate,
  type AuditRow,
  type SubmitKind,
} from '../../../src/contract/schemas/people'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { person } from '../../db/schema'
import { accountsByIds, applyReview, type Actor } from '../account'
import { ApiError, ok, parse } from '../../lib/http'
import { inScope, visibleOrgIds } from '../../lib/orgScope'
import { defineResource, registerResource } from '../../lib/resource'
import { refuseInProcess, runningAudits, underReview } from './auditProcessPort'
import { submissionOf } from './submission'
import { joinPersonRefs, keywordFilter, maskPeople, personSelection } from './user'
import texts from './texts.json'

export const AUDIT_MENU = '/admin/user-audit' as const satisfies MenuPath

/** Account statuses the review decides: those it starts from and the one a rejection leaves. */
const UNDER_REVIEW: readonly string[] = [
  ...new Set([...ACCOUNT_TRANSITIONS.approve.from, ...ACCOUNT_TRANSITIONS.reject.from, ACCOUNT_TRANSITIONS.reject.to]),
]

/** The staff record's columns an audit row (AuditRow) shows, the submission's after them. */
const AUDIT_PERSON_FIELDS = [
  'userId',
  'name',
  'sex',
  'idCard',
  'cellphone',
  'organizationId',
  'organizationName',
  'departmentName',
  'accountId',
  'accountName',
  'accountStatus',
  'auditStatus',
  'auditReason',
  'auditBy',
  'auditTime',
] as const satisfies readonly (keyof AuditRow & keyof typeof personSelection)[]

/** Records that went through review: pending ones and those decided. */
const submitted = or(eq(person.auditStatus, 'pending'), isNotNull(person.auditTime))

export function registerAuditRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerResource(
    app,
    ctx,
    defineResource({
      name: 'userAudit',
      table: person,
      idField: 'userId',
      menu: AUDIT_MENU,
      scopeField: 'organizationId',
      schemas: { add: userAdd, update: userUpdate, listQuery: auditListQuery },
      without: ['list', 'add', 'update', 'delete'],
      filters: (q) => [
        submitted,
        q.auditStatus ? eq(person.auditStatus, q.auditStatus) : undefined,
        q.organizationId ? eq(person.organizationId, q.organizationId) : undefined,
        keywordFilter(q.keyword),
      ],
      sortable: { submitTime: person.submitTime, createTime: person.createTime, auditTime: person.auditTime, name: person.name },
      defaultDesc: true,
      selection: {
        ...Object.fromEntries(AUDIT_PERSON_FIELDS.map((f) => [f, personSelection[f]])),
        submitTime: person.submitTime,
        submitKind: person.submitKind,
        createTime: personSelection.createTime,
        version: personSelection.version,
      },
      join: joinPersonRefs,
      enrich: async (db, rows) => {
        // where the records' running audit processes wait (none bound, or none running: null)
        const pending = rows.filter((r) => r.auditStatus === 'pending').map((r) => String(r.userId))
        const running = await runningAudits(db, pending)
        return maskPeople(rows).map(({ roleNames: _r, ...r }) => ({ ...r, process: running.get(String(r.userId)) ?? null }))
      },
    }),
  )

  app.post(PEOPLE_API.userAudit.audit, { config: { auth: 'signed', perm: { menu: AUDIT_MENU, fn: PEOPLE_FNS.audit } } }, async (req) => {
    const input = parse(auditBody, req.body, req)
    const auth = req.auth!
    const unique = [...new Set(input.userIds)]
    const visible = await visibleOrgIds(ctx, req)
    const now = new Date()
    const updated = await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const rows = await tx
        .select({ userId: person.userId, auditStatus: person.auditStatus, accountId: person.accountId })
        .from(person)
        .where(and(inArray(person.userId, unique), inScope(person.organizationId, visible)))
        .for('update')
      if (rows.length !== unique.length)
        throw new ApiError(
          Code.NOT_FOUND,
          unique.filter((u) => !rows.some((r) => r.userId === u)),
        )
      if (rows.some((r) => r.auditStatus === 'approved')) throw new ApiError(Code.REFUSED, null, texts.audit.alreadyApproved)
      // a record in a running audit process is decided by its task (流程查询's 待办), not here
      await refuseInProcess(tx, unique)
      // The one review (account/review.ts), as generalAccount/audit: the accounts under review go through
      // the state machine (all or none, history, seats) and get the chosen roles; the records are decided.
      const accountIds = rows.map((r) => r.accountId).filter((a): a is string => !!a)
      const accounts = await accountsByIds(tx, accountIds, { forUpdate: true })
      await applyReview(
        tx,
        auth,
        now,
        visible,
        accounts.filter((a) => UNDER_REVIEW.includes(a.status)),
        { userIds: unique },
        input,
      )
      return rows.length
    })
    return ok(req, { updated })
  })

  app.get(PEOPLE_API.userAudit.submission, { config: { auth: 'signed', perm: { menu: AUDIT_MENU } } }, async (req) => {
    const { userId: id } = parse(submissionQuery, req.query, req)
    const visible = await visibleOrgIds(ctx, req)
    const [p] = await ctx.db
      .select()
      .from(person)
      .where(and(eq(person.userId, id), submitted, inScope(person.organizationId, visible)))
    if (!p) throw new ApiError(Code.NOT_FOUND)
    return ok(req, await submissionOf(ctx.db, p))
  })
}

/**
 * The decision of a record's audit process (its instance ended approved or rejected; issue 29): the same
 * review as a direct one — the account under review moves along the state machine (approve takes a place:
 * beyond the unit's account limit 20021, which refuses the task's verb), the record is decided — by the
 * account whose task ended the process (null: the gateway itself), without roles. A record gone or no
 * longer pending meanwhile is left as it is. Inside the ending command's transaction.
 */
export async function decideByProcess(
  tx: Db,
  userId: string,
  reviewer: Actor,
  decision: ReviewDecision['decision'],
  reason: string | null,
): Promise<void> {
  const [row] = await tx
    .select({ auditStatus: person.auditStatus, accountId: person.accountId })
    .from(person)
    .where(eq(person.userId, userId))
    .for('update')
  if (!row || row.auditStatus !== 'pending') return
  const accounts = row.accountId ? await accountsByIds(tx, [row.accountId], { forUpdate: true }) : []
  await applyReview(
    tx,
    reviewer,
    new Date(),
    null,
    accounts.filter((a) => UNDER_REVIEW.includes(a.status)),
    { userIds: [userId] },
    { decision, reason: reason ?? undefined },
  )
}

/**
 * A registration's staff record, pending review (called by auth/register.ts with the new account, and
 * through account/personPort.ts for an account registered through an invitation), in the caller's
 * transaction; the audit process bound to this menu, if any, starts for it.
 */
export async function addRegistrationPerson(
  db: Db,
  acc: { accountId: string; userName: string; cellphone: string | null; email?: string | null; organizationId?: string | null },
): Promise<void> {
  const userId = newId()
  await db.insert(person).values({
    userId,
    organizationId: acc.organizationId ?? null,
    name: acc.userName,
    cellphone: acc.cellphone,
    email: acc.email ?? null,
    accountId: acc.accountId,
    status: 'active',
    auditStatus: 'pending',
    submitTime: new Date(),
    submitKind: 'registration' satisfies SubmitKind,
    createBy: acc.accountId,
    updateBy: acc.accountId,
  })
  await underReview(db, {
    userId,
    name: acc.userName,
    accountId: acc.accountId,
    organizationId: acc.organizationId ?? null,
    submitKind: 'registration',
  })
}
