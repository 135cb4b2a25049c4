import type { Shape } from '../shape'
import zhTexts from './zh/projectInit.json'
import enTexts from './en/projectInit.json'

/** Project initialisation wizards (/admin/project-initialization, /admin/project-initial, /admin/work-site-initialization, /admin/industrial-initial). */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
