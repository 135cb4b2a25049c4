/**
 * Workbooks written part by part (our own zip), for the import bounds: a small file that expands to
 * a million rows, parts that lie about their size, sheets with or without `<dimension>`.
 *
 *   workbook([{ name: '导入模板', xml: sheetXml(rowsXml([['角色名称'], ['甲']])) }])   // what exceljs reads
 *   bomb(1_000_000)                                                                 // ~0.1 MB, 26 MB of rows
 */
import { crc32, deflateRawSync } from 'node:zlib'

export interface Part {
  name: string
  data: Buffer | string
  /** The uncompressed size the zip claims (default: the true one). */
  declaredSize?: number
}

export function zip(parts: Part[]): Buffer {
  const locals: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const part of parts) {
    const name = Buffer.from(part.name)
    const data = Buffer.from(part.data)
    const body = deflateRawSync(data)
    const size = part.declaredSize ?? data.length
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(crc32(data) >>> 0, 14)
    local.writeUInt32LE(body.length, 18)
    local.writeUInt32LE(size, 22)
    local.writeUInt16LE(name.length, 26)
    const entry = Buffer.alloc(46)
    entry.writeUInt32LE(0x02014b50, 0)
    entry.writeUInt16LE(20, 4)
    entry.writeUInt16LE(20, 6)
    entry.writeUInt16LE(8, 10)
    entry.writeUInt32LE(crc32(data) >>> 0, 16)
    entry.writeUInt32LE(body.length, 20)
    entry.writeUInt32LE(size, 24)
    entry.writeUInt16LE(name.length, 28)
    entry.writeUInt32LE(offset, 42)
    locals.push(local, name, body)
    central.push(entry, name)
    offset += 30 + name.length + body.length
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(parts.length, 8)
  end.writeUInt16LE(parts.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const column = (i: number): string => (i >= 26 ? column(Math.floor(i / 26) - 1) : '') + String.fromCharCode(65 + (i % 26))

/** `<row>`s of inline strings and numbers, the first one numbered `first`. */
export function rowsXml(rows: (string | number)[][], first = 1): string {
  return rows
    .map((r, i) => {
      const n = first + i
      const cells = r.map((v, j) => {
        const ref = `${column(j)}${n}`
        return typeof v === 'number' ? `<c r="${ref}"><v>${v}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${escape(v)}</t></is></c>`
      })
      return `<row r="${n}">${cells.join('')}</row>`
    })
    .join('')
}

export function sheetXml(rows: string, dimension?: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}">${dimension ? `<dimension ref="${dimension}"/>` : ''}<sheetData>${rows}</sheetData></worksheet>`
}

/** The parts of a workbook of these sheets (worksheet XML given), plus `extra` parts. */
export function workbook(sheets: { name: string; xml: string | Buffer; declaredSize?: number }[], extra: Part[] = []): Buffer {
  const n = sheets.map((_, i) => i + 1)
  return zip([
    {
      name: '[Content_Types].xml',
      data:
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        n
          .map(
            (i) =>
              `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          )
          .join('') +
        `</Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${sheets.map((s, i) => `<sheet name="${escape(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${n.map((i) => `<Relationship Id="rId${i}" Type="${REL}/worksheet" Target="worksheets/sheet${i}.xml"/>`).join('')}</Relationships>`,
    },
    ...sheets.map((s, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data: s.xml, declaredSize: s.declaredSize })),
    ...extra,
  ])
}

/**
 * A workbook of `rows` one-cell rows under `header` (rows without references, which compress best):
 * ~0.1 MB for a million rows; `<dimension>` says so unless `dimension: false`.
 */
export function bomb(rows: number, opts: { header?: string[]; sheet?: string; dimension?: boolean } = {}): Buffer {
  const header = rowsXml([opts.header ?? ['名称']])
  const body = '<row><c><v>1</v></c></row>'.repeat(rows)
  const xml = sheetXml(header + body, opts.dimension === false ? undefined : `A1:A${rows + 1}`)
  return workbook([{ name: opts.sheet ?? '导入模板', xml }])
}
