import { describe, expect, it } from 'vitest'
import { cyclesOf, folderOf, throughIndex, valueNames, valueSpecifiers, type Edge } from './import-graph'

describe('the import graph', () => {
  it('counts value imports and re-exports, not type-only ones', () => {
    const text = [
      "import { a, type B } from './mixed'",
      "import type { C } from './typeOnly'",
      "import { type D, type E } from './typesInBraces'",
      "export { f } from './reexport'",
      "export type { G } from './typeReexport'",
      "import './sideEffect'",
      "const lazy = () => import('./lazy')",
    ].join('\n')
    expect(valueSpecifiers(text)).toEqual(['./mixed', './reexport', './sideEffect'])
  })

  it('groups files by area and finds the folders of a loop', () => {
    expect(folderOf('server/modules/org/queries.ts')).toBe('server/modules/org')
    expect(folderOf('server/lib/resource.ts')).toBe('server/lib')
    expect(folderOf('server/seed/org.ts')).toBe('server/seed')
    expect(folderOf('src/features/people/PeoplePage.tsx')).toBe('src/features/people')
    expect(folderOf('src/lib/crud/list/Toolbar.tsx')).toBe('src/lib/crud')
    const edge = (from: string, to: string): Edge => ({ from, to, file: from, target: to })
    expect(cyclesOf([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd')])).toEqual([['a', 'b', 'c']])
    expect(cyclesOf([edge('a', 'b'), edge('b', 'c')])).toEqual([])
  })

  it('names what a file imports by value, for the tables a module uses', () => {
    const text = [
      "import { account, type AccountRow, organization as org } from '../../db/schema'",
      "import type { person } from '../../db/schema'",
      "import { type Db } from '../../db/client'",
    ].join('\n')
    expect(valueNames(text)).toEqual([{ spec: '../../db/schema', names: ['account', 'organization'] }])
  })

  it('lets a module be entered only through its index.ts', () => {
    const edge = (from: string, target: string): Edge => ({ from, to: folderOf(target), file: `${from}/x.ts`, target })
    expect(throughIndex(edge('server/modules/people', 'server/modules/account/index.ts'))).toBe(true)
    expect(throughIndex(edge('server/modules/people', 'server/modules/account/queries.ts'))).toBe(false)
    expect(throughIndex(edge('server', 'server/modules/org/routes.ts'))).toBe(false)
    expect(throughIndex(edge('server', 'server/modules/index.ts'))).toBe(true)
    expect(throughIndex(edge('server/modules/org', 'server/lib/tree.ts'))).toBe(true)
  })
})
