/** Fixed-window counters in the database (shared by every process on one PostgreSQL). */
import { and, eq, lt, sql } from 'drizzle-orm'
import type { Ctx } from '../context'
import { rateLimit } from '../db/schema'

/** Counts one hit; returns the count in the current window and the seconds until it ends. */
export async function hit(ctx: Ctx, key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }> {
  const now = Date.now()
  const start = Math.floor(now / 1000 / windowSeconds) * windowSeconds * 1000
  const [row] = await ctx.db
    .insert(rateLimit)
    .values({ key, windowStart: new Date(start), count: 1 })
    .onConflictDoUpdate({ target: [rateLimit.key, rateLimit.windowStart], set: { count: sql`${rateLimit.count} + 1` } })
    .returning({ count: rateLimit.count })
  if (Math.random() < 0.02) await ctx.db.delete(rateLimit).where(lt(rateLimit.windowStart, new Date(start - 3600_000)))
  return { count: row?.count ?? 1, retryAfter: Math.max(1, Math.ceil((start + windowSeconds * 1000 - now) / 1000)) }
}

/** The count in the current window without adding a hit. */
export async function peek(ctx: Ctx, key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }> {
  const now = Date.now()
  const start = Math.floor(now / 1000 / windowSeconds) * windowSeconds * 1000
  const [row] = await ctx.db
    .select({ count: rateLimit.count })
    .from(rateLimit)
    .where(and(eq(rateLimit.key, key), eq(rateLimit.windowStart, new Date(start))))
  return { count: row?.count ?? 0, retryAfter: Math.max(1, Math.ceil((start + windowSeconds * 1000 - now) / 1000)) }
}
