/**
 * How the console's build is cut into files (Rolldown's `output.codeSplitting.groups`, issue 9).
 *
 * Left to itself Rolldown cuts a chunk for every distinct set of importers, so the entry came in
 * 18 files and the sign-in screen in 17 more, most of them under 1 KiB (an icon, a Radix hook). Over
 * HTTP/1.1 a phone fetches six at a time: /login waited for request after request, not for bytes.
 * The entry (src/main.tsx) only decides which start a page takes — the sign-in page alone (a
 * signed-out visit to /login: src/app/signIn.tsx) or the console (src/app/console.tsx) — and each
 * start is a chunk the page's preload script asks for with the entry. The groups, strongest first:
 *   - `react`: React and react-dom — every start runs them, and they change less often than our
 *     code (a deploy keeps their file cached);
 *   - `framework`: TanStack Router and Query — the console's; the sign-in page alone runs neither
 *     (the bench breaks if /login loads this chunk);
 *   - `app`: everything else the entry imports statically (Rolldown's `$initial` tag: the session's
 *     storage, the texts, the theme) — all of it runs before the first paint anyway. Any `$initial`
 *     module that imports a barrel drags the barrel's whole graph in here: import from the module
 *     itself (the bench breaks if /login loads zod);
 *   - `login`: the sign-in screen's own modules (its feature folder, reached from the screen
 *     through imports inside that folder) and the texts it names (`texts` of LoginPage.tsx) —
 *     where every first visit and expired session lands;
 *   - `controls`: what else the sign-in screen imports (inputs, the checkbox, their Radix parts,
 *     its icons, the request client that signs, the public screens' navigation) — screens after
 *     sign-in share these, so they are not in `login`;
 *   - `start`: what else the sign-in page alone imports (the service worker's registration, the
 *     error boxes, the lazy screen's retry) — the console's start imports most of it too;
 *   - `console`: what else the console's start imports (the router's route tree, the query cache
 *     and its restoration, the areas' manifests, the outbox's trigger);
 *   - `persist`: the persisted query cache (lib/offline/read/persist.ts with idb and TanStack's
 *     persister) — loaded once an account is signed in, never on /login; idb is the outbox's too,
 *     which would otherwise put it in `shell` and have the cache's chunk load the whole frame;
 *   - `shell`: the signed-in frame — what it imports and the texts it names (`texts` of
 *     features/shell/layout.ts). A group for the home page as well pulled the framework apart (a
 *     107 KiB home chunk loaded by the entry): the home stays Rolldown's own chunk;
 *   - the screens' files, planned from a first build (scripts/vite-screen-chunks.ts): Rolldown's
 *     chunks that the same screens load merged into one file, a screen's start in a handful of
 *     files instead of 30-odd.
 * A chunk shared by several groups must never import, through others, a chunk that imports it: in
 * such a cycle one of them runs before the other has defined what it takes from it (the request
 * client took the error boxes' `showAlert` while it was still undefined), so the build fails on one
 * (`noChunkCycles`). And the heavy libraries (HEAVY_CHUNKS below), each one file named after it that only the routes
 * it declares load: the bench's `routes` part visits every page of the catalogue the administrator
 * may open and breaks when another route loads one; an e2e test checks the modeler's.
 */
import type { Rolldown } from 'vite'
import type { MenuPath } from '../src/contract/catalogue'

type Group = Rolldown.CodeSplittingGroup

/** A heavy library: its own chunk group, and the catalogue pages whose routes may load it. */
export interface HeavyChunk {
  /** Its packages' modules (only theirs: what they share with the app, clsx, stays where the app has it). */
  modules: RegExp
  /**
   * The catalogue pages (the one navigation source, src/contract/catalogue.ts) whose routes may load
   * it: the page's own route and the routes under it (/admin/table-manage/design/<id> is 表格管理's).
   */
  routes: readonly MenuPath[]
  /**
   * Whether the service worker precaches it (vite.config.ts): an editor is for administrators online,
   * not for every tablet's cache; what the home shows is precached, the installed app opens there.
   */
  precache: boolean
}

/**
 * The heavy libraries, by the name their chunk's file starts with (`assets/<name>-<hash>.js`; the
 * screens' wrappers may follow the name with their own: `bpmnModeler-<hash>.js`). Declared here, next
 * to the groups that cut them, so the build, the service worker and the bench read one table.
 */
export const HEAVY_CHUNKS = {
  /** The BPMN modeler and viewer (bpmn-js, diagram-js and their parts): 流程模型管理's modeler (bpmnModeler.ts) and an instance's detail on 流程查询 (bpmnViewer.ts). */
  bpmn: {
    modules:
      /node_modules[\\/](bpmn-js|bpmn-moddle|diagram-js|diagram-js-direct-editing|diagram-js-ui|@bpmn-io|preact|htm|moddle|moddle-xml|didi|ids|min-dash|min-dom|tiny-svg|path-intersection|object-refs|saxen|inherits-browser)[\\/]/,
    routes: ['/admin/process-model-management', '/admin/workflow-query'],
    precache: false,
  },
  /** The sheet designer's spreadsheet (jspreadsheet-ce, its formulas and jSuites, their CSS): the template designer under 表格管理 (tabulation/designer/SheetEditor.tsx). */
  spreadsheet: {
    modules: /node_modules[\\/](jspreadsheet-ce|jsuites|@jspreadsheet[\\/]formula)[\\/]/,
    routes: ['/admin/table-manage'],
    precache: false,
  },
} as const satisfies Record<string, HeavyChunk>

export type HeavyName = keyof typeof HEAVY_CHUNKS

/** The heavy library a built file (`/assets/<file>`) belongs to, by its name; null for any other file. */
export function heavyChunkOf(path: string): HeavyName | null {
  const file = path.slice(path.lastIndexOf('/') + 1)
  for (const name of Object.keys(HEAVY_CHUNKS) as HeavyName[])
    if (new RegExp(`^${name}([A-Z]\\w*)?-[\\w-]+\\.\\w+$`).test(file)) return name
  return null
}

/** Whether `route` (a pathname) may load the heavy library `name`: it is one of the pages it declares, or under one. */
export const mayLoad = (name: HeavyName, route: string): boolean =>
  HEAVY_CHUNKS[name].routes.some((page: string) => route === page || route.startsWith(`${page}/`))

/** React itself: every start runs it, the sign-in page alone too. */
const REACT = /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store)[\\/]/
/** TanStack Router and Query: the console's (the sign-in page alone runs neither). */
const FRAMEWORK = /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store|query-core|react-query)[\\/]/

/**
 * Names `chunk` the modules `start` imports statically, directly or through others (not what it loads
 * with `import()`) — only through modules `within` matches, when given.
 */
function reachedFrom(chunk: string, start: string, within?: RegExp): Group['name'] {
  let reached: Set<string> | null = null
  return (id, ctx) => {
    if (!reached) {
      if (!ctx.getModuleInfo(start)) throw new Error(`vite-chunks: ${start} is not in the build`)
      reached = new Set()
      for (const todo = [start]; todo.length;) {
        const m = todo.pop()!
        if (reached.has(m)) continue
        reached.add(m)
        for (const d of ctx.getModuleInfo(m)?.importedIds ?? []) if (!within || within.test(d)) todo.push(d)
      }
    }
    return reached.has(id) ? chunk : null
  }
}

const TEXTS = /export const texts = \[([^\]]*)\]/

/**
 * The catalogues (in `locales`) a module's code names in `export const texts = [...]`, in a language
 * (`<lang>/<ns>.json`); none if it has no such list. The zh ones go in the chunk of the module that
 * shows them; an en catalogue is a chunk of its own, loaded only when en is shown (src/lib/i18n/messages.ts).
 */
export function namedTexts(code: string, locales: string, lang: 'zh' | 'en' = 'zh'): string[] {
  const list = TEXTS.exec(code)?.[1] ?? ''
  return [...list.matchAll(/['"]([\w-]+)['"]/g)].map(([, ns]) => `${locales}/${lang}/${ns}.json`)
}

/**
 * Names `chunk` a module and the locale modules it names in `export const texts = [...]` (read from
 * its code, so the group follows the module): lazyScreen loads those texts after the module, a
 * third request step before the page painted.
 */
function withTexts(chunk: string, module: string, locales: string): Group['name'] {
  let named: Set<string> | null = null
  return (id, ctx) => {
    if (!named) {
      const code = ctx.getModuleInfo(module)?.code ?? ''
      if (!TEXTS.test(code)) throw new Error(`vite-chunks: ${module} exports no texts list`)
      named = new Set(namedTexts(code, locales))
    }
    return id === module || named.has(id) ? chunk : null
  }
}

/** The first of `names` that names a module's chunk. */
function either(...names: Group['name'][]): Group['name'] {
  return (id, ctx) => {
    for (const name of names) {
      const chunk = typeof name === 'function' ? name(id, ctx) : name
      if (chunk) return chunk
    }
    return null
  }
}

/** The chunks the groups below name (and Rolldown's runtime): a screen plan leaves their modules where they are. */
export const FIXED_CHUNKS = [
  'react',
  'framework',
  'app',
  'login',
  'controls',
  'start',
  'console',
  'persist',
  'shell',
  'rolldown-runtime',
  ...Object.keys(HEAVY_CHUNKS),
]

/**
 * `src`: the absolute path of the console's sources; `screens`: the screens' files planned from a
 * first build (scripts/vite-screen-chunks.ts), none for that first build.
 */
export function chunkGroups(src: string, screens?: ReadonlyMap<string, string>): Group[] {
  const signIn = `${src}/features/auth/LoginPage.tsx`
  const signInStart = `${src}/app/signIn.tsx`
  const consoleStart = `${src}/app/console.tsx`
  const authNav = `${src}/features/auth/nav.tsx`
  const shell = `${src}/features/shell/layout.ts`
  const locales = `${src}/lib/i18n/locales`
  const persist = `${src}/lib/offline/read/persist.ts`
  return [
    // only the editors' own packages: what they share with the app (clsx) stays where the app has it
    ...Object.entries(HEAVY_CHUNKS).map(([name, { modules }]) => ({
      name,
      test: modules,
      priority: 9,
      includeDependenciesRecursively: false,
    })),
    { name: 'react', test: REACT, priority: 8 },
    { name: 'framework', test: FRAMEWORK, priority: 7 },
    { name: 'app', tags: ['$initial'], priority: 6 },
    {
      name: either(reachedFrom('login', signIn, /src[\\/]features[\\/]auth[\\/]/), withTexts('login', signIn, locales)),
      // the public screens' navigation is the console's too (its root provides it): with the controls
      test: (id) => (/src[\\/]features[\\/]auth[\\/]/.test(id) && id !== authNav) || id.startsWith(`${locales}/`),
      includeDependenciesRecursively: false,
      priority: 5,
    },
    { name: 'controls', test: (id) => id === signIn, priority: 4 },
    // each start's own modules, with what they import that no group above took (Rolldown follows a
    // barrel's exports actually used: lucide-react's icons, not the whole barrel)
    { name: reachedFrom('start', signInStart), test: (id) => id.startsWith(src), priority: 3 },
    { name: reachedFrom('console', consoleStart), test: (id) => id.startsWith(src), priority: 2 },
    { name: 'persist', test: (id) => id === persist, priority: 1 },
    { name: withTexts('shell', shell, locales), test: (id) => id === shell || id.startsWith(`${locales}/`), priority: 0 },
    // exactly the modules the plan names (what the first build put in each chunk it merges)
    ...(screens ? [{ name: (id: string) => screens.get(id) ?? null, includeDependenciesRecursively: false, priority: 0 }] : []),
  ]
}

/** A build check: fails when the chunks' static imports form a cycle (see the groups above). */
export function noChunkCycles(): import('vite').Plugin {
  return {
    name: 'trestle-no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>()
      for (const c of Object.values(bundle)) if (c.type === 'chunk') imports.set(c.fileName, c.imports)
      const state = new Map<string, 'open' | 'done'>()
      const visit = (file: string, path: string[]) => {
        if (state.get(file) === 'done') return
        if (state.get(file) === 'open')
          throw new Error(`vite-chunks: chunks import each other in a cycle: ${[...path.slice(path.indexOf(file)), file].join(' → ')}`)
        state.set(file, 'open')
        for (const next of imports.get(file) ?? []) visit(next, [...path, file])
        state.set(file, 'done')
      }
      for (const file of imports.keys()) visit(file, [])
    },
  }
}
