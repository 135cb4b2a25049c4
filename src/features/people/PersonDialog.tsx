/**
 * Add or edit a person: basic information (every staff field of SPEC §3, SPEC §5 validation from
 * the contract; sex and birth date filled from the ID number; avatar JPG ≤ 2 MB), then education,
 * vocational certificates, project experience and career resume, each an editable list with its
 * photos. One submit: the person first, then each changed list through its addFullByUserId call.
 */
import { useRef } from 'react'
import { useWatch } from 'react-hook-form'
import { Loader2 } from 'lucide-react'
import { JOB_FIELDS, RESUME_FIELDS } from '@/contract/fields/people'
import type { StaffRow } from '@/contract/schemas/people'
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog'
import { FormDialog, type FormValues, type ResourceForm } from '@/lib/crud'
import { DeclaredFields, FormField, FormList } from '@/lib/crud/forms'
import { useT, type TKey } from '@/lib/i18n'
import { isApiError } from '@/lib/http'
import { useLocalRecords, type OutboxEntry } from '@/lib/offline'
import { cn } from '@/lib/utils'
import { usePersonRecord } from './api'
import { PersonFields } from './PersonFields'
import { personResource, SUB_LISTS, type PersonRecord } from './resource'
import { CertificateList, EducationList, under } from './SubLists'

export interface PersonDialogProps {
  /** null: closed; 'new': add; a person: edit. */
  target: StaffRow | 'new' | null
  /** Where a new person goes. */
  organizationId: string
  departmentId?: string
  onClose: () => void
  /** A failed / conflicted outbox entry of a person to edit (from the sync centre). */
  entry?: OutboxEntry | null
}

const LIST_FIELDS = SUB_LISTS.map((l) => l.field)

/** The lists a local copy carries (edited offline), over the server's. */
function withLocalLists(base: PersonRecord | StaffRow, local: Record<string, unknown> | null | undefined, fill: boolean): PersonRecord {
  const out = { ...base } as PersonRecord & Record<string, unknown>
  for (const f of LIST_FIELDS) {
    const v = local?.[f]
    if (Array.isArray(v)) out[f] = v
    else if (fill && !Array.isArray(out[f])) out[f] = []
  }
  return out
}

export function PersonDialog({ target, organizationId, departmentId, onClose, entry }: PersonDialogProps) {
  const { t } = useT()
  // editing an outbox entry of an existing person: the person it was based on
  const entryPerson = entry && entry.op !== 'add' && entry.base ? (entry.base as unknown as StaffRow) : null
  const person = target && target !== 'new' ? target : entryPerson
  // a person added offline exists only here: its lists are the local copy's
  const local = useLocalRecords('user').find((l) => l.entityId === person?.userId)
  const localOnly = !!local?.added
  const record = usePersonRecord(localOnly ? null : person)
  // offline: the lists cannot be loaded — the form saves the person only (an empty list would replace them)
  const listsUnavailable = !!person && !localOnly && record.isError && isApiError(record.error) && record.error.kind !== 'code'
  const data: PersonRecord | null = !person
    ? null
    : localOnly
      ? withLocalLists(person, local?.data, true)
      : record.data
        ? withLocalLists(record.data, local?.data, false)
        : listsUnavailable
          ? withLocalLists(person, null, true)
          : null
  if (entry && (!entryPerson || data)) {
    // the entry's values over the person as it is (with the lists the entry does not change)
    const onto = data ? { ...entry, base: { ...entry.base, ...Object.fromEntries(LIST_FIELDS.map((f) => [f, data[f]])) } } : entry
    return (
      <FormDialog<PersonRecord>
        key={entry.id}
        resource={personResource}
        open
        onOpenChange={(o) => !o && onClose()}
        entry={onto}
        defaults={{ organizationId, departmentId: departmentId ?? '', sort: 1, educations: [], certificates: [], jobs: [], projects: [] }}
        title={entry.op === 'add' ? t('people.staff.addTitle') : t('people.staff.editTitle')}
        size="xl"
        onSaved={onClose}
      >
        {(rf) => <PersonForm rf={rf} listsUnavailable={listsUnavailable && !entry.payload.lists} />}
      </FormDialog>
    )
  }
  if (person && !data) {
    return (
      <Dialog open onOpenChange={(o) => !o && onClose()}>
        <DialogContent className="max-w-sm" aria-describedby={undefined}>
          <DialogTitle className="sr-only">{t('people.staff.editTitle')}</DialogTitle>
          <p className="flex items-center gap-2 py-4 text-sm text-muted-foreground">
            {record.isError ? t('crud.loadError') : <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            {!record.isError && t('people.section.loading')}
          </p>
        </DialogContent>
      </Dialog>
    )
  }
  return (
    <FormDialog<PersonRecord>
      key={person?.userId ?? 'new'}
      resource={personResource}
      open={!!target}
      onOpenChange={(o) => !o && onClose()}
      record={data}
      defaults={{ organizationId, departmentId: departmentId ?? '', sort: 1, educations: [], certificates: [], jobs: [], projects: [] }}
      title={person ? t('people.staff.editTitle') : t('people.staff.addTitle')}
      size="xl"
      onSaved={onClose}
    >
      {(rf) => <PersonForm rf={rf} listsUnavailable={listsUnavailable} />}
    </FormDialog>
  )
}

const SECTIONS = [
  { id: 'basic', label: 'people.section.basic' },
  { id: 'educations', label: 'people.section.education' },
  { id: 'certificates', label: 'people.section.certificate' },
  { id: 'jobs', label: 'people.section.job' },
  { id: 'projects', label: 'people.section.project' },
] as const satisfies readonly { id: string; label: TKey }[]

function PersonForm({ rf, listsUnavailable }: { rf: ResourceForm<PersonRecord>; listsUnavailable: boolean }) {
  const { t } = useT()
  const root = useRef<HTMLDivElement>(null)
  const values = useWatch({ control: rf.form.control }) as FormValues
  const errors = rf.form.formState.errors
  const go = (id: string) => root.current?.querySelector(`[data-section="${id}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'start' })
  return (
    <div ref={root}>
      <nav
        aria-label={t('people.section.basic')}
        className="sticky -top-5 z-10 -mx-6 -mt-5 mb-4 flex gap-1 overflow-x-auto border-b bg-background/95 px-5 py-2 backdrop-blur"
      >
        {SECTIONS.filter((s) => !listsUnavailable || s.id === 'basic').map((s) => {
          const n = s.id === 'basic' ? null : ((values[s.id] as unknown[] | undefined)?.length ?? 0)
          const bad = !!errors[s.id] || (s.id === 'basic' && Object.keys(errors).some((k) => !SECTIONS.some((x) => x.id === k)))
          return (
            <button
              key={s.id}
              type="button"
              onClick={() => go(s.id)}
              className={cn(
                'inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-md px-3 text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                bad && 'text-destructive',
              )}
            >
              {t(s.label)}
              {n !== null && n > 0 && <span className="rounded-full bg-muted px-1.5 text-xs tabular-nums text-muted-foreground">{n}</span>}
            </button>
          )
        })}
      </nav>

      <Section id="basic" title={t('people.section.basic')}>
        <BasicFields rf={rf} />
      </Section>

      {listsUnavailable ? (
        <p
          role="status"
          className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-800 dark:text-amber-300"
        >
          {t('people.section.offlineLists')}
        </p>
      ) : (
        <>
          <Section id="educations" title={t('people.section.education')}>
            <EducationList name="educations" photos />
          </Section>

          <Section id="certificates" title={t('people.section.certificate')}>
            <CertificateList name="certificates" photos />
          </Section>

          <Section id="jobs" title={t('people.section.job')}>
            <FormList
              name="jobs"
              label={t('people.section.job')}
              addText={t('people.job.add')}
              newItem={() => ({ institution: '', position: '', organizationName: '', departmentName: '', jobLevel: '', post: '' })}
              itemTitle={(j, i) => (j.institution ? String(j.institution) : `#${i + 1}`)}
            >
              {(p) => <DeclaredFields fields={JOB_FIELDS} own={under(JOB_FIELDS, p)} />}
            </FormList>
          </Section>

          <Section id="projects" title={t('people.section.project')} last>
            <FormList
              name="projects"
              label={t('people.section.project')}
              addText={t('people.project.add')}
              newItem={() => ({ startMonth: '', endMonth: '', organizationName: '', position: '', description: '' })}
              itemTitle={(r, i) =>
                r.organizationName
                  ? `${String(r.startMonth || '')} ~ ${String(r.endMonth || t('people.project.toDate'))} · ${String(r.organizationName)}`
                  : `#${i + 1}`
              }
            >
              {(p) => (
                <DeclaredFields
                  fields={RESUME_FIELDS}
                  own={under(RESUME_FIELDS, p)}
                  before={{
                    organizationName: (
                      <>
                        <FormField name={`${p}.startMonth`} label={t('people.project.startMonth')} kind="month" required />
                        <FormField
                          name={`${p}.endMonth`}
                          label={t('people.project.endMonth')}
                          kind="month"
                          hint={t('people.project.endMonthHint')}
                        />
                      </>
                    ),
                  }}
                />
              )}
            </FormList>
          </Section>
        </>
      )}
    </div>
  )
}

function Section({ id, title, children, last }: { id: string; title: string; children: React.ReactNode; last?: boolean }) {
  return (
    <section data-section={id} className={cn('scroll-mt-14', !last && 'mb-6 border-b pb-6')} aria-label={title}>
      <h3 className="mb-4 text-base font-semibold">{title}</h3>
      {children}
    </section>
  )
}

/** Basic information (PersonFields), the avatar and, once linked, the person's account. */
function BasicFields({ rf }: { rf: ResourceForm<PersonRecord> }) {
  const { t } = useT()
  const record = rf.record
  return (
    <PersonFields kept={record && { idCard: record.idCard, cellphone: record.cellphone }} check={{ userId: record?.userId }}>
      <FormField name="avatarFileId" label={t('people.field.avatar')} kind="file" purpose="avatar" hint={t('people.hint.avatar')} />
      {record?.accountName && (
        <div className="flex flex-col gap-1.5">
          <span className="text-sm">{t('people.field.accountName')}</span>
          <p className="flex h-9 items-center gap-2 rounded-md border bg-muted/50 px-3 text-sm">
            {record.accountName}
            {record.accountLevel && (
              <span className="text-muted-foreground">· {t(`people.accountLevel.${record.accountLevel as 'general'}`)}</span>
            )}
          </p>
        </div>
      )}
    </PersonFields>
  )
}
