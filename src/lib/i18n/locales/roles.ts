import type { Shape } from '../shape'
import zhTexts from './zh/roles.json'
import enTexts from './en/roles.json'

/** Role management (/admin/role-manage). */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
