import { describe, expect, it } from 'vitest'
import { creditCode, creditCodeCheckChar, CREDIT_CODE_CHARS, isValidCreditCode } from './rules'

/** Codes whose check characters were computed by a separate implementation (Python, weights 3^i mod 31); the first is a published example. */
const GOOD = [
  '91350100M000100Y43',
  '91320000MA1XK3T20J',
  '91110108MA01R2X8LP',
  '91440300MA5F8H6N45',
  '12100000400000624D',
  '311100003583476226',
]

describe('unified social credit code (GB 32100-2015)', () => {
  it('accepts codes with a correct check character', () => {
    for (const code of GOOD) expect(isValidCreditCode(code), code).toBe(true)
  })

  it('refuses every other check character of a good code', () => {
    for (const code of GOOD)
      for (const c of CREDIT_CODE_CHARS)
        if (c !== code[17]) expect(isValidCreditCode(code.slice(0, 17) + c), code.slice(0, 17) + c).toBe(false)
  })

  it('refuses a changed character in the body (the check character no longer fits)', () => {
    const code = GOOD[1]!
    expect(isValidCreditCode(code.slice(0, 10) + 'B' + code.slice(11))).toBe(false)
    expect(isValidCreditCode(code.slice(0, 3) + '3' + code.slice(4))).toBe(false)
  })

  it('refuses wrong lengths, lower case, letters outside the code set and bad layouts', () => {
    expect(isValidCreditCode('')).toBe(false)
    expect(isValidCreditCode(GOOD[0]!.slice(0, 17))).toBe(false)
    expect(isValidCreditCode(`${GOOD[0]!}0`)).toBe(false)
    expect(isValidCreditCode(GOOD[1]!.toLowerCase())).toBe(false)
    // I, O, S, V, Z are not used; the region (3–8) is digits; the first character is 1–9, A–G or Y
    const withI = '91320000MA1XK3TI0'
    expect(creditCodeCheckChar(withI)).toBeNull()
    expect(isValidCreditCode(`91320A00MA1XK3T20${creditCodeCheckChar('91320A00MA1XK3T20')}`)).toBe(false)
    expect(isValidCreditCode(`H1320000MA1XK3T20${creditCodeCheckChar('H1320000MA1XK3T20')}`)).toBe(false)
  })

  it('the zod rule trims and upper-cases, and names the check in its message key', () => {
    expect(creditCode().parse(` ${GOOD[1]!.toLowerCase()} `)).toBe(GOOD[1])
    const r = creditCode().safeParse('91320000MA1XK3T20D')
    expect(r.success).toBe(false)
    expect(r.error?.issues[0]?.message).toBe('v.creditCode')
    expect(creditCode().safeParse('').error?.issues[0]?.message).toBe('v.required')
  })
})
