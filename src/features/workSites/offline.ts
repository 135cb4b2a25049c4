/**
 * A work site as the outbox carries it (DESIGN §4): add / update / delete through workSite/* (or
 * projectWorkSite/* under 项目工点信息) — one entry per save of the form. Photos taken offline are
 * kept files whose ids stand in `photoFileIds` until their upload steps (before the site's request)
 * answer the real file ids. The sync centre shows the fields declared for it (contract/fields/workSite.ts).
 */
import { offlineFields } from '@/contract/fields'
import { WORK_SITE_FIELDS } from '@/contract/fields/workSite'
import { resourcePaths } from '@/contract/paths'
import type { WorkSiteResource } from '@/contract/schemas/workSite'
import { localeStore, translate } from '@/lib/i18n'
import { crudEntity } from '@/lib/offline/entities'

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))

const declare = (name: WorkSiteResource) => {
  const paths = resourcePaths(name)
  return crudEntity({
    entity: name,
    label: 'workSites.entity',
    idKey: 'workSiteId',
    paths: { add: paths.add, update: paths.update, delete: paths.delete },
    // a design unit's list shows its sites (its 工点)
    invalidates: [['workSite'], ['workSiteOptions'], ['designUnit']],
    titleOf: (d) => text(d.workSiteName),
    uploadPurpose: 'photo',
    // a local copy's photos may have changed: their URLs are looked up again (stored) or read from the device (kept)
    toLocal: ({ photoUrls: _urls, ...d }) => d,
    fields: offlineFields(WORK_SITE_FIELDS, (key, params) => translate(localeStore.get(), key, params)),
  })
}

export const workSiteOffline = { workSite: declare('workSite'), projectWorkSite: declare('projectWorkSite') }
