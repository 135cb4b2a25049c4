/** Every field of a unit (SPEC §3) in the add / edit dialog, checked with the contract's orgAdd / orgUpdate. */
import type { ReactNode } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { STATUS } from '@/contract'
import { ORG_FIELDS } from '@/contract/fields/org'
import type { Organization } from '@/contract/schemas/org'
import { FormDialog } from '@/lib/crud'
import { DeclaredFields } from '@/lib/crud/forms'
import { useT } from '@/lib/i18n'
import { orgResource, useOrgTypes, useTypeLabel } from './api'

function Section({ children }: { children: ReactNode }) {
  return <h3 className="border-b pb-1.5 pt-2 text-sm font-semibold text-muted-foreground first:pt-0 sm:col-span-2">{children}</h3>
}

/** Tax number: a one-click copy of the credit code (the same for units registered since 2015). */
function TaxCodeHint() {
  const { t } = useT()
  const { control, setValue } = useFormContext()
  const credit = useWatch({ control, name: 'creditCode' }) as string | undefined
  return (
    <span>
      {t('organization.hint.taxCode')}
      {credit && (
        <button
          type="button"
          className="ml-2 text-primary underline-offset-2 hover:underline"
          onClick={() => setValue('taxCode', credit.trim().toUpperCase(), { shouldDirty: true, shouldValidate: true })}
        >
          {t('organization.copyCredit')}
        </button>
      )}
    </span>
  )
}

export function UnitFields({ parentName }: { parentName: string | null }) {
  const { t } = useT()
  const types = useOrgTypes().data ?? []
  const typeLabel = useTypeLabel()
  const organizationType = types.map((ty) => ({ value: ty.organizationTypeId, label: typeLabel(ty.typeName) }))
  return (
    <DeclaredFields
      fields={ORG_FIELDS}
      sources={{ organizationType }}
      own={{ taxCode: { hint: <TaxCodeHint /> } }}
      before={{
        organizationName: <Section>{t('organization.section.basic')}</Section>,
        sort: (
          <div className="flex min-w-0 flex-col gap-1.5">
            <span className="text-sm">{t('organization.field.parentName')}</span>
            <span
              className="flex h-9 items-center truncate rounded-md border bg-muted/50 px-3 text-sm text-muted-foreground"
              title={parentName ?? ''}
            >
              {parentName ?? t('organization.hint.parentTop')}
            </span>
          </div>
        ),
        contactPerson: <Section>{t('organization.section.contact')}</Section>,
        depositBank: <Section>{t('organization.section.finance')}</Section>,
      }}
    />
  )
}

export type UnitEditing =
  { open: false } | { open: true; record: Organization | null; parent: { id: string; name: string } | null; typeId?: string }

export function UnitDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: UnitEditing
  onClose: () => void
  onSaved?: (unit: Organization | undefined) => void
}) {
  const { t } = useT()
  const open = editing.open
  const record = open ? editing.record : null
  const parent = open ? editing.parent : null
  return (
    <FormDialog
      key={open ? (record?.organizationId ?? `new-${parent?.id ?? editing.typeId ?? ''}`) : 'closed'}
      resource={orgResource}
      open={open}
      onOpenChange={(o) => !o && onClose()}
      record={record}
      size="xl"
      title={!record && parent ? t('organization.addChildOf', { name: parent.name }) : undefined}
      defaults={{ status: STATUS.active, sort: 1, parentId: parent?.id, organizationTypeId: open ? editing.typeId : undefined }}
      onSaved={onSaved}
    >
      <UnitFields parentName={record ? record.parentName : (parent?.name ?? null)} />
    </FormDialog>
  )
}
