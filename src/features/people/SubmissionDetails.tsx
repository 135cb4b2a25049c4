/**
 * 用户审核 (issue 10 #5): what a record under review submitted — a registration's fields, or the
 * fields a profile invitation changed with their values before — shown in the review dialog, so
 * nothing is approved blind.
 */
import { useQuery } from '@tanstack/react-query'
import { ArrowRight, Loader2 } from 'lucide-react'
import { SUBMISSION_FIELDS, type AuditSubmission, type SubmissionField } from '@/contract/schemas/people'
import { formatDateTime } from '@/lib/crud'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { submissionQueryOptions } from './queries'

export function SubmissionDetails({ userId }: { userId: string }) {
  const { t } = useT()
  const q = useQuery(submissionQueryOptions(userId))
  const label = (f: SubmissionField) =>
    f === 'education' || f === 'certificates' ? t(`people.audit.submission.${f}`) : t(`people.field.${f}`)
  const value = (f: SubmissionField, v: string | null) => {
    if (v === null) return <span className="text-muted-foreground">--</span>
    if (f === 'education' || f === 'certificates') return t('people.audit.submission.items', { n: v })
    if (f === 'sex') return t(`people.sex.${v as 'male' | 'female'}`)
    if (f === 'avatar') return <span className="text-muted-foreground">✓</span>
    return <span className="break-all">{v}</span>
  }
  if (!q.data)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        {q.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
        {q.isPending ? t('people.audit.submission.loading') : null}
      </p>
    )
  const s: AuditSubmission = q.data
  const changed = new Map(s.changes.map((c) => [c.field, c]))
  const profile = s.submitKind === 'profile'
  return (
    <section aria-label={t('people.audit.submission.title')} className="grid gap-2 rounded-md border p-3" data-testid="submission">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold">{t('people.audit.submission.title')}</h3>
        {s.submitKind && s.submitTime && (
          <span className="text-xs text-muted-foreground">
            {t('people.audit.submission.submittedAt', { kind: t(`people.audit.kind.${s.submitKind}`), time: formatDateTime(s.submitTime) })}
          </span>
        )}
      </div>
      {profile && (
        <p className={cn('text-xs', s.changes.length ? 'text-amber-700 dark:text-amber-400' : 'text-muted-foreground')}>
          {s.changes.length ? t('people.audit.submission.changed', { n: s.changes.length }) : t('people.audit.submission.noChanges')}
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {SUBMISSION_FIELDS.filter((f) => s.values[f] !== null || changed.has(f)).map((f) => {
          const c = changed.get(f)
          return (
            <div key={f} className="contents" data-changed={c ? 'true' : undefined}>
              <dt className={cn('text-muted-foreground', c && 'font-medium text-amber-700 dark:text-amber-400')}>{label(f)}</dt>
              <dd className="min-w-0">
                {c ? (
                  <span className="flex flex-wrap items-center gap-1.5">
                    <del className="text-muted-foreground" aria-label={t('people.audit.submission.before')}>
                      {value(f, c.before)}
                    </del>
                    <ArrowRight className="h-3.5 w-3.5 text-muted-foreground" aria-hidden />
                    <ins className="font-medium no-underline" aria-label={t('people.audit.submission.after')}>
                      {value(f, c.after)}
                    </ins>
                  </span>
                ) : (
                  value(f, s.values[f])
                )}
              </dd>
            </div>
          )
        })}
      </dl>
    </section>
  )
}
