import { tabTemplateAdd, tabTemplateUpdate, type TabTemplateRow } from '@/contract/schemas/tabulation'
import { defineResource } from '@/lib/crud'
import { tabKeys, templatePaths } from '../queries'

/**
 * Templates for the list machinery: listed, added (the sheet defaults to the empty sheet) and
 * deleted by it; the basics are edited through ./TemplateDialogs (the update sends the draft's sheet back).
 */
export const templateResource = defineResource<TabTemplateRow>({
  key: tabKeys.templates()[0],
  paths: templatePaths,
  idKey: 'tabTemplateId',
  addSchema: tabTemplateAdd,
  updateSchema: tabTemplateUpdate,
  entity: 'tabulation.manage.entity',
  nameOf: (r) => r.name,
  toForm: (r) => ({ ...r }),
})
