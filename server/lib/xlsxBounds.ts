/**
 * The bounds of an xlsx import, checked before the workbook is parsed (DESIGN §3 "Imports"):
 *
 *   const refusal = await checkWorkbookBounds(buffer, { maxRows: 20_000, maxCells: 500_000, maxBytes: 50 << 20 })
 *   // null, or { reason: 'unreadable' | 'bytes' | 'rows' | 'cells', max }
 *
 * 1. The zip's central directory: every part's declared uncompressed size, summed (`maxBytes`);
 *    encrypted parts, zip64, other methods than stored/deflate and repeated names are unreadable.
 * 2. Every part is inflated (off the main thread, streamed) and may not grow past its declared size,
 *    so the parser later reads no more than step 1 allowed.
 * 3. Each worksheet's `<dimension>` (the used range, before its rows) and then its `<row>` and
 *    `<c>` elements, counted as they stream by: the check stops at the first bound crossed.
 *    Rows are data rows: one header row per worksheet is not counted.
 */
import { createInflateRaw, inflateRaw } from 'node:zlib'
import { promisify } from 'node:util'

export interface ImportBounds {
  /** Data rows of all worksheets together (TRESTLE_IMPORT_MAX_ROWS). */
  maxRows: number
  /** Cells of all worksheets together (TRESTLE_IMPORT_MAX_CELLS). */
  maxCells: number
  /** Uncompressed size of all the workbook's parts (TRESTLE_IMPORT_MAX_BYTES). */
  maxBytes: number
}

export type BoundsRefusal = { reason: 'unreadable' } | { reason: 'bytes' | 'rows' | 'cells'; max: number }

interface ZipEntry {
  name: string
  method: number
  size: number
  data: Buffer
}

const inflateRawAsync = promisify(inflateRaw)

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50
const STORED = 0
const DEFLATE = 8

/** The entries of a zip by its central directory, or null when it is not one we read. */
export function zipEntries(buf: Buffer): ZipEntry[] | null {
  let eocd = -1
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--)
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i
      break
    }
  if (eocd < 0) return null
  const count = buf.readUInt16LE(eocd + 10)
  const dirSize = buf.readUInt32LE(eocd + 12)
  const dirStart = buf.readUInt32LE(eocd + 16)
  if (buf.readUInt16LE(eocd + 4) !== 0 || count === 0xffff || dirStart + dirSize > eocd) return null
  const entries: ZipEntry[] = []
  const names = new Set<string>()
  let p = dirStart
  for (let n = 0; n < count; n++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== CENTRAL) return null
    const flags = buf.readUInt16LE(p + 8)
    const method = buf.readUInt16LE(p + 10)
    const compressed = buf.readUInt32LE(p + 20)
    const size = buf.readUInt32LE(p + 24)
    const nameLength = buf.readUInt16LE(p + 28)
    const local = buf.readUInt32LE(p + 42)
    const name = buf.toString('utf8', p + 46, p + 46 + nameLength)
    p += 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32)
    // encrypted, zip64 (sizes or offsets of 0xffffffff), another method, the same part twice
    if (flags & 1 || compressed === 0xffffffff || size === 0xffffffff || local === 0xffffffff) return null
    if ((method !== STORED && method !== DEFLATE) || (method === STORED && compressed !== size) || names.has(name)) return null
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL) return null
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28)
    if (start + compressed > buf.length) return null
    names.add(name)
    entries.push({ name, method, size, data: buf.subarray(start, start + compressed) })
  }
  return p > eocd ? null : entries
}

const isWorksheet = (name: string) => /^xl\/worksheets\/[^/]+\.xml$/i.test(name)

/** `A1:Y20001` → rows and columns spanned. */
function span(ref: string): { rows: number; cols: number } | null {
  const m = /^([A-Z]{1,3})(\d{1,7})(?::([A-Z]{1,3})(\d{1,7}))?$/.exec(ref)
  if (!m) return null
  const col = (s: string) => [...s].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0)
  const rows = Math.abs(Number(m[4] ?? m[2]) - Number(m[2])) + 1
  const cols = Math.abs(col(m[3] ?? m[1]!) - col(m[1]!)) + 1
  return { rows, cols }
}

/** Element names counted in a worksheet (any namespace prefix); `<c` is a cell, not `<cols>` or `<cfRule>`. */
const ELEMENT = /<(?:[\w.-]+:)?(row|c|dimension|sheetData)[\s/>]/g
const REF = /\bref\s*=\s*["']([^"']*)["']/

class BoundsError extends Error {
  constructor(public readonly refusal: BoundsRefusal) {
    super(refusal.reason)
  }
}

/** The chunks of an entry's uncompressed bytes; more than its declared size is refused. */
async function* chunks(entry: ZipEntry): AsyncGenerator<Buffer> {
  if (entry.method === STORED) {
    for (let i = 0; i < entry.data.length; i += 1 << 16) yield entry.data.subarray(i, i + (1 << 16))
    return
  }
  const inflater = createInflateRaw()
  inflater.end(entry.data)
  let seen = 0
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      seen += chunk.length
      if (seen > entry.size) throw new BoundsError({ reason: 'unreadable' })
      yield chunk
    }
  } finally {
    inflater.destroy()
  }
  if (seen !== entry.size) throw new BoundsError({ reason: 'unreadable' })
}

/** Null when the workbook is within the bounds, else why not. */
export async function checkWorkbookBounds(buf: Buffer, bounds: ImportBounds): Promise<BoundsRefusal | null> {
  const entries = zipEntries(buf)
  if (!entries) return { reason: 'unreadable' }
  if (entries.reduce((n, e) => n + e.size, 0) > bounds.maxBytes) return { reason: 'bytes', max: bounds.maxBytes }
  let rows = 0
  let cells = 0
  const over = (): BoundsRefusal | null =>
    rows > bounds.maxRows
      ? { reason: 'rows', max: bounds.maxRows }
      : cells > bounds.maxCells
        ? { reason: 'cells', max: bounds.maxCells }
        : null
  try {
    for (const entry of entries) {
      if (!isWorksheet(entry.name)) {
        if (entry.method === DEFLATE) {
          const out = await inflateRawAsync(entry.data, { maxOutputLength: Math.max(1, entry.size) }).catch(() => null)
          if (!out || out.length !== entry.size) return { reason: 'unreadable' }
        }
        continue
      }
      let sheetRows = 0
      let inData = false
      let carry = ''
      for await (const chunk of chunks(entry)) {
        const text = carry + chunk.toString('latin1')
        // an element name cut at the chunk's end is read with the next chunk
        const cut = text.lastIndexOf('<')
        const end = cut >= 0 && text.length - cut < 128 ? cut : text.length
        carry = text.slice(end)
        for (const m of text.slice(0, end).matchAll(ELEMENT)) {
          if (m[1] === 'row') {
            if (sheetRows++ > 0) rows++
          } else if (m[1] === 'c') cells++
          else if (m[1] === 'sheetData') inData = true
          else if (!inData) {
            const used = span(REF.exec(text.slice(m.index, m.index + 200))?.[1] ?? '')
            // the used range of the sheet: its rows and cells are coming, refuse them now
            if (used && rows + used.rows - 1 > bounds.maxRows) return { reason: 'rows', max: bounds.maxRows }
            if (used && cells + used.rows * used.cols > bounds.maxCells) return { reason: 'cells', max: bounds.maxCells }
          }
        }
        const refusal = over()
        if (refusal) return refusal
      }
    }
  } catch (err) {
    if (err instanceof BoundsError) return err.refusal
    return { reason: 'unreadable' }
  }
  return null
}
