import type { Shape } from '../shape'
import zhTexts from './zh/signIn.json'
import enTexts from './en/signIn.json'

/** The sign-in screens (/login, /loginThirdPlatform) and their brand panel: loaded with the login chunk. */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
