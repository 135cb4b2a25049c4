/**
 * A Vite plugin that leaves zod's JSON Schema generator out of the console build (issue 9: "zod's
 * JSON-schema code out of the console"). zod 4's classic schemas give every schema a
 * `toJSONSchema()` and a Standard-Schema `jsonSchema`, and point each schema type at its processor
 * in `core/json-schema-processors.js` — references no bundler can drop, though the console never
 * turns a schema into JSON Schema (the contract is shared with the gateway only as zod). For the
 * classic schemas only, those two modules are swapped for ones whose processors and methods throw;
 * `aggregateChecks` (behind `.minLength`, `.maxValue` …) is kept from the real module. ~33 KB of
 * minified code less on every page; the gateway (plain Node) is untouched.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'

const PREFIX = '\0zod-without-json-schema:'

export function zodWithoutJsonSchemaPlugin(): Plugin {
  const processorsFile = join(dirname(createRequire(import.meta.url).resolve('zod/v4/core')), 'json-schema-processors.js')
  const exportsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/^export (?:const|function) (\w+)/gm)].map((m) => m[1]!)
  const off = `const off = () => { throw new Error('JSON Schema is not part of the console build (scripts/vite-zod-without-json-schema.ts)') }\n`
  const modules: Record<string, () => string> = {
    processors: () =>
      off +
      `export { aggregateChecks } from ${JSON.stringify(processorsFile)}\n` +
      exportsOf(processorsFile)
        .filter((n) => n !== 'aggregateChecks')
        .map((n) => `export const ${n} = off\n`)
        .join(''),
    // what classic/schemas.js imports from it (another name there fails the build)
    toJsonSchema: () =>
      off + 'export const createToJSONSchemaMethod = () => off\nexport const createStandardJSONSchemaMethod = () => off\n',
  }
  return {
    name: 'trestle-zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/.test(importer)) return null
      if (source === '../core/json-schema-processors.js') return PREFIX + 'processors'
      if (source === '../core/to-json-schema.js') return PREFIX + 'toJsonSchema'
      return null
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null
      const make = modules[id.slice(PREFIX.length)]
      if (!make) throw new Error(`zodWithoutJsonSchemaPlugin: unknown module ${id}`)
      return make()
    },
  }
}
