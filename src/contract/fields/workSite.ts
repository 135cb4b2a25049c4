/**
 * A work site's fields (工点, issue 12 part A; declared once, issue 27): the schema, the form, the
 * list, the initialisation sheet and the outbox's view follow this list (../fields.ts). A field's key
 * is its column of `work_site`: a new field needs its column and migration, nothing else.
 */
import { defineFields, type DeclaredRecord } from '../fields'

/** 桥梁 / 隧道 / 路基 / 车站 / 拌合站 / 梁场 / 营地 / 其他 (workSites.type.*). */
export const WORK_SITE_TYPES = ['bridge', 'tunnel', 'subgrade', 'station', 'mixing', 'beamYard', 'camp', 'other'] as const
export type WorkSiteType = (typeof WORK_SITE_TYPES)[number]

/** 筹备 / 在建 / 停工 / 完工. */
export const WORK_SITE_STATUSES = ['preparing', 'building', 'suspended', 'completed'] as const
export type WorkSiteStatus = (typeof WORK_SITE_STATUSES)[number]

/** Photos of a site, at most. */
export const MAX_SITE_PHOTOS = 9

const everywhere = { form: true, excel: true, offline: true } as const

export const WORK_SITE_FIELDS = defineFields('workSites.field', [
  { key: 'workSiteName', kind: 'text', max: 60, format: 'name', required: true, list: { sortable: true }, ...everywhere },
  { key: 'workSiteCode', kind: 'text', max: 40, format: 'code', required: true, list: { sortable: true }, ...everywhere },
  {
    key: 'siteType',
    kind: 'choice',
    options: WORK_SITE_TYPES,
    optionLabels: 'workSites.type',
    required: true,
    list: true,
    filter: true,
    ...everywhere,
  },
  {
    key: 'status',
    kind: 'choice',
    options: WORK_SITE_STATUSES,
    optionLabels: 'workSites.status',
    required: true,
    default: 'preparing',
    list: { sortable: true },
    filter: true,
    ...everywhere,
  },
  // placed in the project's structure; the sheet names them by code (server/modules/workSite/excel.ts)
  { key: 'lineId', kind: 'choice', source: 'line', list: { show: 'lineName', hidden: true }, filter: true, form: true, excel: true },
  // a design unit's 工点 are its sites: its form links here filtered to it (?designUnitId=)
  {
    key: 'designUnitId',
    kind: 'choice',
    source: 'designUnit',
    list: { show: 'designUnitName', hidden: true },
    filter: true,
    form: true,
    excel: true,
  },
  {
    key: 'startMileage',
    kind: 'mileage',
    list: true,
    form: { hint: 'workSites.mileageHint' },
    excel: { width: 16, hint: 'workSites.mileageHint' },
    offline: true,
  },
  { key: 'endMileage', kind: 'mileage', form: { hint: 'workSites.mileageHint' }, excel: { width: 16 }, offline: true },
  { key: 'containerId', kind: 'choice', source: 'container', form: true, excel: true },
  // people are not copied by the sheet
  { key: 'managerUserId', kind: 'person', list: { show: 'managerName' }, form: true },
  { key: 'contactPhone', kind: 'text', max: 20, format: 'tel', list: { hidden: true }, form: true, offline: true },
  { key: 'address', kind: 'text', max: 200, list: { hidden: true }, form: true, excel: { width: 28 }, offline: true },
  {
    key: 'longitude',
    kind: 'number',
    precision: 7,
    min: -180,
    max: 180,
    form: { placeholder: '114.2561234', hint: 'workSites.coordHint' },
    excel: { width: 12 },
    offline: true,
  },
  {
    key: 'latitude',
    kind: 'number',
    precision: 7,
    min: -90,
    max: 90,
    form: { placeholder: '30.6192345' },
    excel: { width: 12 },
    offline: true,
  },
  { key: 'description', kind: 'text', max: 1000, multiline: true, form: true, excel: { width: 28 }, offline: true },
  {
    key: 'photoFileIds',
    label: 'workSites.field.photos',
    kind: 'photos',
    max: MAX_SITE_PHOTOS,
    countLabel: 'workSites.photoCount',
    form: true,
    offline: true,
  },
])

export type WorkSiteFieldKey = (typeof WORK_SITE_FIELDS)[number]['key']
/** A stored site's declared values. */
export type WorkSiteValues = DeclaredRecord<typeof WORK_SITE_FIELDS>
