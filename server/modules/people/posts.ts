/**
 * Posts (SPEC §3 Post: postId, userTypeName; issue 33): the items of the data dictionary key `post`
 * (数据字典, administered there like the other keys). A staff record's and a project experience's
 * `post` hold an item's code, checked to be an enabled item when it is written (a record keeps a post
 * disabled since it was chosen); an item they use is not deleted nor its code changed.
 *   GET post/list → Post[]: the enabled items in order as { postId: code, userTypeName: name in the
 *                   request's language }, for any signed-in caller
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, count, eq, inArray } from 'drizzle-orm'
import { PEOPLE_API, type Post } from '../../../src/contract/schemas/people'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { person, personJob } from '../../db/schema'
import { ok, requestLang, type Text } from '../../lib/http'
import {
  dictionaryItems,
  dictionaryResolver,
  notInDictionary,
  requireDictionaryItem,
  setDictionaryUse,
  unknownDictionaryCodes,
} from '../dataDictionary'

/** The data dictionary key of the posts. */
export const POST_KEY = 'post' as const

/** At start: staff records and project experiences store codes of the post key (its items in use are not deleted). */
export function setPostUse(): void {
  setDictionaryUse(POST_KEY, {
    what: { zh: '人员或项目经历', en: 'staff records or project experiences' },
    count: async (db, codes) => {
      const n = new Map<string, number>()
      if (codes.length === 0) return n
      const rows = [
        ...(await db.select({ code: person.post, n: count() }).from(person).where(inArray(person.post, codes)).groupBy(person.post)),
        ...(await db
          .select({ code: personJob.post, n: count() })
          .from(personJob)
          .where(inArray(personJob.post, codes))
          .groupBy(personJob.post)),
      ]
      for (const r of rows) if (r.code) n.set(r.code, (n.get(r.code) ?? 0) + r.n)
      return n
    },
  })
}

/** 20001 on `post` unless it is an enabled post or the one the record holds already (a post disabled since it was chosen stays). */
export async function requirePost(db: Db, post: unknown, current: unknown): Promise<void> {
  if (typeof post !== 'string' || !post || post === current) return
  await requireDictionaryItem(db, POST_KEY, post, 'post')
}

/**
 * A person's project experiences as saved (a whole list): each post an enabled one, or the one the
 * kept record (same jobId, same person) holds already — else 20001 on `items.<i>.post`.
 */
export async function checkJobPosts(db: Db, req: FastifyRequest, userId: string, items: Record<string, unknown>[]): Promise<void> {
  const posts = items.map((i) => i.post).filter((p): p is string => typeof p === 'string' && p !== '')
  const unknown = new Set(await unknownDictionaryCodes(db, POST_KEY, posts))
  if (unknown.size === 0) return
  const stored = await db
    .select({ jobId: personJob.jobId, post: personJob.post })
    .from(personJob)
    .where(and(eq(personJob.userId, userId), inArray(personJob.post, [...unknown])))
  const kept = new Map(stored.map((s) => [s.jobId, s.post]))
  items.forEach((item, i) => {
    const post = item.post
    if (typeof post === 'string' && unknown.has(post) && kept.get(String(item.jobId)) !== post)
      throw notInDictionary(POST_KEY, post, `items.${i}.post`, requestLang(req))
  })
}

/** Reads an Excel cell naming a post (its code, or its zh or en name) as the code of an enabled post; null: none. */
export const postResolver = (db: Db) => dictionaryResolver(db, POST_KEY)

/** Every post's names (the disabled ones' too: a record may hold one), by code. */
export async function postNames(db: Db): Promise<Map<string, Text>> {
  return new Map(((await dictionaryItems(db, POST_KEY, true)) ?? []).map((i) => [i.code, { zh: i.label, en: i.labelEn }]))
}

export function registerPostRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get(PEOPLE_API.post.list, { config: { auth: 'signed' } }, async (req) => {
    const lang = requestLang(req)
    const items = (await dictionaryItems(ctx.db, POST_KEY)) ?? []
    const posts: Post[] = items.map((i) => ({ postId: i.code, userTypeName: lang === 'en' ? i.labelEn : i.label }))
    return ok(req, posts)
  })
}
