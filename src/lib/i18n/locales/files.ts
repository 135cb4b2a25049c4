import type { Shape } from '../shape'
import zhTexts from './zh/files.json'
import enTexts from './en/files.json'

/** File uploads (src/lib/files) and Excel import/export (src/lib/excel). */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
