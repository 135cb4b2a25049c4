/** server/modules/files/inspect: images read to their end, PDFs without scripts. */
import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { JPG, PDF, png } from '../../../tests/api/files-fixtures'
import { inspectFile, jpegComplete, pngComplete } from './inspect'

const HTML = Buffer.from('<!doctype html><script>alert(document.domain)</script>')

/** A PDF of the given objects (`n 0 obj … endobj`), with its trailer. */
function pdf(...objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  objects.forEach((o, i) => parts.push(Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(o), Buffer.from('\nendobj\n')))
  parts.push(Buffer.from('trailer\n<</Root 1 0 R>>\nstartxref\n0\n%%EOF\n'))
  return Buffer.concat(parts)
}
const stream = (dict: string, data: Buffer) =>
  Buffer.concat([Buffer.from(`<<${dict}/Length ${data.length}>>\nstream\n`), data, Buffer.from('\nendstream')])

describe('images', () => {
  it('takes complete PNGs and JPEGs (also a JPEG followed by its MPF image)', () => {
    expect(pngComplete(png())).toBe(true)
    expect(pngComplete(png(300, 2))).toBe(true)
    expect(jpegComplete(JPG)).toBe(true)
    const full = Buffer.concat([JPG, Buffer.from([0x12, 0x34, 0xff, 0xd9])])
    expect(jpegComplete(full)).toBe(true)
    expect(jpegComplete(Buffer.concat([full, full]))).toBe(true)
  })

  it('refuses a signature followed by HTML, bytes after the end, a broken chunk or segment', async () => {
    const image = png()
    expect(pngComplete(Buffer.concat([image.subarray(0, 8), HTML]))).toBe(false)
    expect(pngComplete(Buffer.concat([image, HTML]))).toBe(false)
    expect(pngComplete(image.subarray(0, image.length - 12))).toBe(false) // no IEND
    const badCrc = Buffer.from(image)
    badCrc[20] = (badCrc[20]! + 1) & 0xff
    expect(pngComplete(badCrc)).toBe(false)
    expect(jpegComplete(Buffer.concat([JPG.subarray(0, 3), HTML]))).toBe(false)
    const full = Buffer.concat([JPG, Buffer.from([0xff, 0xd9])])
    expect(jpegComplete(Buffer.concat([full, HTML]))).toBe(false)
    expect(jpegComplete(JPG.subarray(0, 40))).toBe(false) // cut inside a segment, no scan
    expect(await inspectFile('png', Buffer.concat([image.subarray(0, 8), HTML]))).toEqual({
      zh: '文件内容不是完整有效的 PNG 图片',
      en: 'The file is not a complete, valid PNG image',
    })
  })
})

describe('PDF', () => {
  const SCRIPT = {
    zh: '不接受含脚本（JavaScript）或启动程序动作的 PDF',
    en: 'PDF files with scripts (JavaScript) or launch actions are not accepted',
  }

  it('takes a plain PDF, also with binary streams and names in strings', async () => {
    expect(await inspectFile('pdf', PDF)).toBeNull()
    const binary = Buffer.from('xx/JS yy/JavaScript (endstream', 'latin1')
    const doc = pdf('<</Type/Catalog/Title (a /JS b)>>', stream('/Subtype/Image', binary))
    expect(await inspectFile('pdf', doc)).toBeNull()
  })

  it('refuses scripts however they are spelt or packed', async () => {
    const action = '<</S/JavaScript/JS (app.alert(1))>>'
    for (const doc of [
      pdf('<</Type/Catalog/OpenAction 2 0 R>>', action),
      pdf('<</Type/Catalog/AA <</O 2 0 R>>>>', '<</S/J#61vaScript/J#53 (x)>>'),
      pdf('<</Type/Catalog/Names <</JavaScript 2 0 R>>>>', '<<>>'),
      pdf('<</Type/Catalog/OpenAction <</S/Launch/F (calc.exe)>>>>'),
      pdf('<</Type/Catalog>>', stream('/Type/ObjStm/N 1/First 4/Filter/FlateDecode', deflateSync(Buffer.from(`3 0 ${action}`)))),
    ])
      expect(await inspectFile('pdf', doc)).toEqual(SCRIPT)
  })

  it('refuses a PDF signature followed by HTML and object streams it cannot read', async () => {
    expect(await inspectFile('pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), HTML]))).toMatchObject({
      en: 'The file is not a complete, valid PDF',
    })
    expect(await inspectFile('pdf', Buffer.from('%PDF-<html><body>x</body></html>\n%%EOF'))).toMatchObject({
      zh: '文件内容不是完整有效的 PDF',
    })
    const hidden = pdf('<</Type/Catalog>>', stream('/Type/ObjStm/N 1/First 4/Filter/LZWDecode', Buffer.from('whatever')))
    expect(await inspectFile('pdf', hidden)).toMatchObject({ en: expect.stringContaining('cannot be checked') })
    const garbled = pdf('<</Type/Catalog>>', stream('/Type/ObjStm/N 1/First 4/Filter/FlateDecode', Buffer.from('not deflate')))
    expect(await inspectFile('pdf', garbled)).toMatchObject({ en: expect.stringContaining('cannot be checked') })
  })
})
