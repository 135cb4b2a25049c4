/** 联系人 and 上市/协作机构 of a unit: editable lists saved as a whole. */
import type { ReactNode } from 'react'
import { orgContactFull, orgCoworkFull, orgListingFull, type OrgSublist } from '@/contract/schemas/org'
import { Skeleton } from '@/components/ui/skeleton'
import { FormField, FormGrid } from '@/lib/crud'
import { useT } from '@/lib/i18n'
import { useSublist } from './api'
import { SublistEditor, type SublistEditorProps } from './SublistEditor'

/** Loads a list, then edits it. */
function Loaded({
  name,
  organizationId,
  children,
}: {
  name: OrgSublist
  organizationId: string
  children: (items: Record<string, unknown>[]) => ReactNode
}) {
  const q = useSublist<Record<string, unknown>>(name, organizationId)
  if (q.isPending) return <Skeleton className="h-32" />
  if (q.isError) return <p className="text-sm text-destructive">{q.error.message}</p>
  return <>{children(q.data)}</>
}

type EditorBase = Omit<SublistEditorProps, 'items' | 'children'>

export function ContactsTab({ organizationId }: { organizationId: string }) {
  const { t } = useT()
  const base: EditorBase = {
    name: 'orgContact',
    organizationId,
    schema: orgContactFull,
    label: t('organization.contact.title'),
    newItem: () => ({ contactName: '', post: '', phone: '', email: '', remark: '' }),
    itemTitle: (item, i) =>
      item.contactName
        ? `${String(item.contactName)}${item.post ? ` · ${String(item.post)}` : ''}`
        : `${t('organization.contact.entity')} #${i + 1}`,
    emptyText: t('organization.contact.empty'),
    action: 'edit',
  }
  return (
    <Loaded name="orgContact" organizationId={organizationId}>
      {(items) => (
        <SublistEditor {...base} items={items}>
          {(p) => (
            <FormGrid className="xl:grid-cols-4">
              <FormField name={`${p}.contactName`} label={t('organization.contact.contactName')} required maxLength={30} />
              <FormField name={`${p}.post`} label={t('organization.contact.post')} maxLength={30} />
              <FormField name={`${p}.phone`} label={t('organization.contact.phone')} required maxLength={20} />
              <FormField name={`${p}.email`} label={t('organization.contact.email')} maxLength={100} />
              <FormField name={`${p}.remark`} label={t('organization.contact.remark')} maxLength={200} className="xl:col-span-4" />
            </FormGrid>
          )}
        </SublistEditor>
      )}
    </Loaded>
  )
}

export function InstitutionsTab({ organizationId }: { organizationId: string }) {
  const { t } = useT()
  return (
    <div className="grid gap-8">
      <section className="grid gap-3">
        <h3 className="text-base font-semibold">{t('organization.listing.title')}</h3>
        <Loaded name="orgListing" organizationId={organizationId}>
          {(items) => (
            <SublistEditor
              name="orgListing"
              organizationId={organizationId}
              schema={orgListingFull}
              items={items}
              label={t('organization.listing.title')}
              newItem={() => ({ institutionName: '', stockCode: '', listingDate: '', remark: '' })}
              itemTitle={(item, i) =>
                item.institutionName
                  ? `${String(item.institutionName)}${item.stockCode ? ` ${String(item.stockCode)}` : ''}`
                  : `${t('organization.listing.entity')} #${i + 1}`
              }
              emptyText={t('organization.listing.empty')}
              action="edit"
            >
              {(p) => (
                <FormGrid className="xl:grid-cols-4">
                  <FormField name={`${p}.institutionName`} label={t('organization.listing.institutionName')} required maxLength={100} />
                  <FormField name={`${p}.stockCode`} label={t('organization.listing.stockCode')} maxLength={12} />
                  <FormField name={`${p}.listingDate`} label={t('organization.listing.listingDate')} kind="date" />
                  <FormField name={`${p}.remark`} label={t('organization.listing.remark')} maxLength={200} />
                </FormGrid>
              )}
            </SublistEditor>
          )}
        </Loaded>
      </section>
      <section className="grid gap-3">
        <h3 className="text-base font-semibold">{t('organization.cowork.title')}</h3>
        <Loaded name="orgCowork" organizationId={organizationId}>
          {(items) => (
            <SublistEditor
              name="orgCowork"
              organizationId={organizationId}
              schema={orgCoworkFull}
              items={items}
              label={t('organization.cowork.title')}
              newItem={() => ({ coworkName: '', creditCode: '', contactPerson: '', contactPhone: '', remark: '' })}
              itemTitle={(item, i) => (item.coworkName ? String(item.coworkName) : `${t('organization.cowork.entity')} #${i + 1}`)}
              emptyText={t('organization.cowork.empty')}
              action="edit"
            >
              {(p) => (
                <FormGrid className="xl:grid-cols-4">
                  <FormField
                    name={`${p}.coworkName`}
                    label={t('organization.cowork.coworkName')}
                    required
                    maxLength={100}
                    className="xl:col-span-2"
                  />
                  <FormField
                    name={`${p}.creditCode`}
                    label={t('organization.cowork.creditCode')}
                    maxLength={18}
                    className="xl:col-span-2"
                  />
                  <FormField name={`${p}.contactPerson`} label={t('organization.cowork.contactPerson')} maxLength={30} />
                  <FormField name={`${p}.contactPhone`} label={t('organization.cowork.contactPhone')} maxLength={20} />
                  <FormField name={`${p}.remark`} label={t('organization.cowork.remark')} maxLength={200} className="xl:col-span-2" />
                </FormGrid>
              )}
            </SublistEditor>
          )}
        </Loaded>
      </section>
    </div>
  )
}
