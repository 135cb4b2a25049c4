/**
 * How a sheet of our model (src/contract/schemas/tabulation.ts) looks on screen, shared by the
 * designer and the fill-in screen: Excel's units in pixels, a cell's style as CSS.
 */
import type { CSSProperties } from 'react'
import type { TAB_BORDERS, TabStyle } from '@/contract/schemas/tabulation'

/** Excel characters → px (≈ chars·7+5; the default column is 8.43 characters) and back. */
export const colPx = (chars: number | undefined): number => Math.round((chars ?? 8.43) * 7 + 5)
export const DEFAULT_COL_PX = colPx(undefined)
export const charsOf = (px: number): number => Math.round(((px - 5) / 7) * 100) / 100
/** Points → px (pt·4/3; the default row is 15 pt) and back. */
export const rowPx = (pt: number | undefined): number => Math.round(((pt ?? 15) * 4) / 3)
export const ptOf = (px: number): number => Math.round(px * 0.75 * 10) / 10

/** A custom property carrying a cell's Excel number format through the editor (CSS has none). */
export const NUMFMT_PROP = '--tab-numfmt'

const BORDER_CSS: Record<(typeof TAB_BORDERS)[number], string> = {
  thin: '1px solid #000',
  medium: '2px solid #000',
  thick: '3px solid #000',
  dashed: '1px dashed #000',
  dotted: '1px dotted #000',
  double: '3px double #000',
}
export const SIDES = { t: 'Top', r: 'Right', b: 'Bottom', l: 'Left' } as const

/** A cell's style as CSS (the fill-in screen's table). */
export function cellCss(s: TabStyle | undefined): CSSProperties {
  if (!s) return {}
  const css: CSSProperties = {}
  if (s.b) css.fontWeight = 'bold'
  if (s.i) css.fontStyle = 'italic'
  if (s.sz) css.fontSize = `${s.sz}pt`
  if (s.color) css.color = s.color
  if (s.fill) css.backgroundColor = s.fill
  if (s.h) css.textAlign = s.h
  if (s.v) css.verticalAlign = s.v
  if (s.wrap) css.whiteSpace = 'pre-wrap'
  for (const [k, side] of Object.entries(SIDES)) {
    const b = s.border?.[k as keyof typeof SIDES]
    if (b) css[`border${side}`] = BORDER_CSS[b]
  }
  return css
}

/** The same as inline CSS text, with the number format as a custom property (the designer's grid). */
export function styleCss(s: TabStyle | undefined): string {
  const out = Object.entries(cellCss(s)).map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${String(v)}`)
  if (s?.numFmt) out.push(`${NUMFMT_PROP}: ${JSON.stringify(s.numFmt)}`)
  return out.join('; ')
}
