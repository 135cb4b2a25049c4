/**
 * Applications (/admin/app-manage; SPEC §3/§7): the record, its access key (rotated by updateKey,
 * shown once, only a hash kept: the old key is refused at once), its versions (main.sub.revision,
 * attachment, release note; publish, enable; `latest publish` for clients with code and key) and
 * which units and roles may use it. The console's own application cannot be deleted.
 */
import type { FastifyInstance } from 'fastify'
import { and, desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { perm } from '../../../src/contract/catalogue'
import { Code } from '../../../src/contract/codes'
import {
  APP_PATHS,
  appGrantsBody,
  appIdBody,
  appVersionAdd,
  appVersionEnable,
  appVersionListQuery,
  appVersionPublish,
  appVersionUpdate,
  applicationAdd,
  applicationListQuery,
  applicationUpdate,
  latestPublishBody,
  type AppKeyAnswer,
  type LatestPublish,
} from '../../../src/contract/schemas/application'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { application, applicationGrant, applicationKey, applicationVersion } from '../../db/schema'
import { randomToken, safeEqual, sha256Hex } from '../../lib/crypto'
import { ApiError, ok, parse, type Text } from '../../lib/http'
import { contains } from '../../lib/sql'
import { PACKAGE, requireFiles, withFileUrls } from '../files'
import { writeSystemLog } from '../logs'
import { defineResource, registerResource } from '../../lib/resource'
import type { AuthContext } from '../../types'
import texts from './texts.json'

const MENU = '/admin/app-manage' as const

export function registerApplicationRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerResource(
    app,
    ctx,
    defineResource({
      name: 'application',
      table: application,
      idField: 'applicationId',
      menu: MENU,
      schemas: { add: applicationAdd, update: applicationUpdate, listQuery: applicationListQuery },
      filters: (q) => [q.name ? contains(application.name, q.name) : undefined, q.type ? eq(application.type, q.type) : undefined],
      sortable: { sort: application.sort, name: application.name, code: application.code, createTime: application.createTime },
      unique: [
        { field: 'code', caseInsensitive: true, message: { zh: '应用编码已存在', en: 'An application with that code exists' } },
        { field: 'name', message: { zh: '应用名称已存在', en: 'An application of that name exists' } },
      ],
      check: async (input, req) =>
        requireFiles(ctx, req, req.auth!, [{ field: 'iconFileId', fileId: input.iconFileId as string | undefined, purposes: ['photo'] }]),
      enrich: (_db, rows, auth) => withFileUrls(ctx, auth, rows, ['iconFileId']),
      beforeDelete: async (_ids, rows) => {
        if (rows.some((r) => r.code === ctx.config.appCode))
          throw new ApiError(Code.REFUSED, null, { zh: '不能删除本平台自身的应用', en: 'The console’s own application cannot be deleted' })
      },
    }),
  )

  registerResource(
    app,
    ctx,
    defineResource({
      name: 'applicationVersion',
      table: applicationVersion,
      idField: 'applicationVersionId',
      menu: MENU,
      fns: { add: 'publish', update: 'publish', delete: 'publish' },
      schemas: { add: appVersionAdd, update: appVersionUpdate, listQuery: appVersionListQuery },
      filters: (q) => [eq(applicationVersion.applicationId, q.applicationId)],
      sortable: { major: applicationVersion.major, createTime: applicationVersion.createTime },
      defaultDesc: true,
      unique: [
        {
          field: 'revision',
          within: ['applicationId', 'major', 'minor'],
          message: { zh: '该版本号已存在', en: 'That version number exists' },
        },
      ],
      check: async (input, req) => {
        const fileId = input.attachmentFileId as string | undefined
        // an attachment kept as it is (one of before attachments were packages) is not checked again
        if (fileId && input.applicationVersionId) {
          const [current] = await ctx.db
            .select({ fileId: applicationVersion.attachmentFileId })
            .from(applicationVersion)
            .where(eq(applicationVersion.applicationVersionId, String(input.applicationVersionId)))
          if (current?.fileId === fileId) return
        }
        await requireFiles(ctx, req, req.auth!, [{ field: 'attachmentFileId', fileId, purposes: PACKAGE }])
      },
      // the package's name, size and SHA-256 beside its link (`attachmentFile`)
      enrich: (_db, rows, auth) => withFileUrls(ctx, auth, rows, ['attachmentFileId'], { info: true }),
      beforeWrite: async (input, current, w) => {
        if (current?.published) throw new ApiError(Code.REFUSED, null, texts.routes.publishedFixed)
        const [owner] = await w.tx
          .select({ id: application.applicationId })
          .from(application)
          .where(eq(application.applicationId, (input as { applicationId: string }).applicationId))
        if (!owner) throw new ApiError(Code.NOT_FOUND, { field: 'applicationId' })
      },
      beforeDelete: async (_ids, rows) => {
        if (rows.some((r) => r.published)) throw new ApiError(Code.REFUSED, null, texts.routes.publishedFixed)
      },
    }),
  )

  /** One version row, as stored. */
  const versionRow = async (db: Db, id: string) => {
    const [row] = await db.select().from(applicationVersion).where(eq(applicationVersion.applicationVersionId, id))
    return row ?? null
  }

  /**
   * A version change (publish, enable): the body names the version at the client's version (20002
   * unknown, 20008 changed meanwhile); `refusal` may refuse the stored row; `values` are written.
   */
  function versionChange<B extends { applicationVersionId: string; version: number }>(
    path: string,
    op: 'publish' | 'enable',
    schema: z.ZodType<B>,
    refusal: (row: typeof applicationVersion.$inferSelect) => Text | null,
    values: (body: B, auth: AuthContext) => Partial<typeof applicationVersion.$inferInsert>,
  ) {
    app.post(path, { config: { auth: 'signed', perm: perm(MENU, 'publish'), op } }, async (req) => {
      const body = parse(schema, req.body, req)
      const { applicationVersionId: id, version: expected } = body
      const auth = req.auth!
      const current = await versionRow(ctx.db, id)
      if (!current) throw new ApiError(Code.NOT_FOUND)
      if (current.version !== expected) throw new ApiError(Code.VERSION_CONFLICT, current)
      const refused = refusal(current)
      if (refused) throw new ApiError(Code.REFUSED, null, refused)
      const [row] = await ctx.db
        .update(applicationVersion)
        .set({ ...values(body, auth), updateTime: new Date(), updateBy: auth.account.accountId })
        .where(and(eq(applicationVersion.applicationVersionId, id), eq(applicationVersion.version, expected)))
        .returning()
      if (!row) throw new ApiError(Code.VERSION_CONFLICT, await versionRow(ctx.db, id))
      return ok(req, row)
    })
  }

  versionChange(
    APP_PATHS.publish,
    'publish',
    appVersionPublish,
    (r) => (r.published ? texts.routes.alreadyPublished : null),
    (_body, auth) => ({ published: true, publishTime: new Date(), publisher: auth.account.accountName, isUsed: true }),
  )
  versionChange(
    APP_PATHS.enable,
    'enable',
    appVersionEnable,
    (r) => (r.published ? null : texts.routes.notPublished),
    (body) => ({ isUsed: body.isUsed }),
  )

  app.post(APP_PATHS.updateKey, { config: { auth: 'signed', perm: perm(MENU, 'edit') } }, async (req) => {
    const { applicationId } = parse(appIdBody, req.body, req)
    const [found] = await ctx.db
      .select({ id: application.applicationId })
      .from(application)
      .where(eq(application.applicationId, applicationId))
    if (!found) throw new ApiError(Code.NOT_FOUND)
    const appKey = `tk_${randomToken(32)}`
    const rotatedAt = new Date()
    const values = { keyHash: sha256Hex(appKey), rotatedAt, rotatedBy: req.auth!.account.accountName }
    await ctx.db
      .insert(applicationKey)
      .values({ applicationId, ...values })
      .onConflictDoUpdate({ target: applicationKey.applicationId, set: values })
    await writeSystemLog(ctx, req, 'app_key_rotated', Code.OK, `application ${applicationId}`)
    const answer: AppKeyAnswer = { appKey, rotatedAt: rotatedAt.toISOString() }
    return ok(req, answer)
  })

  // For clients (no session): the newest published version in use, for the application's code and key.
  app.post(APP_PATHS.latestPublish, { config: { auth: 'none' } }, async (req) => {
    const body = parse(latestPublishBody, req.body, req)
    const [owner] = await ctx.db
      .select({ applicationId: application.applicationId, code: application.code, keyHash: applicationKey.keyHash })
      .from(application)
      .innerJoin(applicationKey, eq(applicationKey.applicationId, application.applicationId))
      .where(eq(application.code, body.appCode))
    if (!owner || !safeEqual(owner.keyHash, sha256Hex(body.appKey))) throw new ApiError(Code.FORBIDDEN, null, texts.routes.badKey)
    const [v] = await ctx.db
      .select()
      .from(applicationVersion)
      .where(
        and(
          eq(applicationVersion.applicationId, owner.applicationId),
          eq(applicationVersion.published, true),
          eq(applicationVersion.isUsed, true),
        ),
      )
      .orderBy(desc(applicationVersion.major), desc(applicationVersion.minor), desc(applicationVersion.revision))
      .limit(1)
    const answer: LatestPublish | null = v
      ? {
          appCode: owner.code,
          version: `${v.major}.${v.minor}.${v.revision}`,
          major: v.major,
          minor: v.minor,
          revision: v.revision,
          releaseNote: v.releaseNote,
          publishTime: (v.publishTime ?? v.updateTime).toISOString(),
          attachmentFileId: v.attachmentFileId,
        }
      : null
    return ok(req, answer)
  })

  app.get(APP_PATHS.grants, { config: { auth: 'signed', perm: perm(MENU) } }, async (req) => {
    const { applicationId } = parse(appIdBody, req.query, req)
    const rows = await ctx.db.select().from(applicationGrant).where(eq(applicationGrant.applicationId, applicationId))
    return ok(req, {
      applicationId,
      orgIds: rows.filter((r) => r.subjectType === 'org').map((r) => r.subjectId),
      roleIds: rows.filter((r) => r.subjectType === 'role').map((r) => r.subjectId),
    })
  })

  app.post(APP_PATHS.saveGrants, { config: { auth: 'signed', perm: perm(MENU, 'authorize') } }, async (req) => {
    const body = parse(appGrantsBody, req.body, req)
    const [found] = await ctx.db
      .select({ id: application.applicationId })
      .from(application)
      .where(eq(application.applicationId, body.applicationId))
    if (!found) throw new ApiError(Code.NOT_FOUND)
    await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db
      await tx.delete(applicationGrant).where(eq(applicationGrant.applicationId, body.applicationId))
      const rows = [
        ...[...new Set(body.orgIds)].map((id) => ({ applicationId: body.applicationId, subjectType: 'org', subjectId: id })),
        ...[...new Set(body.roleIds)].map((id) => ({ applicationId: body.applicationId, subjectType: 'role', subjectId: id })),
      ]
      if (rows.length) await tx.insert(applicationGrant).values(rows)
    })
    return ok(req, body)
  })
}
