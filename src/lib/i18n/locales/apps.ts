import type { Shape } from '../shape'
import zhTexts from './zh/apps.json'
import enTexts from './en/apps.json'

/** Application management (/admin/app-manage) and its menus. */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
