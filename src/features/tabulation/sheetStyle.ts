/**
 * How a sheet of our model (src/contract/schemas/tabulation.ts) looks on screen, shared by the
 * designer and the fill-in screen: Excel's units in pixels, a cell's style as inline CSS.
 */
import { TAB_BORDERS, type TabStyle } from '@/contract/schemas/tabulation'

/** Excel's default column width (8.43 characters) and Excel units ↔ screen pixels. */
export const DEFAULT_COL_PX = 64
export const colPx = (chars: number): number => Math.round(chars * 7 + 5)
export const charsOf = (px: number): number => Math.round(((px - 5) / 7) * 100) / 100
export const rowPx = (pt: number): number => Math.round((pt * 4) / 3)
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
export const SIDES = { t: 'top', r: 'right', b: 'bottom', l: 'left' } as const

/** The inline CSS of a cell's style (for the editor, and the fill-in screen's table). */
export function styleCss(s: TabStyle | undefined): string {
  if (!s) return ''
  const out: string[] = []
  if (s.b) out.push('font-weight: bold')
  if (s.i) out.push('font-style: italic')
  if (s.sz) out.push(`font-size: ${s.sz}pt`)
  if (s.color) out.push(`color: ${s.color}`)
  if (s.fill) out.push(`background-color: ${s.fill}`)
  if (s.h) out.push(`text-align: ${s.h}`)
  if (s.v) out.push(`vertical-align: ${s.v}`)
  if (s.wrap) out.push('white-space: pre-wrap')
  for (const [k, side] of Object.entries(SIDES)) {
    const b = s.border?.[k as keyof typeof SIDES]
    if (b) out.push(`border-${side}: ${BORDER_CSS[b]}`)
  }
  if (s.numFmt) out.push(`${NUMFMT_PROP}: ${JSON.stringify(s.numFmt)}`)
  return out.join('; ')
}
