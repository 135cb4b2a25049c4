/**
 * The folder-level import graph of the gateway (server/) and the console (src/): which folder imports
 * which by value (`import type` and type-only exports are left out; dynamic `import()` too — a lazy
 * chunk is not a load-time dependency). Used by scripts/check-imports.ts (a step of `npm test`) and
 * printable on its own:
 *
 *   npx tsx scripts/import-graph.ts           cycles and cross-folder edges of both sides
 *
 * It also says which gateway files use which tables by value (`schemaUses`: the names imported from
 * server/db/schema.ts or server/db/schema/*) and whether an edge into a module enters it through its
 * index.ts (`throughIndex`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '..')

export interface Edge {
  from: string
  to: string
  /** The importing file and the imported one, relative to the root. */
  file: string
  target: string
}

const SOURCE = /\.(ts|tsx|mts)$/
const SKIP = /(\.test\.tsx?|\.d\.ts)$/

function filesUnder(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) out.push(...filesUnder(full))
    else if (SOURCE.test(name) && !SKIP.test(name)) out.push(full)
  }
  return out
}

/** The names a file's text imports by value from each specifier (`a as b` gives `a`; type-only names left out). */
export function valueNames(text: string): { spec: string; names: string[] }[] {
  const out: { spec: string; names: string[] }[] = []
  const re = /^\s*import\s+(?!type\s)\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/gms
  for (const m of text.matchAll(re)) {
    const names = m[1]!
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p && !p.startsWith('type '))
      .map((p) => p.split(/\s+as\s+/)[0]!.trim())
    if (names.length) out.push({ spec: m[2]!, names })
  }
  return out
}

/** Static value imports and re-exports of a file's text. */
export function valueSpecifiers(text: string): string[] {
  const specs: string[] = []
  const re = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gms
  for (const m of text.matchAll(re)) {
    if (m[5]) {
      specs.push(m[5])
      continue
    }
    if (m[2]) continue
    const clause = m[3] ?? ''
    // `import { type A, type B } from` is type-only as well
    const braces = clause.match(/^\{([^}]*)\}$/s)
    if (braces && braces[1]!.split(',').every((p) => !p.trim() || p.trim().startsWith('type '))) continue
    specs.push(m[4]!)
  }
  return specs
}

function resolve(fromFile: string, spec: string): string | null {
  let base: string
  if (spec.startsWith('@/')) base = path.join(ROOT, 'src', spec.slice(2))
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(fromFile), spec)
  else return null
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  return null
}

/**
 * The folder a file belongs to: an area (`server/modules/<m>`, `src/features/<f>`, `src/lib/<l>`) or a
 * top folder (`server/lib`, `server/plugins`, `server/db`, `server/seed`, `src/components`, `src/contract`, …); a file
 * straight under `server/modules`, `src/features` or `src/lib` is its own unit.
 */
export function folderOf(rel: string): string {
  const parts = rel.split('/')
  if (parts[0] === 'server') {
    if (parts[1] === 'modules') return parts.length > 3 ? parts.slice(0, 3).join('/') : rel
    return parts.length > 2 ? parts.slice(0, 2).join('/') : 'server'
  }
  if (parts[0] === 'src') {
    // an area's folder, or a file straight under features/ or lib/ (lib/utils.ts) on its own
    if (parts[1] === 'features' || parts[1] === 'lib') return parts.slice(0, 3).join('/')
    return parts.length > 2 ? parts.slice(0, 2).join('/') : 'src'
  }
  return parts[0]!
}

/** Every cross-folder value edge under `top` (server or src). */
export function edgesOf(top: 'server' | 'src'): Edge[] {
  const edges: Edge[] = []
  for (const file of filesUnder(path.join(ROOT, top))) {
    const rel = path.relative(ROOT, file)
    for (const spec of valueSpecifiers(readFileSync(file, 'utf8'))) {
      const target = resolve(file, spec)
      if (!target) continue
      const targetRel = path.relative(ROOT, target)
      const from = folderOf(rel)
      const to = folderOf(targetRel)
      if (from !== to) edges.push({ from, to, file: rel, target: targetRel })
    }
  }
  return edges
}

/** Whether an edge into a module (`server/modules/<m>`) enters it through its index.ts; any other edge passes. */
export const throughIndex = (e: Edge): boolean =>
  !/^server\/modules\/[^/.]+$/.test(e.to) || e.from === e.to || e.target === `${e.to}/index.ts`

/** A gateway file's use of tables by value: the names it imports from the schema (server/db/schema.ts or schema/*). */
export interface SchemaUse {
  file: string
  folder: string
  names: string[]
}

/** Every use of the schema by value on the gateway, outside server/db/schema* itself (tests left out). */
export function schemaUses(): SchemaUse[] {
  const uses: SchemaUse[] = []
  for (const file of filesUnder(path.join(ROOT, 'server'))) {
    const rel = path.relative(ROOT, file)
    if (/^server\/db\/schema(\.ts|\/)/.test(rel)) continue
    for (const { spec, names } of valueNames(readFileSync(file, 'utf8'))) {
      const target = resolve(file, spec)
      if (target && /^server\/db\/schema(\.ts|\/[^/]+\.ts)$/.test(path.relative(ROOT, target)))
        uses.push({ file: rel, folder: folderOf(rel), names })
    }
  }
  return uses
}

/** The strongly connected components of more than one folder (Tarjan). */
export function cyclesOf(edges: Edge[]): string[][] {
  const next = new Map<string, Set<string>>()
  for (const e of edges) {
    if (!next.has(e.from)) next.set(e.from, new Set())
    next.get(e.from)!.add(e.to)
  }
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const on = new Set<string>()
  const out: string[][] = []
  let i = 0
  const visit = (v: string) => {
    index.set(v, i)
    low.set(v, i++)
    stack.push(v)
    on.add(v)
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = []
      let w: string
      do {
        w = stack.pop()!
        on.delete(w)
        scc.push(w)
      } while (w !== v)
      if (scc.length > 1) out.push(scc.sort())
    }
  }
  for (const v of next.keys()) if (!index.has(v)) visit(v)
  return out
}

/** The edges that close a cycle: those between folders of one component. */
export const edgesWithin = (edges: Edge[], scc: string[]) => edges.filter((e) => scc.includes(e.from) && scc.includes(e.to))

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const top of ['server', 'src'] as const) {
    const edges = edgesOf(top)
    const cycles = cyclesOf(edges)
    console.log(`${top}: ${new Set(edges.map((e) => `${e.from}→${e.to}`)).size} folder edges, ${cycles.length} cycle(s)`)
    for (const c of cycles) {
      console.log(`  cycle of ${c.length}: ${c.join(', ')}`)
      for (const e of edgesWithin(edges, c)) console.log(`    ${e.file} → ${e.target}`)
    }
  }
}
