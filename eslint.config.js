import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

/**
 * Import boundaries (DESIGN §5, issue 8):
 * - a feature imports its own files and other features only through their public entries, never
 *   their internals: `index.ts` (`@/features/<x>`: screens and components) and `queries.ts`
 *   (`@/features/<x>/queries`: its query keys and options, light enough for any chunk);
 * - src/lib, src/components and src/contract never import a feature or a route (they are below them);
 * - the gateway imports of the console only the shared contract and the locale texts;
 * - no import cycles (dynamic `import()` counts), in src/ and server/.
 * The app layer (main.tsx, router.tsx, src/app, src/routes) wires features together and may
 * import a feature's entry modules (lazy screens, outbox declarations).
 */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)

const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`, ...features.filter((other) => other !== name).flatMap((other) => [`./${other}/index.ts`, `./${other}/queries.ts`])],
  message: `A feature uses another only through its public entries (@/features/<x> and @/features/<x>/queries), never its internals: move shared code down to src/lib or src/components, or register it (see src/app).`,
}))

/** Sonner loads with the first toast: everything takes `toast` from '@/lib/toast' (the one module that imports it). */
const sonnerPath = {
  name: 'sonner',
  allowTypeImports: true,
  message: "Import toast from '@/lib/toast': it loads Sonner with the first toast instead of with every page.",
}

const linkPath = {
  name: '@tanstack/react-router',
  importNames: ['Link'],
  message: "Import Link from '@/components/link': its hover preloads a page only when the pointer moves.",
}

/**
 * What a signed-in start runs before and just after its first paint (the shell, the home, the outbox's
 * declarations) builds no zod schema: the paths and constants it needs live in zod-free contract
 * modules (contract/endpoints, paths, enums, masks), the schemas load with the screens that check input.
 */
const noSchemas = {
  regex: '^(zod|@/contract|@/contract/rules|@/contract/schemas/.+)$',
  allowTypeImports: true,
  message:
    "Import paths and constants from '@/contract/endpoints', '/paths', '/enums', '/masks'…: a schema module (or the contract's barrel) builds zod schemas on every signed-in start.",
}

/** What the entry's modules (routes, query options, the app layer) must not import: a UI index. */
const entryPaths = [
  { name: '@/lib/crud', message: "Import listSearch from '@/lib/crud/search': the crud index pulls its UI into the entry." },
  { name: '@/lib/project', message: "Import projectOptionsQueryOptions from '@/lib/project/queries'." },
  {
    name: '@/lib/messages',
    message: "Import from '@/lib/messages/queries': the index pulls the bell (and toasts) into the entry.",
  },
  sonnerPath,
  linkPath,
]

const { 'import-x/resolver': _legacyResolver, ...importSettings } = importX.flatConfigs.typescript.settings

export default tseslint.config(
  {
    ignores: ['dist', 'data', 'node_modules', '.tmp', 'src/routeTree.gen.ts', 'test-results', 'playwright-report', 'server/db/migrations'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // .ts/.tsx read with typescript-eslint's parser (import-x's TypeScript preset, without its legacy resolver)
      ...importSettings,
      // understands the `@/` alias of tsconfig.json
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            {
              target: ['./src/lib', './src/components', './src/contract'],
              from: ['./src/features', './src/routes', './src/app'],
              message: 'src/lib, src/components and src/contract are below the features: pass what they need in, or register it.',
            },
            {
              target: './src/contract',
              from: ['./src/lib', './src/components'],
              message: 'The contract is shared with the gateway and imports nothing of the console.',
            },
            { target: './src/features', from: ['./src/routes', './src/app'], message: 'Features do not import the app layer.' },
            {
              target: './server',
              from: './src',
              except: ['./contract', './lib/i18n/locales'],
              message: 'The gateway imports of src/ only the contract and the locale texts.',
            },
          ],
        },
      ],
    },
  },
  {
    // query keys are written once per area (src/features/<area>/queries.ts, @/lib/crud's queryKeys…): none inline elsewhere
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/queries.ts', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: "Write query keys in the area's key factory (src/features/<area>/queries.ts) and use it here.",
        },
        {
          selector:
            "CallExpression[callee.property.name=/^(setQueryData|getQueryData|getQueryState|setQueriesData|getQueriesData)$/][arguments.0.type='ArrayExpression']",
          message: "Write query keys in the area's key factory (src/features/<area>/queries.ts) and use it here.",
        },
        {
          // a control named after a form's own property replaces it (form.nodeName, form.action…) and breaks
          // the submit; <FormField> maps such names itself (src/lib/crud/controlName.ts)
          selector:
            "JSXOpeningElement[name.name=/^(input|select|textarea|button|Input|Textarea)$/] > JSXAttribute[name.name='name'][value.value=/^(nodeName|nodeType|action|method|submit|reset|elements|length|id|name|target|encoding|enctype|acceptCharset|autocomplete|noValidate|title|lang|dir|style|children|attributes)$/]",
          message:
            'This name shadows a property of the form element: name the control through controlName() (src/lib/crud/controlName.ts).',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/toast.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [sonnerPath, linkPath] }] },
  },
  {
    // route files — and the query and outbox modules they and the app layer take — load with the app's
    // entry (/login too): they take the light modules (list search, query options), never a UI index
    // that would pull tables, forms, selects or toasts into every page's first load
    files: ['src/routes/**/*.{ts,tsx}', 'src/features/*/queries.ts', 'src/app/**/*.{ts,tsx}'],
    ignores: ['src/app/outbox.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: entryPaths }] },
  },
  {
    // the outbox's declarations, imported when it starts on every signed-in page
    files: ['src/features/*/offline.ts', 'src/app/outbox.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: entryPaths, patterns: [noSchemas] }] },
  },
  {
    files: ['src/lib/offline/**/*.{ts,tsx}', 'src/lib/messages/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [sonnerPath, linkPath], patterns: [noSchemas] }] },
  },
  {
    // the shell and what every signed-in page loads with it (the header's sync widget, the home):
    // the crud index would bring the list machinery (tables, virtual lists, selects) to every page
    files: ['src/features/shell/**/*.{ts,tsx}', 'src/features/sync/**/*.{ts,tsx}', 'src/features/home/**/*.{ts,tsx}'],
    ignores: ['src/features/*/queries.ts', 'src/features/*/offline.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@/lib/crud',
              message:
                "Import the module you need ('@/lib/crud/confirm', '/errors', '/export'…): the crud index pulls tables and lists into the shell.",
            },
            sonnerPath,
            linkPath,
          ],
          patterns: [noSchemas],
        },
      ],
    },
  },
  {
    // not all of server/: server/db/schema.ts and server/db/schema/*.ts import each other (known, see there).
    // A part loaded on first use may import the module that loads it (the tree's 移动到… dialog shows a
    // tree): by then that module has run, so such a cycle through a dynamic import() is allowed.
    files: ['src/**/*.{ts,tsx}', 'server/modules/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] },
  },
)
