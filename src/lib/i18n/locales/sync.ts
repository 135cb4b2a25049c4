import type { Shape } from '../shape'
import zhTexts from './zh/sync.json'
import enTexts from './en/sync.json'

/** The outbox, the sync centre, conflicts, storage and the logout guard (src/lib/offline, src/features/sync). */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
