import type { Shape } from '../shape'
import zhTexts from './zh/organization.json'
import enTexts from './en/organization.json'

/** Organisation management (/admin/organization). */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
