import type { Shape } from '../shape'
import zhTexts from './zh/attributes.json'
import enTexts from './en/attributes.json'

/** Extension attributes, bill of quantities, resource pool (/admin/extends-configuration, /admin/extends-setting, /admin/su-boq, /admin/resource-pool). */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
