import type { Shape } from '../shape'
import zhTexts from './zh/pwa.json'
import enTexts from './en/pwa.json'

export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
