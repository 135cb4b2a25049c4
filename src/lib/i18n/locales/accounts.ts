import type { Shape } from '../shape'
import zhTexts from './zh/accounts.json'
import enTexts from './en/accounts.json'

/** General accounts (the 账号 tab of /admin/organization), registered accounts (/admin/project-org-account), the account invitation. */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
