import type { Shape } from '../shape'
import zhTexts from './zh/tabulation.json'
import enTexts from './en/tabulation.json'

/**
 * Tabulation (/admin/table-manage): templates in groups, the designer, cell permission rules, and
 * the sheets filled in (contents). Sections: shared words first, then one per part of the screen
 * (manage, designer, rules, fill).
 */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
