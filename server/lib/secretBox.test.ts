import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { open, seal, SecretUnreadable } from './secretBox'

const dir = mkdtempSync(path.join(tmpdir(), 'trestle-secretbox-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('secretBox', () => {
  it('seals with AES-256-GCM under the key file of the data directory, generated once', () => {
    const config = loadConfig({ TRESTLE_DATA_DIR: dir })
    const sealed = seal(config, 'Mail#2026', 'mail')
    expect(sealed).toMatch(/^v1\./)
    expect(sealed).not.toContain('Mail#2026')
    expect(seal(config, 'Mail#2026', 'mail')).not.toBe(sealed)
    expect(open(config, sealed, 'mail')).toBe('Mail#2026')
    const file = path.join(dir, 'secret.key')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const key = readFileSync(file, 'utf8')
    // another process on the same directory reads the same key
    expect(open(loadConfig({ TRESTLE_DATA_DIR: dir }), sealed, 'mail')).toBe('Mail#2026')
    expect(readFileSync(file, 'utf8')).toBe(key)
  })

  it('refuses another purpose, another key and an altered value', () => {
    const config = loadConfig({ TRESTLE_DATA_DIR: dir, TRESTLE_SECRET_KEY: 'k'.repeat(32) })
    const sealed = seal(config, 'token', 'sms')
    expect(() => open(config, sealed, 'mail')).toThrow(SecretUnreadable)
    expect(() => open(loadConfig({ TRESTLE_DATA_DIR: dir, TRESTLE_SECRET_KEY: 'j'.repeat(32) }), sealed, 'sms')).toThrow(SecretUnreadable)
    expect(() => open(config, `${sealed.slice(0, -2)}AA`, 'sms')).toThrow(SecretUnreadable)
    expect(() => loadConfig({ TRESTLE_SECRET_KEY: 'short' })).toThrow(/32 characters/)
  })
})
