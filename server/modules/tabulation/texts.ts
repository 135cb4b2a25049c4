/** The tabulation module's answers in both languages (the request's language is picked by lib/http); `{x}` is filled in. */
import type { Text } from '../../lib/http'
import texts from './texts.json'

export const TAB_TEXT = texts.tab satisfies Record<string, Text>

/** The worksheet that carries the fill-in cells in an exported (and re-imported) workbook. */
export const FILL_IN_SHEET = '填写单元格'
