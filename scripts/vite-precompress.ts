/**
 * A Vite plugin that writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) next to every
 * compressible file of the build larger than 1 KiB, once everything else (the service worker of
 * vite-plugin-pwa included) is written. The gateway serves them with `preCompressed: true`
 * (server/plugins/compression.ts), so static files cost no compression work per request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/
const MIN_BYTES = 1024

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  )
}

/** Writes the .br and .gz of every compressible file under `dir`; returns how many files. */
export function precompress(dir: string): number {
  let n = 0
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue
    const data = readFileSync(file)
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
    )
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }))
    n++
  }
  return n
}

export function precompressPlugin(): Plugin {
  let outDir = 'dist'
  let skip = false
  return {
    name: 'trestle-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
      skip = !!config.build.ssr
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (skip) return
        precompress(outDir)
      },
    },
  }
}
