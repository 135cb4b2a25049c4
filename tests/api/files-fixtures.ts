/** Tiny real files (valid JPG, PNG, PDF; HTML and an executable to refuse) and multipart uploads, for the API tests. */
import { randomBytes } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'
import type { FileRow } from '../../server/modules/files/storage'
import { newKey, type Answer, type Client } from './client'

export const UPLOAD = '/api/portal/v1/userCommonFile/upload'
export const LIST_BY_IDS = '/api/portal/v1/userCommonFile/listByIds'

export interface FileInfo {
  fileId: string
  purpose: string
  originalName: string
  mime: string
  size: number
  sha256: string
  url: string
}

/** A valid 1×1 JPEG (baseline, greyscale). */
export const JPG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
)

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body) >>> 0)
  return Buffer.concat([len, body, crc])
}

/** A valid w×h RGB PNG of one colour. */
export function png(w = 4, h = 4, rgb: [number, number, number] = [30, 120, 200]): Buffer {
  const raw = Buffer.alloc((w * 3 + 1) * h)
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set(rgb, y * (w * 3 + 1) + 1 + x * 3)
  return pngOf(w, h, raw)
}

/** A valid w×h RGB PNG of random pixels: it does not compress, so it is about w·h·3 bytes. */
export function noisyPng(w: number, h: number): Buffer {
  const raw = randomBytes((w * 3 + 1) * h)
  for (let y = 0; y < h; y++) raw[y * (w * 3 + 1)] = 0 // each row's filter: none
  return pngOf(w, h, raw)
}

function pngOf(w: number, h: number, raw: Buffer): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(w, 0)
  ihdr.writeUInt32BE(h, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)
export const HTML = Buffer.from('<!doctype html><script>alert(1)</script>')
export const EXE = Buffer.concat([Buffer.from('MZ'), randomBytes(200)])

/** TRESTLE_PACKAGE_MAX_MB of the gateways the tests share (global-setup.ts). */
export const PACKAGE_MAX_MB = 3

/** An installer package of `size` bytes: a ZIP's signature (an APK or IPA by its name), an MSI's (OLE) or an EXE's. */
export function packageBytes(size: number, kind: 'zip' | 'msi' | 'exe' = 'zip'): Buffer {
  const head = { zip: [0x50, 0x4b, 0x03, 0x04], msi: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], exe: [0x4d, 0x5a] }[kind]
  const bytes = randomBytes(size)
  bytes.set(head, 0)
  return bytes
}

/** A multipart/form-data body: fields first, then the file part `file`. */
export function multipart(file: { name: string; type: string; bytes: Buffer } | null, fields: Record<string, string> = {}) {
  const boundary = `----trestle${randomBytes(8).toString('hex')}`
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    )
    parts.push(file.bytes, Buffer.from('\r\n'))
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` }
}

export function upload(c: Client, purpose: string, name: string, type: string, bytes: Buffer): Promise<Answer<FileInfo>> {
  return c.call<FileInfo>('POST', UPLOAD, {
    query: { purpose },
    raw: multipart({ name, type, bytes }),
    unsignedPayload: true,
    idempotencyKey: newKey(),
  })
}

/** A file row of a photo in a store, for tests of the stores themselves (a new id unless given). */
export const storedRow = (store: FileRow['store'], size: number, fileId = `t${randomBytes(8).toString('hex')}`): FileRow => ({
  fileId,
  purpose: 'photo',
  originalName: 'x.png',
  mime: 'image/png',
  size,
  sha256: '-',
  storagePath: `2026/11/${fileId}`,
  store,
  organizationId: null,
  createBy: null,
  createTime: new Date(),
})
