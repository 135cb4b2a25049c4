import type { Shape } from '../shape'
import zhTexts from './zh/personal.json'
import enTexts from './en/personal.json'

export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
