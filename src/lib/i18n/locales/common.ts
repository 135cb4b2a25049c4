import type { Shape } from '../shape'
import zhTexts from './zh/common.json'
import enTexts from './en/common.json'

export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
