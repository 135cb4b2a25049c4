/** Third-party identities bound to accounts: lookup for sign-in, bind and unbind for the personal centre. */
import { and, eq } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { newId } from '../../../src/contract/ids'
import type { ThirdPartyBinding } from '../../../src/contract/schemas/personal'
import type { ThirdPlatform } from '../../../src/contract/schemas/auth'
import type { Ctx } from '../../context'
import { thirdPartyIdentity } from '../../db/schema'
import { accountByIdIn, mirrorBinding } from '../account'
import { ApiError } from '../../lib/http'
import type { AccountRow } from '../../types'
import type { Identity } from './client'
import { PLATFORM_NAMES } from './flow'

/** The account an identity is bound to, or null. */
export async function accountOfIdentity(ctx: Ctx, platform: ThirdPlatform, subject: string): Promise<AccountRow | null> {
  return accountByIdIn(
    ctx.db,
    ctx.db
      .select({ id: thirdPartyIdentity.accountId })
      .from(thirdPartyIdentity)
      .where(and(eq(thirdPartyIdentity.platform, platform), eq(thirdPartyIdentity.subject, subject))),
  )
}

export const notBound = (platform: ThirdPlatform) => {
  const n = PLATFORM_NAMES[platform]
  return new ApiError(Code.REFUSED, null, {
    zh: `该${n.zh}账号尚未绑定平台账号。请先用账号和密码登录，在“个人中心 → 第三方账号”中绑定${n.zh}后再使用${n.zh}登录。`,
    en: `This ${n.en} account is not bound to a platform account. Sign in with your account name and password, bind ${n.en} under Personal centre → Third-party accounts, then use ${n.en} sign-in.`,
  })
}

export async function bindingsOf(ctx: Ctx, accountId: string): Promise<ThirdPartyBinding[]> {
  const rows = await ctx.db
    .select()
    .from(thirdPartyIdentity)
    .where(eq(thirdPartyIdentity.accountId, accountId))
    .orderBy(thirdPartyIdentity.platform)
  return rows.map((r) => ({
    platform: r.platform as ThirdPlatform,
    nickname: r.nickname,
    avatarUrl: r.avatarUrl,
    boundAt: r.createTime.toISOString(),
  }))
}

/** Binds an identity to an account: 20006 when the identity belongs to another account or the account has one of this platform. */
export async function bindIdentity(ctx: Ctx, accountId: string, platform: ThirdPlatform, id: Identity): Promise<ThirdPartyBinding> {
  const n = PLATFORM_NAMES[platform]
  const owner = await accountOfIdentity(ctx, platform, id.subject)
  if (owner && owner.accountId !== accountId)
    throw new ApiError(Code.DUPLICATE, null, {
      zh: `该${n.zh}账号已绑定其他平台账号`,
      en: `This ${n.en} account is already bound to another account`,
    })
  if (owner) {
    await ctx.db
      .update(thirdPartyIdentity)
      .set({ nickname: id.nickname, avatarUrl: id.avatarUrl, unionId: id.unionId })
      .where(and(eq(thirdPartyIdentity.platform, platform), eq(thirdPartyIdentity.subject, id.subject)))
  } else {
    const existing = await ctx.db
      .select({ id: thirdPartyIdentity.identityId })
      .from(thirdPartyIdentity)
      .where(and(eq(thirdPartyIdentity.accountId, accountId), eq(thirdPartyIdentity.platform, platform)))
    if (existing.length > 0)
      throw new ApiError(Code.DUPLICATE, null, {
        zh: `已绑定其他${n.zh}账号，请先解除绑定`,
        en: `Another ${n.en} account is bound; unbind it first`,
      })
    try {
      await ctx.db.insert(thirdPartyIdentity).values({
        identityId: newId(),
        accountId,
        platform,
        subject: id.subject,
        unionId: id.unionId,
        nickname: id.nickname,
        avatarUrl: id.avatarUrl,
      })
    } catch {
      // A concurrent bind took the identity or the platform slot.
      throw new ApiError(Code.DUPLICATE, null, { zh: `该${n.zh}账号已绑定`, en: `This ${n.en} account is already bound` })
    }
  }
  await mirror(ctx, accountId, platform, id.nickname ?? id.subject)
  const [b] = (await bindingsOf(ctx, accountId)).filter((x) => x.platform === platform)
  return b!
}

/** account.wechat_id / qq_id show the binding in the account lists (server/modules/account). */
async function mirror(ctx: Ctx, accountId: string, platform: ThirdPlatform, value: string | null): Promise<void> {
  await mirrorBinding(ctx.db, accountId, platform, value)
}

export async function unbindIdentity(ctx: Ctx, accountId: string, platform: ThirdPlatform): Promise<void> {
  const gone = await ctx.db
    .delete(thirdPartyIdentity)
    .where(and(eq(thirdPartyIdentity.accountId, accountId), eq(thirdPartyIdentity.platform, platform)))
    .returning({ id: thirdPartyIdentity.identityId })
  if (gone.length === 0) {
    const n = PLATFORM_NAMES[platform]
    throw new ApiError(Code.NOT_FOUND, null, { zh: `未绑定${n.zh}账号`, en: `No ${n.en} account is bound` })
  }
  await mirror(ctx, accountId, platform, null)
}
