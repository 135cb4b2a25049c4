import type { Shape } from '../shape'
import zhTexts from './zh/palette.json'
import enTexts from './en/palette.json'

/** The command palette (src/features/palette): pages, the areas' commands, search. */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
