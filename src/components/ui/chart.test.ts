import { describe, expect, it } from 'vitest'
import { niceTicks } from './chart'

describe('niceTicks (the counts on a chart’s left)', () => {
  it('counts whole numbers in steps of 1, 2 or 5 × 10ⁿ from 0 to at least the largest value', () => {
    expect(niceTicks(2)).toEqual([0, 1, 2])
    expect(niceTicks(11)).toEqual([0, 5, 10, 15])
    expect(niceTicks(37)).toEqual([0, 10, 20, 30, 40])
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500])
  })

  it('never steps by less than one, and draws 0 to 1 for nothing to show', () => {
    expect(niceTicks(1)).toEqual([0, 1])
    expect(niceTicks(3)).toEqual([0, 1, 2, 3])
    expect(niceTicks(0)).toEqual([0, 1])
    expect(niceTicks(Number.NaN)).toEqual([0, 1])
  })
})
