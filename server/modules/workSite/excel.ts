/**
 * The work sites' Excel sheet (the initialisation wizard's 工点 sheet, ../projectInit/sheets.ts): the
 * columns of the fields declared for Excel (src/contract/fields/workSite.ts), titled by their labels;
 * the line, design unit and container are named by their codes. A template from a project reads the
 * same fields from its sites.
 */
import { excelColumns, type Declared } from '../../../src/contract/fields'
import { WORK_SITE_FIELDS } from '../../../src/contract/fields/workSite'
import * as workSites from '../../../src/lib/i18n/locales/workSites'
import { workSite } from '../../db/schema'
import type { ExcelColumn } from '../../lib/excel'
import { localeTexts, sheetColumnsOf } from '../../lib/fields'

const text = localeTexts({ workSites })

/** The columns that name a site's place in the structure by code. */
export const STRUCTURE_CODE_COLUMNS = {
  lineId: {
    field: 'lineCode',
    title: { zh: '线路编码', en: 'Line code' },
    width: 14,
    hint: { zh: '“线路”表或项目中的线路编码', en: 'A line code of the Lines sheet or the project' },
  },
  designUnitId: { field: 'designUnitCode', title: { zh: '设计单元编码', en: 'Design unit code' }, width: 16 },
  containerId: { field: 'containerCode', title: { zh: '容器编码', en: 'Container code' }, width: 14 },
} satisfies Record<string, ExcelColumn>

export const workSiteExcelColumns = (fields: readonly Declared[] = WORK_SITE_FIELDS): ExcelColumn[] =>
  excelColumns(fields, text, STRUCTURE_CODE_COLUMNS)

/** The columns a template from a project reads of its sites (the codes are joined by the sheet). */
export const workSiteSheetSelection = (fields: readonly Declared[] = WORK_SITE_FIELDS) => sheetColumnsOf(workSite, fields)
