/**
 * Invitations (contract: src/contract/schemas/invite.ts; purposes: ./registry.ts).
 *   POST /api/admin/v1/invite/create   signed; permission and data scope of the purpose → { inviteId, url, expiresAt }
 *   GET  /api/portal/v1/invite/open    public, rate-limited → { purpose, data, fields, organizationName, expiresAt }
 *   POST /api/portal/v1/invite/submit  public, rate-limited, single use (claimed in the same transaction as the write)
 * Expired / used / unknown tokens: 20021 with data { state }. Only SHA-256(token) is stored.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { newId } from '../../../src/contract/ids'
import {
  INVITE_PATHS,
  inviteCreate,
  inviteOpenQuery,
  inviteSubmit,
  type InviteCreated,
  type InviteOpened,
  type InviteState,
} from '../../../src/contract/schemas/invite'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { invite } from '../../db/schema'
import { orgName } from '../org'
import { randomToken, sha256Hex } from '../../lib/crypto'
import { ApiError, fieldErrors, ok, parse, requestLang, type Text } from '../../lib/http'
import { checkPermission, scopeOrgIds } from '../../lib/permissions'
import { hit } from '../../plugins/rate-limit'
import { emitEvent } from '../../lib/jobs'
import { writeSystemLog } from '../logs'
import { registerContactPurpose } from './contact'
import { invitePurpose, type InviteRow } from '../../lib/invitePurposes'
import texts from './texts.json'

const STATE_TEXT: Record<InviteState, Text> = texts.routes.stateText
const refused = (state: InviteState) => new ApiError(Code.REFUSED, { state }, STATE_TEXT[state])

/** Requests per IP per minute on the public calls. */
const PUBLIC_LIMIT = 60

async function limit(ctx: Ctx, req: FastifyRequest, what: string, max: number): Promise<void> {
  const r = await hit(ctx, `invite-${what}:${req.ip}`, 60)
  if (r.count > max) throw new ApiError(Code.REFUSED, null, texts.routes.tooMany, 429, { 'Retry-After': String(r.retryAfter) })
}

function stateOf(row: InviteRow | undefined, now = Date.now()): InviteState | null {
  if (!row) return 'invalid'
  if (row.usedAt) return 'used'
  if (row.expiresAt.getTime() <= now) return 'expired'
  return null
}

async function findByToken(db: Db, token: string): Promise<InviteRow | undefined> {
  const [row] = await db
    .select()
    .from(invite)
    .where(eq(invite.tokenHash, sha256Hex(token)))
  return row
}

/**
 * Where invitation links point: never taken from an untrusted Host header (a forged one would put
 * the invitee's token on someone else's site). TRESTLE_PUBLIC_URL when set; else the request's
 * origin only when the operator trusts it (TRESTLE_TRUST_PROXY: the proxy sets X-Forwarded-Host and
 * -Proto); else no origin — the link is the path `/sign?token=…`, which the console completes with
 * its own origin.
 */
function linkOrigin(ctx: Ctx, req: FastifyRequest): string {
  if (ctx.config.oauth.publicUrl) return ctx.config.oauth.publicUrl
  if (ctx.config.trustProxy) return `${req.protocol}://${req.host}`
  return ''
}

export function registerInviteRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerContactPurpose()

  app.post(INVITE_PATHS.create, { config: { auth: 'signed' } }, async (req) => {
    const body = parse(inviteCreate, req.body, req)
    const def = invitePurpose(body.purpose)
    if (!def)
      throw new ApiError(
        Code.INVALID,
        [{ field: 'purpose', key: 'v.invalid', message: texts.routes.unknownPurpose[requestLang(req)] }],
        texts.routes.unknownPurpose,
      )
    const auth = req.auth!
    await checkPermission(ctx, req, auth, def.perm)
    const target = await def.target(ctx.db, body.targetId)
    if (!target) throw new ApiError(Code.NOT_FOUND)
    const orgs = await scopeOrgIds(ctx, auth.account, auth.grant?.scope ?? 'own')
    if (orgs !== null && (target.organizationId === null || !orgs.includes(target.organizationId))) throw new ApiError(Code.NOT_FOUND)
    const token = randomToken(32)
    const now = new Date()
    const expiresAt = new Date(now.getTime() + body.validHours * 3600_000)
    const inviteId = newId()
    await ctx.db.insert(invite).values({
      inviteId,
      tokenHash: sha256Hex(token),
      purpose: body.purpose,
      targetId: body.targetId,
      organizationId: target.organizationId,
      expiresAt,
      createBy: auth.account.accountId,
      createTime: now,
    })
    return ok<InviteCreated>(req, { inviteId, url: `${linkOrigin(ctx, req)}/sign?token=${token}`, expiresAt: expiresAt.toISOString() })
  })

  app.get(INVITE_PATHS.open, async (req) => {
    await limit(ctx, req, 'open', PUBLIC_LIMIT)
    const { token } = parse(inviteOpenQuery, req.query, req)
    const row = await findByToken(ctx.db, token)
    const state = stateOf(row)
    if (state) throw refused(state)
    const def = invitePurpose(row!.purpose)
    if (!def) throw refused('invalid')
    const data = await def.load(ctx.db, row!.targetId)
    const org = row!.organizationId ? { name: await orgName(ctx.db, row!.organizationId) } : undefined
    return ok<InviteOpened>(req, {
      purpose: row!.purpose as InviteOpened['purpose'],
      data,
      fields: def.fields ?? [],
      organizationName: org?.name ?? null,
      expiresAt: row!.expiresAt.toISOString(),
    })
  })

  app.post(INVITE_PATHS.submit, async (req) => {
    await limit(ctx, req, 'submit', 20)
    const { token, data } = parse(inviteSubmit, req.body, req)
    const row = await findByToken(ctx.db, token)
    const state = stateOf(row)
    if (state) throw refused(state)
    const def = invitePurpose(row!.purpose)
    if (!def) throw refused('invalid')
    const parsed = def.schema.safeParse(data)
    if (!parsed.success) {
      // Field paths as the form knows them (data.x → x).
      throw new ApiError(Code.INVALID, fieldErrors(parsed.error, requestLang(req)))
    }
    await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      const now = new Date()
      // Claim first: of two concurrent submits exactly one gets the row.
      const claimed = await tx
        .update(invite)
        .set({ usedAt: now })
        .where(and(eq(invite.inviteId, row!.inviteId), isNull(invite.usedAt), gt(invite.expiresAt, now)))
        .returning({ id: invite.inviteId })
      if (claimed.length === 0) throw refused(stateOf({ ...row!, usedAt: row!.usedAt ?? now }) ?? 'used')
      await def.submit(tx, row!.targetId, parsed.data, row!)
      // 消息设置 "invitation completed": whoever is configured is told once this commits.
      const target = await def.target(tx, row!.targetId)
      const unitId = target?.organizationId ?? null
      const given = parsed.data as Record<string, unknown>
      const name = given.userName ?? given.accountName ?? (await def.load(tx, row!.targetId)).userName
      await emitEvent(
        tx,
        'invite.completed',
        {
          purpose: row!.purpose,
          userName: typeof name === 'string' ? name : '',
          organizationName: unitId ? ((await orgName(tx, unitId)) ?? '') : '',
        },
        unitId,
      )
    })
    await writeSystemLog(ctx, req, 'invite_submitted', Code.OK, `${row!.purpose} ${row!.targetId}`, null)
    return ok(req, { submitted: true })
  })
}
