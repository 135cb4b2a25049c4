import type { Shape } from '../shape'
import zhTexts from './zh/dictionary.json'
import enTexts from './en/dictionary.json'

/** The texts of one tree dictionary (src/lib/tree/TreeDictionary.tsx's keys plus the screen's). */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
