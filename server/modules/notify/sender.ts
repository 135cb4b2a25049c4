/**
 * Sends verification codes. Nothing is configured yet (an SMS provider is a later issue), so the
 * code goes to the server log: `[verify-code] 13800000000 → 123456`.
 */
import type { Ctx } from '../../context'

export interface VerifyMessage {
  target: string
  code: string
  purpose: string
}

export async function sendVerifyCode(ctx: Ctx, msg: VerifyMessage): Promise<void> {
  ctx.log.info({ purpose: msg.purpose }, `[verify-code] ${msg.target} → ${msg.code}`)
}
