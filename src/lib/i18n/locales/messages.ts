import type { Shape } from '../shape'
import zhTexts from './zh/messages.json'
import enTexts from './en/messages.json'

/** Messages: the message centre, message settings, custom messages, the header badge. */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
