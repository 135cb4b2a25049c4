import type { Shape } from '../shape'
import zhTexts from './zh/signUp.json'
import enTexts from './en/signUp.json'

/** The forms that verify a code before an account has a password to sign in with: registering (/register) and resetting a forgotten password (the sign-in page's dialog). */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
