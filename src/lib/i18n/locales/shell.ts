import type { Shape } from '../shape'
import zhTexts from './zh/shell.json'
import enTexts from './en/shell.json'

/** The shell (menu, header, tabs), the router's error pages, lazy-chunk failures, the home page. */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
