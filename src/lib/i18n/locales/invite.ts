import type { Shape } from '../shape'
import zhTexts from './zh/invite.json'
import enTexts from './en/invite.json'

/** Invitations: the dialog that creates one (link + QR code) and the public /sign page. */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
