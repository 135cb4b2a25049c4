import type { Shape } from '../shape'
import zhTexts from './zh/tree.json'
import enTexts from './en/tree.json'

/** The tree component (src/lib/tree): expand, loading, moving. */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
