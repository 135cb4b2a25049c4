import type { Shape } from '../shape'

export const zh = {}

export const en: Shape<typeof zh> = {}
