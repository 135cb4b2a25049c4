/**
 * What 用户审核 shows before a decision (issue 10 #5): a submission's fields as they are now and, for a
 * profile completed through an invitation, what it changed. `snapshotBefore` is taken in the same
 * transaction as the profile's write and kept on the record (`submitted_before`); education and
 * certificates are compared as whole lists but shown as their counts. Numbers are masked.
 */
import { asc, eq } from 'drizzle-orm'
import {
  maskCellphone,
  maskIdCard,
  SUBMISSION_FIELDS,
  type AuditSubmission,
  type SubmissionField,
  type SubmitKind,
} from '../../../src/contract/schemas/people'
import type { Db } from '../../db/client'
import { person, personCertificate, personEducation } from '../../db/schema'

type Person = typeof person.$inferSelect

/** The submitted fields of a record, raw (what is compared). */
type Snapshot = Record<SubmissionField, unknown>

const EDU_FIELDS = ['startMonth', 'endMonth', 'school', 'major', 'degree', 'graduationPhotoFileId', 'degreePhotoFileId'] as const
const CERT_FIELDS = [
  'titleLevel',
  'certificateName',
  'certificateNo',
  'issuingUnit',
  'validFrom',
  'validTo',
  'frontPhotoFileId',
  'backPhotoFileId',
] as const

const pick = <K extends string>(row: Record<string, unknown>, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, row[k] ?? null]))

/** The record's submitted fields and its lists now (call inside the writing transaction for a before-image). */
export async function snapshotOf(db: Db, p: Person): Promise<Snapshot> {
  const education = await db
    .select()
    .from(personEducation)
    .where(eq(personEducation.userId, p.userId))
    .orderBy(asc(personEducation.startMonth))
  const certificates = await db
    .select()
    .from(personCertificate)
    .where(eq(personCertificate.userId, p.userId))
    .orderBy(asc(personCertificate.certificateNo))
  return {
    name: p.name,
    sex: p.sex,
    idCard: p.idCard,
    birthDate: p.birthDate,
    cellphone: p.cellphone,
    email: p.email,
    avatar: p.avatarFileId,
    education: education.map((e) => pick(e, EDU_FIELDS)),
    certificates: certificates.map((c) => pick(c, CERT_FIELDS)),
  }
}

/** How a field is shown: numbers masked, lists as their count. */
function shown(field: SubmissionField, v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null
  if (Array.isArray(v)) return v.length ? String(v.length) : null
  if (field === 'idCard') return maskIdCard(String(v))
  if (field === 'cellphone') return maskCellphone(String(v))
  return String(v)
}

export async function submissionOf(db: Db, p: Person): Promise<AuditSubmission> {
  const now = await snapshotOf(db, p)
  const before = p.submitKind === ('profile' satisfies SubmitKind) ? (p.submittedBefore as Snapshot | null) : null
  const values = Object.fromEntries(SUBMISSION_FIELDS.map((f) => [f, shown(f, now[f])])) as AuditSubmission['values']
  const changes = before
    ? SUBMISSION_FIELDS.filter((f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(now[f] ?? null)).map((f) => ({
        field: f,
        before: shown(f, before[f]),
        after: values[f],
      }))
    : []
  return {
    userId: p.userId,
    submitKind: (p.submitKind as SubmitKind | null) ?? null,
    submitTime: p.submitTime?.toISOString() ?? null,
    values,
    changes,
  }
}
