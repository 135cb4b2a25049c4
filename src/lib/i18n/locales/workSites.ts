import type { Shape } from '../shape'
import zhTexts from './zh/workSites.json'
import enTexts from './en/workSites.json'

/** Work sites (工点) and their card (issue 12 part A). */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
