import type { Shape } from '../shape'
import zhTexts from './zh/people.json'
import enTexts from './en/people.json'

/** Departments and people (the 部门与人员 tab of /admin/organization), user audit (/admin/user-audit), the profile invite form. */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
