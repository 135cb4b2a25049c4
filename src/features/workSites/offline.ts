/**
 * A work site as the outbox carries it (DESIGN §4): add / update / delete through workSite/* (or
 * projectWorkSite/* under 项目工点信息) — one entry per save of the form. Photos taken offline are
 * kept files whose ids stand in `photoFileIds` until their upload steps (before the site's request)
 * answer the real file ids.
 */
import { resourcePaths } from '@/contract/paths'
import type { WorkSiteResource } from '@/contract/schemas/workSite'
import { t } from '@/lib/i18n'
import { crudEntity } from '@/lib/offline/entities'

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))

const declare = (name: WorkSiteResource) => {
  const paths = resourcePaths(name)
  return crudEntity({
    entity: name,
    label: 'workSites.entity',
    idKey: 'workSiteId',
    paths: { add: paths.add, update: paths.update, delete: paths.delete },
    invalidates: [['workSite'], ['workSiteOptions']],
    titleOf: (d) => text(d.workSiteName),
    uploadPurpose: 'photo',
    // a local copy's photos may have changed: their URLs are looked up again (stored) or read from the device (kept)
    toLocal: ({ photoUrls: _urls, ...d }) => d,
    fields: [
      { key: 'workSiteCode', label: 'workSites.field.workSiteCode' },
      { key: 'workSiteName', label: 'workSites.field.workSiteName' },
      { key: 'siteType', label: 'workSites.field.siteType', format: (v) => (v ? t(`workSites.type.${v as 'bridge'}`) : '') },
      { key: 'status', label: 'workSites.field.status', format: (v) => (v ? t(`workSites.status.${v as 'building'}`) : '') },
      { key: 'startMileage', label: 'workSites.field.startMileage' },
      { key: 'endMileage', label: 'workSites.field.endMileage' },
      { key: 'contactPhone', label: 'workSites.field.contactPhone' },
      { key: 'longitude', label: 'workSites.field.longitude' },
      { key: 'latitude', label: 'workSites.field.latitude' },
      { key: 'address', label: 'workSites.field.address' },
      { key: 'description', label: 'workSites.field.description' },
      {
        key: 'photoFileIds',
        label: 'workSites.field.photos',
        format: (v) => (Array.isArray(v) && v.length ? t('workSites.photoCount', { n: v.length }) : ''),
      },
    ],
  })
}

export const workSiteOffline = { workSite: declare('workSite'), projectWorkSite: declare('projectWorkSite') }
