import type { Shape } from '../shape'
import zhTexts from './zh/logs.json'
import enTexts from './en/logs.json'

/** The logs screen (/admin/systemLog). */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
