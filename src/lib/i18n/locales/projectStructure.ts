import type { Shape } from '../shape'
import zhTexts from './zh/projectStructure.json'
import enTexts from './en/projectStructure.json'

/** A project's structure: containers, design units, unit engineering (issue 11 part B). */
export const zh = zhTexts
export const en: Shape<typeof zh> = enTexts
