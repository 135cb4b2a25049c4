import { describe, expect, it, vi } from 'vitest'
import type { Virtualizer } from '@tanstack/react-virtual'
import { afterLayoutRect } from './virtualRect'

const instanceAt = (scrollOffset: number | null) => {
  const scrollTo = vi.fn()
  const instance = { scrollOffset, scrollElement: { scrollTo }, options: { horizontal: false } } as unknown as Virtualizer<
    HTMLDivElement,
    Element
  >
  return { instance, scrollTo }
}

describe('a virtual list that reads no layout in the commit', () => {
  it('leaves out the write of the top to a box it holds at the top (its mount), and writes every other offset', () => {
    const { scrollToFn } = afterLayoutRect<HTMLDivElement>()
    const top = instanceAt(null)
    scrollToFn(0, {}, top.instance)
    scrollToFn(0, { adjustments: 0 }, top.instance)
    expect(top.scrollTo).not.toHaveBeenCalled()

    const scrolled = instanceAt(480) // scrolled down: back to the top is a real write
    scrollToFn(0, {}, scrolled.instance)
    expect(scrolled.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: undefined })

    const down = instanceAt(0)
    scrollToFn(960, { behavior: 'auto' }, down.instance)
    expect(down.scrollTo).toHaveBeenCalledWith({ top: 960, behavior: 'auto' })
  })

  it('starts from the viewport’s size (a tablet’s 1024×768), at most what a box shows', () => {
    vi.stubGlobal('window', { innerWidth: 1024, innerHeight: 768 })
    try {
      expect(afterLayoutRect().initialRect).toEqual({ width: 1024, height: 768 })
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
