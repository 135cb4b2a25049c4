import type { Shape } from '../shape'
import zhTexts from './zh/dashboard.json'
import enTexts from './en/dashboard.json'

/** The administrators' home dashboard (/admin/home). */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
