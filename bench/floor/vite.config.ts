/** The stack's floor page (bench/floor/main.tsx), built into BENCH_FLOOR_OUT with .br/.gz as the console's files. */
import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { precompressPlugin } from '../../scripts/vite-precompress'

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompressPlugin()],
  logLevel: 'warn',
  build: { outDir: process.env.BENCH_FLOOR_OUT ?? 'dist-floor', emptyOutDir: true, sourcemap: false },
})
