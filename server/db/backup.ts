/** Where the embedded database's backups go, and which gateway runs on a data directory (server/backup.ts, main.ts). */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Config } from '../config'

export const backupsDir = (config: Config) => path.join(config.dataDir, 'backups')
export const pidFile = (config: Config) => path.join(config.dataDir, 'gateway.pid')

/** Where a backup goes: `<dataDir>/backups/trestle-<time>.tar.gz`. */
export function backupPath(config: Config, now = new Date()): string {
  return path.join(backupsDir(config), `trestle-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`)
}

/** Writes through a temporary name, so a file under its final name is always whole. */
export function writeWhole(file: string, bytes: Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(`${file}.part`, bytes, { mode: 0o600 })
  renameSync(`${file}.part`, file)
}

/** The pid of the gateway running on this data directory, if one does. */
export function runningGateway(config: Config): number | null {
  if (!existsSync(pidFile(config))) return null
  const pid = Number(readFileSync(pidFile(config), 'utf8').trim())
  if (!Number.isInteger(pid) || pid <= 0) return null
  try {
    process.kill(pid, 0)
    return pid
  } catch {
    return null
  }
}
