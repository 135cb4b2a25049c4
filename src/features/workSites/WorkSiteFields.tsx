import { useQuery } from '@tanstack/react-query'
import { useWatch } from 'react-hook-form'
import { chainageLength, parseChainage } from '@/contract/mileage'
import { fieldsIn } from '@/contract/fields'
import { WORK_SITE_FIELDS, type WorkSiteFieldKey } from '@/contract/fields/workSite'
import type { WorkSiteResource } from '@/contract/schemas/workSite'
import { DeclaredField, type DeclaredFieldProps } from '@/lib/crud/DeclaredField'
import { useTranslate } from '@/lib/crud/declared'
import { FormGrid } from '@/lib/crud/form'
import { useT } from '@/lib/i18n'
import { PhotosField } from './PhotosField'
import { workSiteOptionsQueryOptions } from './queries'
import { siteSources } from './sources'

const metres = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 })

/** The site form's fields (add, edit, and the sync centre's editor), as declared (contract/fields/workSite.ts). */
export function WorkSiteFields({ variant, projectId }: { variant: WorkSiteResource; projectId: string }) {
  const { t } = useT()
  const tr = useTranslate()
  const options = useQuery({ ...workSiteOptionsQueryOptions(variant, projectId), enabled: !!projectId })
  const lineId = useWatch({ name: 'lineId' }) as string | undefined
  const start = parseChainage(useWatch({ name: 'startMileage' }) as string | undefined)
  const end = parseChainage(useWatch({ name: 'endMileage' }) as string | undefined)
  const own: Partial<Record<WorkSiteFieldKey, Partial<DeclaredFieldProps>>> = {
    lineId: { hint: options.isSuccess && options.data.lines.length === 0 ? t('workSites.noLines') : undefined },
    endMileage: {
      hint: start && end && end.metres > start.metres ? t('workSites.length', { m: metres.format(chainageLength(start, end)) }) : undefined,
    },
  }
  const sources = siteSources(options.data, lineId)
  return (
    <FormGrid>
      {fieldsIn(WORK_SITE_FIELDS, 'form').map((field) =>
        field.kind === 'photos' ? (
          <PhotosField key={field.key} name={field.key} label={tr(field.label)} max={field.max} />
        ) : (
          <DeclaredField key={field.key} field={field} sources={sources} {...own[field.key]} />
        ),
      )}
    </FormGrid>
  )
}
