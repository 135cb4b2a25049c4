import type { Shape } from '../shape'
import zhTexts from './zh/auth.json'
import enTexts from './en/auth.json'

/**
 * What the request client and its dialogs say about a session (a cancelled request, an unknown code,
 * the re-login prompt) and the language switch — in the entry. The sign-in screens' own texts are
 * ./signIn (the login chunk) and ./signUp (registering, resetting a password).
 */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
