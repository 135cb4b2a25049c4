/** 联系人 and 上市/协作机构 of a unit: editable lists of declared fields (contract/fields/org.ts) saved as a whole. */
import type { z } from 'zod'
import type { Declared } from '@/contract/fields'
import { ORG_CONTACT_FIELDS, ORG_COWORK_FIELDS, ORG_LISTING_FIELDS } from '@/contract/fields/org'
import { orgContactFull, orgCoworkFull, orgListingFull, type OrgSublist } from '@/contract/schemas/org'
import { Skeleton } from '@/components/ui/skeleton'
import { type DeclaredFieldsProps, type FormValues } from '@/lib/crud'
import { DeclaredFields } from '@/lib/crud/forms'
import { useT } from '@/lib/i18n'
import { useSublist } from './api'
import { blankItem, SublistEditor } from './SublistEditor'

interface SublistProps<F extends Declared> {
  name: OrgSublist
  organizationId: string
  /** The contract's `{ organizationId, items }` schema. */
  schema: z.ZodObject
  fields: readonly F[]
  /** i18n prefix of the list's title, entity and empty texts. */
  texts: 'organization.contact' | 'organization.listing' | 'organization.cowork'
  /** An item's heading from its values; empty: `<entity> #n`. */
  title: (item: FormValues) => string
  own?: DeclaredFieldsProps<F>['own']
  /** Under its title as a heading. */
  section?: boolean
}

/** Loads a unit's list, then edits it. */
function Sublist<F extends Declared>({ name, organizationId, schema, fields, texts, title, own, section }: SublistProps<F>) {
  const { t } = useT()
  const q = useSublist<Record<string, unknown>>(name, organizationId)
  const body = q.isPending ? (
    <Skeleton className="h-32" />
  ) : q.isError ? (
    <p className="text-sm text-destructive">{q.error.message}</p>
  ) : (
    <SublistEditor
      name={name}
      organizationId={organizationId}
      schema={schema}
      items={q.data}
      label={t(`${texts}.title`)}
      newItem={() => blankItem(fields)}
      itemTitle={(item, i) => title(item) || `${t(`${texts}.entity`)} #${i + 1}`}
      emptyText={t(`${texts}.empty`)}
      action="edit"
    >
      {(p) => <DeclaredFields fields={fields} prefix={p} own={own} className="xl:grid-cols-4" />}
    </SublistEditor>
  )
  if (!section) return body
  return (
    <section className="grid gap-3">
      <h3 className="text-base font-semibold">{t(`${texts}.title`)}</h3>
      {body}
    </section>
  )
}

/** A value and, when there is one, another after the separator. */
const titled = (main: unknown, extra?: unknown, separator = ' ') =>
  main ? `${String(main)}${extra ? `${separator}${String(extra)}` : ''}` : ''

export function ContactsTab({ organizationId }: { organizationId: string }) {
  return (
    <Sublist
      name="orgContact"
      organizationId={organizationId}
      schema={orgContactFull}
      fields={ORG_CONTACT_FIELDS}
      texts="organization.contact"
      title={(c) => titled(c.contactName, c.post, ' · ')}
      own={{ remark: { className: 'xl:col-span-4' } }}
    />
  )
}

export function InstitutionsTab({ organizationId }: { organizationId: string }) {
  const half = { className: 'xl:col-span-2' }
  return (
    <div className="grid gap-8">
      <Sublist
        name="orgListing"
        organizationId={organizationId}
        schema={orgListingFull}
        fields={ORG_LISTING_FIELDS}
        texts="organization.listing"
        title={(l) => titled(l.institutionName, l.stockCode)}
        section
      />
      <Sublist
        name="orgCowork"
        organizationId={organizationId}
        schema={orgCoworkFull}
        fields={ORG_COWORK_FIELDS}
        texts="organization.cowork"
        title={(c) => titled(c.coworkName)}
        own={{ coworkName: half, creditCode: half, remark: half }}
        section
      />
    </div>
  )
}
