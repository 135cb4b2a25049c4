import { describe, expect, it } from 'vitest'
import { checkFile, fileRules, sniffKind } from './files'

const bytes = (...head: number[]) => new Uint8Array([...head, ...new Array(32).fill(0)])
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04)

describe('sniffKind: installer packages', () => {
  it('tells the ZIP-based kinds apart by the name only when the name is given (streamed purposes)', () => {
    expect(sniffKind(ZIP, true, 'App.APK')).toBe('apk')
    expect(sniffKind(ZIP, true, 'dir/client.ipa')).toBe('ipa')
    expect(sniffKind(ZIP, true, 'entry.hap')).toBe('hap')
    expect(sniffKind(ZIP, true, 'bundle.zip')).toBe('zip')
    expect(sniffKind(ZIP, true, 'setup.msi')).toBe('zip') // a ZIP whatever the name says
    expect(sniffKind(ZIP, true, 'book.xlsx')).toBe('xlsx')
    // without a name: as before (the imports' xlsx)
    expect(sniffKind(ZIP, true)).toBe('xlsx')
    expect(sniffKind(ZIP, false)).toBeNull()
  })

  it('decides EXE, MSI, DEB and RPM by their signatures, whatever the name', () => {
    expect(sniffKind(bytes(0x4d, 0x5a), true, 'x.apk')).toBe('exe')
    expect(sniffKind(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), true, 'x.exe')).toBe('msi')
    expect(sniffKind(new TextEncoder().encode('!<arch>\ndebian-binary   '), true, 'x.deb')).toBe('deb')
    expect(sniffKind(bytes(0xed, 0xab, 0xee, 0xdb), true, 'x.rpm')).toBe('rpm')
    expect(sniffKind(new TextEncoder().encode('<!doctype html>'), true, 'x.apk')).toBeNull()
  })

  it('refuses by the configured package size, and keeps packages out of the other purposes', () => {
    const rules = fileRules(3 * 1024 * 1024)
    expect(rules.package.maxBytes).toBe(3 * 1024 * 1024)
    expect(checkFile('package', 'apk', 10)).toBeNull()
    expect(checkFile('scan', 'exe', 10)).toMatchObject({ reason: 'type' })
    expect(checkFile('package', 'pdf', 10)).toMatchObject({ reason: 'type' })
    expect(checkFile('package', 'apk', 0)).toEqual({ reason: 'empty' })
  })
})
