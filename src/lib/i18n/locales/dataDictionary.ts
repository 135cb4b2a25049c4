import type { Shape } from '../shape'
import zhTexts from './zh/dataDictionary.json'
import enTexts from './en/dataDictionary.json'

/** The data dictionary (/admin/data-dictionary, issue 33): keys and their ordered items. */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
