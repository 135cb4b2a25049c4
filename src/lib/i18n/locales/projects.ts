import type { Shape } from '../shape'
import zhTexts from './zh/projects.json'
import enTexts from './en/projects.json'

/** Projects (/admin/project-manage, /admin/project, /admin/project-information, /admin/project-configuration). */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
