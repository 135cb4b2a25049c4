/**
 * A step of `npm test` (lint (imports)): the folder-level import graph by value (scripts/import-graph.ts)
 *  - has no cycle, on the console's side and on the gateway's — but for the one listed below, which
 *    may shrink and may not grow;
 *  - on the gateway, `lib/` and `plugins/` import no module, but for the edges listed below, each
 *    with its reason — a new one fails, and one that is gone must leave the list.
 * Exits 1 with the offending edges.
 */
import { cyclesOf, edgesOf, edgesWithin, type Edge } from './import-graph'

/** Edges from the gateway's machinery into a module that are still there, and why. */
const KNOWN: Record<string, string> = {
  'server/lib/treeResource.ts → server/modules/files/import-export.ts':
    'a tree resource registers its Excel import and export, which store their reports through the files module',
  'server/lib/permissions.ts → server/modules/org/queries.ts':
    'a data scope of a unit and its sub-units reads the unit tree, which the org module owns',
}

/**
 * Modules that still import one another around a loop: the account, unit and person rows are read
 * through their modules' queries, but those modules also call each other's commands (invitations,
 * audits, an account's roles, a unit's accounts). Ownership of those commands is the work left here.
 */
const KNOWN_CYCLE = new Set([
  'server/modules/account',
  'server/modules/department',
  'server/modules/invite',
  'server/modules/org',
  'server/modules/people',
  'server/modules/roleAuth',
])

const problems: string[] = []
const key = (e: Edge) => `${e.file} → ${e.target}`

for (const top of ['server', 'src'] as const) {
  const all = edgesOf(top)
  const known = new Set<string>()
  const edges = all.filter((e) => {
    if (top === 'server' && /^server\/(lib|plugins)$/.test(e.from) && e.to.startsWith('server/modules')) {
      if (KNOWN[key(e)]) {
        known.add(key(e))
        return false
      }
      problems.push(`${key(e)}: lib/ and plugins/ import no module (reach it through a port set at start, or move the shared part to lib/)`)
    }
    return true
  })
  if (top === 'server')
    for (const k of Object.keys(KNOWN)) if (!known.has(k)) problems.push(`${k}: gone — remove it from KNOWN in scripts/check-imports.ts`)
  for (const cycle of cyclesOf(edges)) {
    if (top === 'server' && cycle.every((f) => KNOWN_CYCLE.has(f))) continue
    problems.push(`${top}: a folder-level import cycle of ${cycle.length}: ${cycle.join(', ')}`)
    for (const e of edgesWithin(edges, cycle)) problems.push(`    ${key(e)}`)
  }
}

if (problems.length) {
  console.error(problems.join('\n'))
  process.exit(1)
}
console.log('imports: no folder-level cycle but the listed one; lib/ and plugins/ import no module but for the listed edges')
