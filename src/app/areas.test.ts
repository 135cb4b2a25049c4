/**
 * The areas' manifests are the one list of what the console has built (issue 27): a catalogue page
 * is served by one area at most, and a page no area serves is exactly one whose route shows the
 * not-built page — which the sidebar, the home and the palette then mark as planned.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PAGES } from '@/contract/catalogue'
import { isPlanned } from '@/lib/builtPages'
import { AREAS } from './areas'

const routeFile = (path: string) => readFileSync(new URL(`../routes/_shell${path}.tsx`, import.meta.url), 'utf8')

describe('area manifests', () => {
  it('give each page one area at most', () => {
    const claimed = AREAS.flatMap((a) => a.pages.map((page) => `${page} ${a.id}`))
    const pages = AREAS.flatMap((a) => a.pages)
    expect(new Set(pages).size, claimed.join('\n')).toBe(pages.length)
  })

  it('leave unserved exactly the pages whose route is the not-built page, and those are planned', () => {
    const served = new Set(AREAS.flatMap((a) => a.pages))
    const planned = PAGES.filter((p) => routeFile(p.path).includes("'@/features/shell/not-built'")).map((p) => p.path)
    // every page of the catalogue is built today
    expect(planned).toEqual([])
    expect(PAGES.map((p) => p.path).filter((p) => !served.has(p))).toEqual(planned)
    expect(PAGES.map((p) => p.path).filter(isPlanned)).toEqual(planned)
    expect(isPlanned('admin/organization')).toBe(false)
  })
})
