import type { Shape } from '../shape'
import zhTexts from './zh/crud.json'
import enTexts from './en/crud.json'

/** Texts of the generic list page, form dialog and confirmations (src/lib/crud). */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
