/**
 * What an upload's bytes are beyond their first bytes (sniffKind): the structure is read to the end.
 *
 *   const text = await inspectFile('png', bytes)   // null, or why it is refused ({ zh, en })
 *
 * - PNG: the signature, IHDR first (valid size, depth and colour type), every chunk within the file
 *   with its CRC, at least one IDAT, IEND last with nothing after it.
 * - JPEG: SOI, every marker segment within the file, a frame (SOF) before the first scan, the
 *   entropy-coded data of each scan (0xFF only before 0x00, RSTn or the next marker), EOI; after EOI
 *   only padding or further complete JPEGs (the MPF images of phones). A file that ends inside its
 *   last scan is accepted as decoders show it (a partial image), not as anything else.
 * - PDF: `%PDF-1.x`/`2.x`, `%%EOF` in the last 1 KiB, then every object read by a tokenizer (strings,
 *   comments and stream data skipped, names with #xx escapes decoded) including the objects packed
 *   in object streams (FlateDecode, inflated with a bound). The names /JavaScript and /JS (a script
 *   action, wherever it hangs: /OpenAction, /AA, the /Names tree) and /Launch are refused; an object
 *   stream that cannot be read (encrypted, another filter) is refused as uninspectable.
 * Only these images are served inline (files/routes.ts); everything else is an attachment.
 */
import { crc32, inflate } from 'node:zlib'
import { promisify } from 'node:util'
import type { FileKind } from '../../../src/contract/schemas/files'
import type { Text } from '../../lib/http'
import texts from './texts.json'

const inflateAsync = promisify(inflate)

/** The kinds checked completely here, served inline as images. */
export const IMAGE_KINDS: readonly FileKind[] = ['jpg', 'png']

const NOT_IMAGE = (kind: string): Text => ({
  zh: `文件内容不是完整有效的 ${kind} 图片`,
  en: `The file is not a complete, valid ${kind} image`,
})

export async function inspectFile(kind: FileKind, bytes: Buffer): Promise<Text | null> {
  switch (kind) {
    case 'png':
      return pngComplete(bytes) ? null : NOT_IMAGE('PNG')
    case 'jpg':
      return jpegComplete(bytes) ? null : NOT_IMAGE('JPG')
    case 'pdf': {
      const verdict = await pdfVerdict(bytes)
      return verdict === 'ok'
        ? null
        : verdict === 'script'
          ? texts.inspect.pdfScript
          : verdict === 'unreadable'
            ? texts.inspect.pdfUnreadable
            : texts.inspect.notPdf
    }
    case 'xlsx':
      // read by the imports, within their bounds (server/lib/xlsxBounds.ts); served as an attachment
      return null
    default:
      // installer packages: streamed to the store, never run or opened here; served as an attachment
      return null
  }
}

// ---- PNG -----------------------------------------------------------------------------------

const PNG_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] }
const PNG_CRITICAL = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND'])

export function pngComplete(b: Buffer): boolean {
  if (b.length < 8 || b.readUInt32BE(0) !== 0x89504e47 || b.readUInt32BE(4) !== 0x0d0a1a0a) return false
  let p = 8
  let idat = false
  while (p + 12 <= b.length) {
    const length = b.readUInt32BE(p)
    const type = b.toString('latin1', p + 4, p + 8)
    if (length > 0x7fffffff || p + 12 + length > b.length || !/^[A-Za-z]{4}$/.test(type)) return false
    if (crc32(b.subarray(p + 4, p + 8 + length)) >>> 0 !== b.readUInt32BE(p + 8 + length)) return false
    if ((p === 8) !== (type === 'IHDR')) return false
    if (type === 'IHDR') {
      const width = b.readUInt32BE(p + 8)
      const height = b.readUInt32BE(p + 12)
      const depth = b[p + 16]!
      const colour = b[p + 17]!
      const ok = length === 13 && width > 0 && height > 0 && width <= 0x7fffffff && height <= 0x7fffffff
      if (!ok || !PNG_DEPTHS[colour]?.includes(depth) || b[p + 18] !== 0 || b[p + 19] !== 0 || b[p + 20]! > 1) return false
    }
    // an unknown critical chunk (upper-case first letter) is one no decoder may skip
    if (type.charCodeAt(0) < 0x61 && !PNG_CRITICAL.has(type)) return false
    if (type === 'IDAT') idat = true
    p += 12 + length
    if (type === 'IEND') return length === 0 && idat && p === b.length
  }
  return false
}

// ---- JPEG ----------------------------------------------------------------------------------

const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc
const isRst = (m: number) => m >= 0xd0 && m <= 0xd7

/** The offset after one JPEG starting at `start` (after its EOI, or the end of a last scan cut short), or -1. */
function jpegEnd(b: Buffer, start: number): number {
  if (b[start] !== 0xff || b[start + 1] !== 0xd8) return -1
  let p = start + 2
  let frame = false
  let scanned = false
  while (p < b.length) {
    if (b[p] !== 0xff) return -1
    while (b[p + 1] === 0xff) p++ // fill bytes
    const marker = b[p + 1]
    if (marker === undefined) return -1
    p += 2
    if (marker === 0xd9) return scanned ? p : -1
    if (marker === 0x00 || marker === 0x01 || marker === 0xd8 || isRst(marker) || p + 2 > b.length) return -1
    const length = b.readUInt16BE(p)
    if (length < 2 || p + length > b.length) return -1
    if (isSof(marker)) {
      const components = b[p + 7] ?? 0
      if (frame || length !== 8 + 3 * components || components < 1 || b.readUInt16BE(p + 5) === 0) return -1
      frame = true
    }
    if (marker !== 0xda) {
      p += length
      continue
    }
    const components = b[p + 2] ?? 0
    if (!frame || components < 1 || length !== 6 + 2 * components) return -1
    p += length
    // entropy-coded data up to the next marker
    for (;;) {
      const ff = b.indexOf(0xff, p)
      if (ff < 0 || ff + 1 >= b.length) return b.length
      const next = b[ff + 1]!
      p = ff
      if (next !== 0x00 && !isRst(next)) break
      p = ff + 2
    }
    scanned = true
  }
  return scanned ? p : -1
}

export function jpegComplete(b: Buffer): boolean {
  let p = 0
  for (let images = 0; images < 16; images++) {
    p = jpegEnd(b, p)
    if (p < 0) return false
    while (p < b.length && b[p] === 0x00) p++
    if (p === b.length) return true
  }
  return false
}

// ---- PDF -----------------------------------------------------------------------------------

type PdfVerdict = 'ok' | 'script' | 'broken' | 'unreadable'

/** Names that make a PDF run something: a script action (/S /JavaScript, /JS), a name tree of scripts, a program launch. */
const PDF_ACTIVE = new Set(['JavaScript', 'JS', 'Launch'])
/** Uncompressed bytes of object streams read per file, at most. */
const OBJECT_STREAM_BYTES = 64 * 1024 * 1024

const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20])
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25])
const regular = (c: number | undefined) => c !== undefined && !WHITE.has(c) && !DELIMITERS.has(c)

type Token = { name: string } | { word: string }

/** The objects of `b` token by token; object streams (`/Type /ObjStm`) are collected in `objectStreams`. */
function pdfScan(b: Buffer, objectStreams: { filters: string[]; params: boolean; data: Buffer }[] | null): PdfVerdict {
  let tokens: Token[] = []
  let i = 0
  while (i < b.length) {
    const c = b[i]!
    if (WHITE.has(c)) i++
    else if (c === 0x25) {
      while (i < b.length && b[i] !== 0x0a && b[i] !== 0x0d) i++
    } else if (c === 0x28) {
      let depth = 0
      for (; i < b.length; i++) {
        if (b[i] === 0x5c) i++
        else if (b[i] === 0x28) depth++
        else if (b[i] === 0x29 && --depth === 0) break
      }
      if (i >= b.length) return 'broken'
      i++
    } else if (c === 0x3c && b[i + 1] === 0x3c) i += 2
    else if (c === 0x3c) {
      const end = b.indexOf(0x3e, i)
      if (end < 0) return 'broken'
      i = end + 1
    } else if (c === 0x2f) {
      let j = i + 1
      while (regular(b[j])) j++
      const name = b.toString('latin1', i + 1, j).replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
      if (PDF_ACTIVE.has(name)) return 'script'
      tokens.push({ name })
      i = j
    } else if (regular(c)) {
      let j = i + 1
      while (regular(b[j])) j++
      const word = b.toString('latin1', i, j)
      i = j
      if (word === 'obj' || word === 'endobj') tokens = []
      else if (word === 'stream') {
        if (b[i] === 0x0d) i++
        if (b[i] === 0x0a) i++
        const end = streamEnd(b, i, tokens)
        if (!end) return 'broken'
        const names = tokens.flatMap((t) => ('name' in t ? [t.name] : []))
        if (objectStreams && names.includes('ObjStm'))
          objectStreams.push({
            filters: names.filter((n) => n.endsWith('Decode') || n === 'Crypt'),
            params: names.includes('DecodeParms') || names.includes('DP'),
            data: b.subarray(i, end.data),
          })
        i = end.keyword + 'endstream'.length
        tokens = []
      } else tokens.push({ word })
    } else i++
  }
  return 'ok'
}

/** Where a stream's data ends (its direct /Length when `endstream` follows there, else before the first `endstream`) and where `endstream` is. */
function streamEnd(b: Buffer, start: number, tokens: Token[]): { data: number; keyword: number } | null {
  const at = tokens.findIndex((t) => 'name' in t && t.name === 'Length')
  const value = tokens[at + 1]
  const indirect = tokens[at + 3]
  if (at >= 0 && value && 'word' in value && /^\d+$/.test(value.word) && !(indirect && 'word' in indirect && indirect.word === 'R')) {
    const data = start + Number(value.word)
    let keyword = data
    while (WHITE.has(b[keyword] ?? -1)) keyword++
    if (b.toString('latin1', keyword, keyword + 9) === 'endstream') return { data, keyword }
  }
  const keyword = b.indexOf('endstream', start, 'latin1')
  if (keyword < 0) return null
  let data = keyword
  while (data > start && (b[data - 1] === 0x0a || b[data - 1] === 0x0d)) data--
  return { data, keyword }
}

async function pdfVerdict(b: Buffer): Promise<PdfVerdict> {
  if (!/^%PDF-[12]\.\d/.test(b.toString('latin1', 0, 8))) return 'broken'
  if (!b.subarray(Math.max(0, b.length - 1024)).includes('%%EOF', 0, 'latin1')) return 'broken'
  const objectStreams: { filters: string[]; params: boolean; data: Buffer }[] = []
  const top = pdfScan(b, objectStreams)
  if (top !== 'ok') return top
  let budget = OBJECT_STREAM_BYTES
  for (const s of objectStreams) {
    if (s.params || s.filters.some((f) => f !== 'FlateDecode') || s.filters.length > 1) return 'unreadable'
    const data = s.filters.length === 0 ? s.data : await inflateAsync(s.data, { maxOutputLength: Math.max(1, budget) }).catch(() => null)
    if (!data) return 'unreadable'
    budget -= data.length
    const inner = pdfScan(data, null)
    if (inner !== 'ok') return inner
  }
  return 'ok'
}
