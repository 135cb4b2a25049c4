import type { TabTemplateRow } from '@/contract/schemas/tabulation'
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
  schemas: () => import('@/contract/schemas/tabulation').then((m) => ({ add: m.tabTemplateAdd, update: m.tabTemplateUpdate })),
  entity: 'tabulation.manage.entity',
  nameOf: (r) => r.name,
  /** The fields the forms hold; the sheet (of a detail) and the version travel unchanged, unset links stay unset. */
  toForm: (r) => {
    const { tabTemplateId, tabGroupId, name, code, description, version, applicationId, applicationMenuId } = r
    return {
      tabTemplateId,
      tabGroupId,
      name,
      code,
      description,
      version,
      ...('sheet' in r ? { sheet: r.sheet } : {}),
      ...(applicationId ? { applicationId } : {}),
      ...(applicationMenuId ? { applicationMenuId } : {}),
    }
  },
})
