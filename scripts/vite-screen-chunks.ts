/**
 * The screens' files, planned from a first build (scripts/vite-chunks.ts groups the starts).
 *
 * Left to itself Rolldown cuts a chunk for every distinct set of the dynamic imports that need a
 * module, so a screen's start came in 30-odd files of a few hundred bytes each (the loader's
 * queries, the list machinery module by module, an icon). On a slow link over HTTP/1.1 a phone
 * fetches six files at a time, one round trip each: the number of files, not only their bytes,
 * decides when a screen paints (the stack's floor fetching 项目工点信息's 39 files, 222 KiB, before
 * painting scored 0.85 on Lighthouse's simulated slow 4G; the same bytes in one file 0.96).
 *
 * Which modules a screen needs is only known after tree-shaking (a barrel names its whole folder,
 * a contract module imports zod for the forms alone), so the build runs twice: a first build with
 * Rolldown's own cut (in memory, not minified) shows which of its chunks each thing loaded on its
 * own loads — a screen with its route's loader, the outbox with the areas' offline declarations,
 * every other `import()` (a form, a dialog, a tab, a language's texts, a loader a link preloads) —
 * and chunks are merged, most files saved for the fewest bytes first, as long as none of those
 * loads more than a budget in vain: a screen's start ≈ 6 KiB compressed, anything else a quarter
 * of that (a page loads several of those, and their share adds up). Never into an import cycle.
 * A merged file keeps the name of the largest chunk in it that is loaded on its own; the rest are
 * `offline` (what the outbox loads), `shared~home` (with the home's) and `shared`.
 */
import { basename } from 'node:path'
import type { Plugin, Rolldown } from 'vite'

type Chunk = Rolldown.OutputChunk

/** Module id → the name of the file it goes in (the real build's `screens` group). */
export type ScreenPlan = Map<string, string>

/**
 * The plan from the first build's chunks: `src` (absolute), `home` the home screen's module (what
 * it shares gets its own file), `keep` the chunk names other groups own, `budget` what a screen's
 * start may load in vain (characters of unminified code).
 */
export function planScreens(
  chunks: Chunk[],
  info: (id: string) => { code: string | null; dynamicallyImportedIds: readonly string[] } | null,
  moduleIds: string[],
  { src, home, keep, budget }: { src: string; home: string; keep: (name: string) => boolean; budget: number },
): ScreenPlan {
  const isRoute = (id: string) => id.startsWith(`${src}/routes/`)
  const screens = new Set<string>()
  const offline = new Set<string>()
  const loaders = new Map<string, string[]>()
  for (const id of moduleIds) {
    const dynamic = info(id)?.dynamicallyImportedIds ?? []
    if (isRoute(id) && !id.includes('?')) {
      // a route file loads its screen and its loader (`?tsr-split=loader`, TanStack Router's split)
      const split = dynamic.filter((d) => d.includes('?tsr-split'))
      for (const d of dynamic) {
        if (d.includes('?')) continue
        screens.add(d)
        loaders.set(d, [...(loaders.get(d) ?? []), ...split])
      }
    }
    if (/[\\/]features[\\/].+[\\/]manifest\.ts$/.test(id)) for (const d of dynamic) if (/[\\/]offline\.ts$/.test(d)) offline.add(d)
  }
  const chunkOf = new Map<string, Chunk>()
  for (const c of chunks) for (const m of c.moduleIds) chunkOf.set(m, c)
  const byFile = new Map(chunks.map((c) => [c.fileName, c]))
  /** The chunk files these modules' chunks load before running: theirs and what those import. */
  const loads = (modules: string[]) => {
    const seen = new Set<string>()
    const todo = modules.map((m) => chunkOf.get(m)?.fileName).filter((f): f is string => !!f)
    while (todo.length) {
      const f = todo.pop()!
      if (seen.has(f)) continue
      seen.add(f)
      todo.push(...(byFile.get(f)?.imports ?? []))
    }
    return seen
  }
  // what each screen's start loads (its module's chunk, its route's loader's, what they import),
  // and what the outbox loads (every area's offline declarations): `OUTBOX` below
  const OUTBOX = '(outbox)'
  const started: [string, Set<string>][] = [[OUTBOX, loads([...offline])]]
  for (const root of screens) started.push([root, loads([root, ...(loaders.get(root) ?? [])])])
  // and whatever else is loaded on its own with import(): a form, a dialog, a tab, a language's
  // texts, a route's loader (fetched alone, ahead of its screen, on a move within the console)
  const alone = new Set(moduleIds.flatMap((id) => info(id)?.dynamicallyImportedIds ?? []))
  for (const m of alone) if (!screens.has(m) && !offline.has(m) && chunkOf.has(m)) started.push([m, loads([m])])
  const nodes = new Map<string, Node>()
  for (const [who, files] of started)
    for (const f of files) {
      const c = byFile.get(f)!
      // the starts' and the heavy libraries' chunks stay as they are, but what they import counts
      const n = nodes.get(f) ?? {
        files: [f],
        size: c.code.length,
        by: new Set<string>(),
        imports: new Set(c.imports),
        fixed: c.isEntry || keep(c.name),
      }
      n.by.add(who)
      nodes.set(f, n)
    }
  // a screen's start may load the budget in vain; what else loads on its own a quarter of it
  const groups = mergeChunks(nodes, (who) => (screens.has(who) ? budget : Math.round(budget / 4)))
  const plan: ScreenPlan = new Map()
  const taken = new Map<string, number>()
  for (const g of groups.filter((g) => !g.fixed).sort((x, y) => y.size - x.size)) {
    // a file that holds modules loaded on their own is named after the largest of them (as
    // Rolldown names its chunk: a form's file stays `form-…`); what only others import is
    // `shared` (`shared~home` with the home's)
    const own = g.files
      .flatMap((f) =>
        byFile
          .get(f)!
          .moduleIds.filter((m) => screens.has(m) || alone.has(m))
          .map((m) => ({ m, c: byFile.get(f)! })),
      )
      .sort((x, y) => y.c.code.length - x.c.code.length)[0]
    const named = own && (own.c.facadeModuleId === own.m ? own.c.name : basename(own.m.split('?')[0]!).replace(/\.[jt]sx?$/, ''))
    const base = g.by.has(OUTBOX) ? 'offline' : (named ?? (g.by.has(home) ? 'shared~home' : 'shared'))
    // one name a file: Rolldown puts every module of a name in one chunk
    const n = (taken.get(base) ?? 0) + 1
    taken.set(base, n)
    const as = n === 1 ? base : `${base}${n}`
    for (const f of g.files) for (const m of byFile.get(f)!.moduleIds) plan.set(m, as)
  }
  return plan
}

export interface Node {
  /** The first build's chunk files merged here. */
  files: string[]
  /** Their code's length (unminified). */
  size: number
  /** Who loads them: a screen's module, the outbox, or a module loaded alone with import(). */
  by: Set<string>
  /** The chunk files they import. */
  imports: Set<string>
  /** A chunk other groups name (a start's, a heavy library's): never merged, but what it imports counts. */
  fixed?: boolean
}

/**
 * Merges the first build's chunks into fewer files, most files saved for the fewest bytes first:
 * two chunks loaded by the same loaders (`by`: a screen, the outbox, an import()) merge at no cost;
 * otherwise a loader of one of them alone takes the other in vain — with what that one imports and
 * it did not load — which stays within `budget(loader)` (characters of unminified code, summed over
 * the merges). A chunk marked `fixed` is never merged. Never into a cycle of imports between files.
 */
export function mergeChunks(nodes: Map<string, Node>, budget: (who: string) => number): Node[] {
  const groups = [...nodes.values()].map((n) => ({ ...n, files: [...n.files], by: new Set(n.by), imports: new Set(n.imports) }))
  const groupOf = new Map<string, Node>()
  for (const g of groups) for (const f of g.files) groupOf.set(f, g)
  const waste = new Map<string, number>()
  /** The files `g` loads with it: what it imports, and what those import. */
  const below = (g: Node) => {
    const seen = new Set<Node>()
    for (const todo = [g]; todo.length;)
      for (const f of todo.pop()!.imports) {
        const h = groupOf.get(f)
        if (!h || h === g || seen.has(h)) continue
        seen.add(h)
        todo.push(h)
      }
    return seen
  }
  /** Per loader of one of them alone: the other and what it loads with it that this loader did not — in vain. */
  const extra = (a: Node, b: Node) => {
    const per = new Map<string, Node[]>()
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      const pulled = [y, ...below(y)]
      for (const w of x.by)
        if (!y.by.has(w))
          per.set(
            w,
            pulled.filter((g) => !g.by.has(w)),
          )
    }
    return per
  }
  const size = (gs: Node[]) => gs.reduce((n, g) => n + g.size, 0)
  /** A third file between them (a imports c, c loads b, or the other way): merged, a and b would import each other. */
  const between = (a: Node, b: Node) => {
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const)
      for (const f of x.imports) {
        const c = groupOf.get(f)
        if (c && c !== x && c !== y && below(c).has(y)) return true
      }
    return false
  }
  for (;;) {
    // in order of the bytes each side alone adds per loader they share — a lower bound: what the
    // other imports comes on top, counted exactly (`extra`) for the cheapest candidates first
    const candidates: { a: Node; b: Node; cost: number }[] = []
    for (let i = 0; i < groups.length; i++)
      for (let j = i + 1; j < groups.length; j++) {
        const a = groups[i]!
        const b = groups[j]!
        if (a.fixed || b.fixed) continue
        let shared = 0
        let total = 0
        let within = true
        for (const w of a.by)
          if (b.by.has(w)) shared++
          else if ((waste.get(w) ?? 0) + b.size > budget(w)) within = false
          else total += b.size
        for (const w of b.by)
          if (a.by.has(w)) continue
          else if ((waste.get(w) ?? 0) + a.size > budget(w)) within = false
          else total += a.size
        if (shared && within) candidates.push({ a, b, cost: total / shared })
      }
    candidates.sort((x, y) => x.cost - y.cost)
    let chosen: { a: Node; b: Node; per: Map<string, Node[]> } | null = null
    for (const { a, b } of candidates) {
      const per = extra(a, b)
      if ([...per].some(([w, gs]) => (waste.get(w) ?? 0) + size(gs) > budget(w)) || between(a, b)) continue
      chosen = { a, b, per }
      break
    }
    if (!chosen) return groups
    const { a, b, per } = chosen
    for (const [w, gs] of per) {
      waste.set(w, (waste.get(w) ?? 0) + size(gs))
      for (const g of gs) g.by.add(w)
    }
    a.files.push(...b.files)
    a.size += b.size
    for (const w of b.by) a.by.add(w)
    for (const f of b.imports) a.imports.add(f)
    for (const f of a.files) a.imports.delete(f)
    for (const f of b.files) groupOf.set(f, a)
    groups.splice(groups.indexOf(b), 1)
  }
}

/** A plugin for the first build: hands its plan to `done` once the chunks are cut. */
export function screenPlanPlugin(options: Parameters<typeof planScreens>[3], done: (plan: ScreenPlan) => void): Plugin {
  return {
    name: 'trestle-screen-plan',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk')
      done(planScreens(chunks, (id) => this.getModuleInfo(id), [...this.getModuleIds()], options))
    },
  }
}
