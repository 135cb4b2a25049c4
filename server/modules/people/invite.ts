/**
 * The `profile` invitation: a person completes their own staff record (name, sex, ID number,
 * birth date, cellphone, email, avatar, education, certificates) through a link, with the same
 * contract validation as the console's form; the record then waits for review in the user audit (and in
 * the audit process bound to it, if any: ./auditProcessPort.ts).
 */
import { and, eq, ne } from 'drizzle-orm'
import { Code } from '../../../src/contract/codes'
import { V, validationText } from '../../../src/contract/rules'
import {
  birthDateMismatch,
  birthDateOfIdCard,
  maskCellphone,
  maskIdCard,
  profileForm,
  type ProfileData,
  type SubmitKind,
} from '../../../src/contract/schemas/people'
import type { Ctx } from '../../context'
import type { Db } from '../../db/client'
import { person, personCertificate, personEducation } from '../../db/schema'
import { ApiError, invalidField } from '../../lib/http'
import { signedUrl } from '../files'
import { registerInvitePurpose } from '../../lib/invitePurposes'
import { ORG_MENU } from '../../lib/orgScope'
import { underReview } from './auditProcessPort'
import { snapshotOf } from './submission'
import { replaceSubRecords, SUB_RECORDS } from './subrecords'
import texts from './texts.json'

type Row = Record<string, unknown>

const PHOTO_FIELDS = ['graduationPhotoFileId', 'degreePhotoFileId', 'frontPhotoFileId', 'backPhotoFileId']

/** Every file id on the person's record (avatar and sub-record photos). */
async function attachedFiles(db: Db, userId: string, avatar: string | null): Promise<Set<string>> {
  const edu = await db.select().from(personEducation).where(eq(personEducation.userId, userId))
  const certs = await db.select().from(personCertificate).where(eq(personCertificate.userId, userId))
  const ids = [avatar, ...[...edu, ...certs].flatMap((r) => PHOTO_FIELDS.map((f) => (r as Row)[f] as string | null | undefined))]
  return new Set(ids.filter((x): x is string => !!x))
}

async function withUrls(ctx: Ctx, rows: Row[]): Promise<Row[]> {
  return Promise.all(
    rows.map(async (r) => {
      const out: Row = { ...r }
      for (const f of PHOTO_FIELDS) if (f in r) out[f.replace(/FileId$/, 'Url')] = r[f] ? await signedUrl(ctx, r[f] as string) : null
      return out
    }),
  )
}

export function registerProfileInvite(ctx: Ctx): void {
  registerInvitePurpose('profile', {
    perm: { menu: ORG_MENU, fn: 'invite' },
    target: async (db, userId) => {
      const [row] = await db.select({ organizationId: person.organizationId }).from(person).where(eq(person.userId, userId))
      return row ?? null
    },
    load: async (db, userId) => {
      const [p] = await db.select().from(person).where(eq(person.userId, userId))
      if (!p) return {}
      const education = await db.select().from(personEducation).where(eq(personEducation.userId, userId)).orderBy(personEducation.sort)
      const certificates = await db
        .select()
        .from(personCertificate)
        .where(eq(personCertificate.userId, userId))
        .orderBy(personCertificate.sort)
      const data = {
        name: p.name,
        sex: p.sex,
        birthDate: p.birthDate,
        email: p.email,
        avatarFileId: p.avatarFileId,
        avatarUrl: p.avatarFileId ? await signedUrl(ctx, p.avatarFileId) : null,
        idCardMasked: maskIdCard(p.idCard),
        cellphoneMasked: maskCellphone(p.cellphone),
        education: await withUrls(ctx, education as Row[]),
        certificates: await withUrls(ctx, certificates as Row[]),
      }
      return data as unknown as ProfileData as unknown as Record<string, unknown>
    },
    schema: profileForm,
    submit: async (tx, userId, data, invite) => {
      const [p] = await tx.select().from(person).where(eq(person.userId, userId))
      if (!p) throw new ApiError(Code.NOT_FOUND)
      if (data.idCard) {
        const [clash] = await tx
          .select({ id: person.userId })
          .from(person)
          .where(and(eq(person.idCard, data.idCard), ne(person.userId, userId)))
        if (clash) throw new ApiError(Code.DUPLICATE, { field: 'idCard' }, texts.invite.idTaken)
      }
      const idCard = data.idCard ?? p.idCard
      const expected = idCard ? birthDateOfIdCard(idCard) : null
      if (expected && data.birthDate && data.birthDate !== expected) {
        const key = birthDateMismatch(expected)
        throw invalidField('birthDate', key, 'zh')
      }
      // No uploads without signing in: only files already on the record may be kept.
      const attached = await attachedFiles(tx, userId, p.avatarFileId)
      const refs = [
        { field: 'avatarFileId', id: data.avatarFileId },
        ...data.education.flatMap((e, i) => [
          { field: `education.${i}.graduationPhotoFileId`, id: e.graduationPhotoFileId },
          { field: `education.${i}.degreePhotoFileId`, id: e.degreePhotoFileId },
        ]),
        ...data.certificates.flatMap((c, i) => [
          { field: `certificates.${i}.frontPhotoFileId`, id: c.frontPhotoFileId },
          { field: `certificates.${i}.backPhotoFileId`, id: c.backPhotoFileId },
        ]),
      ]
      const foreign = refs.filter((r) => r.id && !attached.has(r.id))
      if (foreign.length)
        throw new ApiError(
          Code.INVALID,
          foreign.map((r) => ({ field: r.field, key: V.invalid, message: validationText(V.invalid, 'zh') })),
        )
      const now = new Date()
      // what the record was, for 用户审核 to show what this submission changed
      const before = await snapshotOf(tx, p)
      await tx
        .update(person)
        .set({
          name: data.name,
          sex: data.sex,
          email: data.email ?? null,
          avatarFileId: data.avatarFileId ?? null,
          idCard,
          birthDate: expected ?? data.birthDate ?? p.birthDate,
          cellphone: data.cellphone ?? p.cellphone,
          auditStatus: 'pending',
          auditReason: null,
          auditBy: null,
          auditTime: null,
          submitTime: now,
          submitKind: 'profile' satisfies SubmitKind,
          submittedBefore: before,
          updateTime: now,
          updateBy: p.accountId ?? 'invite',
        })
        .where(eq(person.userId, userId))
      const by = p.accountId ?? 'invite'
      await replaceSubRecords(tx, SUB_RECORDS.education, userId, data.education as Row[], by, now)
      await replaceSubRecords(tx, SUB_RECORDS.certificate, userId, data.certificates as Row[], by, now)
      // the audit process bound to 用户审核, if any, starts for it (one still running goes on: it decides this submission too)
      await underReview(tx, {
        userId,
        name: data.name,
        accountId: p.accountId,
        organizationId: p.organizationId,
        submitKind: 'profile',
        requestedBy: invite.createBy,
      })
    },
  })
}
