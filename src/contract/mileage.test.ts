import { describe, expect, it } from 'vitest'
import { chainageLength, formatChainage, normaliseChainage, parseChainage, rangesOverlap } from './mileage'

describe('chainage (里程)', () => {
  it('parses the canonical form into prefix and metres', () => {
    expect(parseChainage('DK123+456.780')).toEqual({ prefix: 'DK', metres: 123456.78 })
    expect(parseChainage('K0+000.000')).toEqual({ prefix: 'K', metres: 0 })
    expect(parseChainage('12+5')).toEqual({ prefix: '', metres: 12005 })
  })

  it('accepts loose input and normalises it', () => {
    expect(normaliseChainage(' dk123 + 456.78 ')).toBe('DK123+456.780')
    expect(normaliseChainage('DK1＋2.5')).toBe('DK1+002.500')
    expect(normaliseChainage('AK 7+45')).toBe('AK7+045.000')
  })

  it('refuses what is not a chainage', () => {
    for (const bad of ['', 'DK', '123', 'DK123+1000', 'DK-1+000', 'ABCDE1+000', 'DK1+2.3456', 'DK1+2.', '１+000', null, undefined])
      expect(parseChainage(bad as string), String(bad)).toBeNull()
  })

  it('formats with three-digit metres and three decimals, exactly', () => {
    expect(formatChainage({ prefix: 'DK', metres: 123456.78 })).toBe('DK123+456.780')
    expect(formatChainage({ prefix: 'K', metres: 5.1 })).toBe('K0+005.100')
    expect(formatChainage({ prefix: '', metres: 180000 })).toBe('180+000.000')
    // 0.1 + 0.2 style float noise does not leak into the text
    expect(formatChainage({ prefix: 'DK', metres: 1000.1 + 0.2 })).toBe('DK1+000.300')
  })

  it('round-trips every canonical value', () => {
    for (const s of ['DK0+000.000', 'DK9999+999.999', 'CK12+034.005', '7+700.070']) expect(formatChainage(parseChainage(s)!)).toBe(s)
  })

  it('measures lengths and overlaps to the millimetre (touching ranges do not overlap)', () => {
    expect(chainageLength(parseChainage('DK1+000.100')!, parseChainage('DK2+000.300')!)).toBe(1000.2)
    expect(rangesOverlap({ start: 0, end: 100 }, { start: 100, end: 200 })).toBe(false)
    expect(rangesOverlap({ start: 0, end: 100.001 }, { start: 100, end: 200 })).toBe(true)
    expect(rangesOverlap({ start: 50, end: 60 }, { start: 0, end: 200 })).toBe(true)
  })
})
