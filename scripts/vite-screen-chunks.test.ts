import { describe, expect, it } from 'vitest'
import type { Rolldown } from 'vite'
import { mergeChunks, planScreens, type Node } from './vite-screen-chunks'

const node = (file: string, size: number, by: string[], imports: string[] = []): [string, Node] => [
  file,
  { files: [file], size, by: new Set(by), imports: new Set(imports) },
]
const files = (groups: ReturnType<typeof mergeChunks>) => groups.map((g) => [...g.files].sort().join('+')).sort()

describe("the screens' files", () => {
  it('merges chunks the same screens load, and small ones within the budget', () => {
    const nodes = new Map([node('a', 100, ['s1', 's2']), node('b', 100, ['s1', 's2']), node('c', 50, ['s1']), node('d', 5000, ['s3'])])
    // a and b cost nothing; c costs s2 50 bytes; d shares no screen with them
    expect(files(mergeChunks(nodes, () => 60))).toEqual(['a+b+c', 'd'])
    expect(files(mergeChunks(nodes, () => 40))).toEqual(['a+b', 'c', 'd'])
  })

  it("counts what a file brings with it against a screen's budget", () => {
    // s2 loads a alone; merging b (loaded by s1) brings b's import z too, which s2 never loaded
    const nodes = new Map([node('a', 10, ['s1', 's2']), node('b', 10, ['s1'], ['z']), node('z', 1000, ['s1'])])
    expect(files(mergeChunks(nodes, () => 100))).toEqual(['a', 'b+z'])
    expect(files(mergeChunks(nodes, () => 2000))).toEqual(['a+b+z'])
  })

  it('never merges two files with a third between them (they would import each other)', () => {
    // a imports c, c imports b: a+b would import c and c would import a+b (c, loaded by another
    // screen too, cannot join them within the budget)
    const nodes = new Map([node('a', 10, ['s1'], ['c']), node('b', 10, ['s1']), node('c', 10, ['s1', 's2'], ['b'])])
    const groups = mergeChunks(nodes, () => 0)
    expect(files(groups)).not.toContain('a+b')
    expect(files(groups)).toEqual(['a', 'b', 'c'])
  })

  it("names each module by who loads its chunk: a screen's own, shared, the outbox's", () => {
    const src = '/app/src'
    const chunk = (
      fileName: string,
      moduleIds: string[],
      imports: string[] = [],
      name = fileName.replace('.js', ''),
    ): Rolldown.OutputChunk =>
      ({
        type: 'chunk',
        fileName,
        name,
        moduleIds,
        imports,
        isEntry: false,
        isDynamicEntry: /^(a|b|aloader|off)\.js$/.test(fileName),
        facadeModuleId: moduleIds[0],
        code: 'x'.repeat(100),
      }) as unknown as Rolldown.OutputChunk
    const chunks = [
      chunk(
        'console.js',
        [`${src}/routes/_shell/admin/a.tsx`, `${src}/routes/_shell/admin/b.tsx`, `${src}/features/a/manifest.ts`],
        [],
        'console',
      ),
      chunk('a.js', [`${src}/features/a/index.ts`], ['list.js', 'aq.js']),
      chunk('aq.js', [`${src}/features/a/queries.ts`]),
      chunk('aloader.js', [`${src}/routes/_shell/admin/a.tsx?tsr-split=loader`], ['aq.js']),
      chunk('b.js', [`${src}/features/b/index.ts`], ['list.js']),
      chunk('list.js', [`${src}/lib/crud/list.ts`]),
      chunk('off.js', [`${src}/features/a/offline.ts`], ['aq.js']),
    ]
    const dynamic: Record<string, string[]> = {
      [`${src}/routes/_shell/admin/a.tsx`]: [`${src}/routes/_shell/admin/a.tsx?tsr-split=loader`, `${src}/features/a/index.ts`],
      [`${src}/routes/_shell/admin/b.tsx`]: [`${src}/features/b/index.ts`],
      [`${src}/features/a/manifest.ts`]: [`${src}/features/a/offline.ts`],
    }
    const plan = planScreens(
      chunks,
      (id) => ({ code: '', dynamicallyImportedIds: dynamic[id] ?? [] }),
      chunks.flatMap((c) => c.moduleIds),
      { src, home: `${src}/features/home/index.ts`, keep: (n) => n === 'console', budget: 0 },
    )
    expect(plan.get(`${src}/routes/_shell/admin/a.tsx`)).toBeUndefined()
    // what the outbox loads (a's declarations, and a's queries that screen a loads too): its files
    expect(plan.get(`${src}/features/a/queries.ts`)).toMatch(/^offline/)
    expect(plan.get(`${src}/features/a/offline.ts`)).toMatch(/^offline/)
    // a screen's and its route's loader's files keep their names; the loader is not merged with the
    // screen beyond the budget (a move within the console fetches it alone, ahead of the screen)
    expect(plan.get(`${src}/features/a/index.ts`)).toBe('a')
    expect(plan.get(`${src}/routes/_shell/admin/a.tsx?tsr-split=loader`)).toBe('aloader')
    expect(plan.get(`${src}/features/b/index.ts`)).toBe('b')
    // what two screens load: shared
    expect(plan.get(`${src}/lib/crud/list.ts`)).toBe('shared')
  })
})
