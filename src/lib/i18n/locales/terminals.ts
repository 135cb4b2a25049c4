import type { Shape } from '../shape'
import zhTexts from './zh/terminals.json'
import enTexts from './en/terminals.json'

/** Terminal authorisation (/admin/terminal-authentication). */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
