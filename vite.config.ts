import { fileURLToPath, URL } from 'node:url'
import { build, defineConfig, type PluginOption } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { chunkGroups, FIXED_CHUNKS, HEAVY_CHUNKS, noChunkCycles } from './scripts/vite-chunks'
import { inlineFaviconPlugin } from './scripts/vite-inline-favicon'
import { precompressPlugin } from './scripts/vite-precompress'
import { preloadScreenPlugin } from './scripts/vite-preload-screen'
import { screenPlanPlugin, type ScreenPlan } from './scripts/vite-screen-chunks'
import { zodWithoutJsonSchemaPlugin } from './scripts/vite-zod-without-json-schema'

const gateway = `http://localhost:${process.env.PORT ?? 8080}`
const src = fileURLToPath(new URL('./src', import.meta.url))
/** Set while signed in (src/lib/session: `trestle.<item>` in localStorage, see features/sync/session.ts). */
const SESSION_TOKEN = 'trestle.token'
/** Set in the first of the build's two passes (scripts/vite-screen-chunks.ts). */
const PLANNING = 'TRESTLE_SCREEN_PLAN'

/**
 * The build's first pass: Rolldown's own cut of the same modules, in memory and not minified, read
 * for which chunks each screen loads — the second pass gives each screen one file of its own and
 * puts what several share in one (scripts/vite-screen-chunks.ts).
 */
async function planScreenChunks(): Promise<ScreenPlan> {
  let plan: ScreenPlan | null = null
  process.env[PLANNING] = '1'
  try {
    await build({
      configFile: fileURLToPath(new URL('./vite.config.ts', import.meta.url)),
      logLevel: 'silent',
      build: { write: false, minify: false, sourcemap: false },
      plugins: [
        screenPlanPlugin(
          {
            src,
            home: `${src}/features/home/index.ts`,
            keep: (name) => FIXED_CHUNKS.includes(name),
            // what a screen may load in vain for fewer files: ≈ 6 KiB compressed
            budget: 24_000,
          },
          (p) => (plan = p),
        ),
      ],
    })
  } finally {
    delete process.env[PLANNING]
  }
  if (!plan) throw new Error("vite.config: the first pass made no plan of the screens' files")
  return plan
}

export default defineConfig(async ({ command }) => {
  const planning = process.env[PLANNING] === '1'
  const screens = command === 'build' && !planning ? await planScreenChunks() : undefined
  // what only the written build needs: the service worker, the preload script, the compressed copies
  const output = (plugins: PluginOption[]) => (planning ? [] : plugins)
  return {
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    plugins: [
      tanstackRouter({
        target: 'react',
        routesDirectory: './src/routes',
        generatedRouteTree: './src/routeTree.gen.ts',
        // a route's loader (and the queries and schemas only it imports) is its own chunk, loaded when
        // the route is; screens are already lazy (lazyScreen), so components stay where they are
        autoCodeSplitting: true,
        codeSplittingOptions: { defaultBehavior: [['loader']] },
      }),
      react(),
      zodWithoutJsonSchemaPlugin(),
      // chunks that import each other in a cycle run in the wrong order: the build fails (scripts/vite-chunks.ts)
      noChunkCycles(),
      ...output([
        // these screens' chunks load with the entry, not after it: the sign-in screen (a first visit lands
        // there), and with a session the signed-in frame and the home page (where the installed app opens),
        // and on every page the persisted query cache, which a signed-in start restores before its queries run
        preloadScreenPlugin(
          [
            // a page starts the sign-in page alone (signed out on /login) or the console (src/main.tsx)
            { module: `${src}/app/signIn.tsx`, paths: ['/login'], unlessStored: SESSION_TOKEN },
            { module: `${src}/features/auth/LoginPage.tsx`, paths: ['/login'], unlessStored: SESSION_TOKEN },
            { module: `${src}/app/console.tsx`, paths: ['/'], notPaths: ['/login'] },
            { module: `${src}/app/console.tsx`, paths: ['/login'], whenStored: SESSION_TOKEN },
            { module: `${src}/lib/offline/read/persist.ts`, paths: ['/'], whenStored: SESSION_TOKEN },
            { module: `${src}/features/shell/layout.ts`, paths: ['/admin/'], whenStored: SESSION_TOKEN },
            { module: `${src}/features/home/index.ts`, paths: ['/admin/home', '/admin/index'], whenStored: SESSION_TOKEN },
          ],
          `${src}/lib/i18n/locales`,
          `${src}/lib/i18n/entryEn.ts`,
          'trestle.locale',
        ),
        inlineFaviconPlugin('/icons/favicon.svg'),
        VitePWA({
          strategies: 'injectManifest',
          srcDir: 'src',
          filename: 'sw.ts',
          registerType: 'prompt',
          injectRegister: false,
          manifest: false,
          injectManifest: {
            globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
            // the heavy editors (scripts/vite-chunks.ts HEAVY_CHUNKS, `precache: false`) are for administrators online, not for every tablet's cache
            globIgnores: Object.entries(HEAVY_CHUNKS)
              .filter(([, heavy]) => !heavy.precache)
              .map(([name]) => `**/${name}*`),
            maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
          },
          devOptions: { enabled: false },
        }),
        // .br and .gz next to every compressible file, after the service worker is written
        precompressPlugin(),
      ]),
    ],
    server: {
      port: 5173,
      proxy: { '/api': { target: gateway, changeOrigin: false } },
    },
    build: {
      outDir: 'dist',
      sourcemap: false,
      chunkSizeWarningLimit: 800,
      rolldownOptions: {
        output: {
          // the framework, the rest of the entry, the sign-in screen and its controls: a few files, not dozens
          codeSplitting: { groups: chunkGroups(src, screens) },
        },
      },
    },
  }
})
