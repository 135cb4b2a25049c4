/**
 * Compression and caching (issue 9): the console's hashed files are sent precompressed (brotli or
 * gzip, as the client accepts; written at build by scripts/vite-precompress.ts) and cached for a
 * year as immutable, index.html and sw.js are revalidated, and API answers above 1 KiB are
 * compressed as the client asks. A gateway of its own serves a console folder made here with the
 * build's own precompress step.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompress } from '../../scripts/vite-precompress'
import { startGateway, type Gateway } from '../support/gateway'
import { Client } from './client'
import { signedHeaders } from '../../bench/load'
import { MENU_BY_PERMISSION } from './helpers'

interface Raw {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** A GET that shows the bytes as sent (no decompression by the client). */
function rawGet(base: string, pathAndQuery: string, headers: Record<string, string>): Promise<Raw> {
  const u = new URL(base)
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: pathAndQuery, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

const decode = (r: Raw) =>
  (r.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(r.body)
    : r.headers['content-encoding'] === 'gzip'
      ? gunzipSync(r.body)
      : r.body
  ).toString()

const ASSET = 'assets/index-B7xQ2mZk.js'
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}]\n`

describe('compression and caching', () => {
  let dist: string
  let gw: Gateway

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'trestle-dist-'))
    mkdirSync(path.join(dist, 'assets'))
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head><script type="module" src="/${ASSET}"></script></head><body><div id="root"></div></body></html>`,
    )
    writeFileSync(path.join(dist, 'sw.js'), `self.addEventListener('fetch', () => {})\n${'// service worker\n'.repeat(100)}`)
    writeFileSync(path.join(dist, ASSET), SCRIPT)
    expect(precompress(dist)).toBeGreaterThanOrEqual(2)
    gw = await startGateway('compress', { TRESTLE_SERVE_DIST: dist })
  })

  afterAll(async () => {
    await gw?.stop()
    if (dist) rmSync(dist, { recursive: true, force: true })
  })

  it('a hashed asset: brotli when accepted, gzip when only that is, plain otherwise — cached for a year as immutable', async () => {
    const br = await rawGet(gw.url, `/${ASSET}`, { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.body.length).toBeLessThan(SCRIPT.length / 4)
    expect(decode(br)).toBe(SCRIPT)

    const gz = await rawGet(gw.url, `/${ASSET}`, { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(decode(gz)).toBe(SCRIPT)

    const plain = await rawGet(gw.url, `/${ASSET}`, {})
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(SCRIPT)
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('index.html (also as the fallback of a console route) and sw.js are revalidated on every use', async () => {
    for (const p of ['/', '/admin/home', '/sw.js']) {
      const r = await rawGet(gw.url, p, { accept: 'text/html', 'accept-encoding': 'br' })
      expect(r.status, p).toBe(200)
      expect(r.headers['cache-control'], p).toBe('no-cache')
    }
    const sw = await rawGet(gw.url, '/sw.js', { 'accept-encoding': 'br' })
    expect(sw.headers['content-encoding']).toBe('br')
    expect(decode(sw)).toContain("self.addEventListener('fetch'")
  })

  it('an API answer above 1 KiB is compressed as asked and reads the same; a small one is sent plain', async () => {
    const admin = await new Client(gw.url).signIn('admin', gw.adminPassword)
    const query = 'appCode=trestle-admin&sortBy=sort&desc=false'
    const answers: Record<string, string> = {}
    for (const enc of ['br', 'gzip', 'identity']) {
      const r = await rawGet(gw.url, `${MENU_BY_PERMISSION}?${query}`, {
        ...signedHeaders(admin, MENU_BY_PERMISSION, query),
        'accept-encoding': enc,
      })
      expect(r.status).toBe(200)
      expect(r.headers['content-encoding']).toBe(enc === 'identity' ? undefined : enc)
      expect(r.headers['cache-control']).toBe('no-store')
      const text = decode(r)
      expect(JSON.parse(text).code).toBe(10000)
      expect(text.length).toBeGreaterThan(1024)
      if (enc !== 'identity') expect(r.body.length).toBeLessThan(text.length / 2)
      answers[enc] = text
    }
    expect(answers.br).toBe(answers.identity)
    expect(answers.gzip).toBe(answers.identity)

    const small = await rawGet(gw.url, '/api/auth/v1/generalAccount/getPubKey?appCode=nope', { 'accept-encoding': 'br' })
    expect(small.body.length).toBeLessThan(1024)
    expect(small.headers['content-encoding']).toBeUndefined()
  })
})
