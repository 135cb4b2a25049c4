/** Texts of entries: what the edit is, why it waits, when. */
import { errorText, normalizeFieldPath } from '@/lib/crud/errors'
import { dateFormat, hasKey, t, type Locale } from '@/lib/i18n'
import { entityOf, type OutboxEntry } from '@/lib/offline'

export function opLabel(entry: OutboxEntry): string {
  if (entry.op === 'enable') return t(entry.payload.enable === false ? 'sync.op.stop' : 'sync.op.enable')
  const k = `sync.op.${entry.op}`
  return hasKey(k) ? t(k as 'sync.op.add') : entry.op
}

export function entityLabel(entry: OutboxEntry): string {
  const label = entityOf(entry.entity)?.label
  return label && hasKey(label) ? t(label as 'sync.op.add') : entry.entity
}

/** Why the entry's last attempt did not go through, in the current language. */
export function errorLine(entry: OutboxEntry, locale: Locale): string {
  const e = entry.lastError
  if (!e) return ''
  if (e.kind === 'code') {
    if (Array.isArray(e.data) && e.data.length > 0) {
      const fields = entityOf(entry.entity)?.fields ?? []
      const parts = (e.data as { field?: string; key?: string; message?: string }[]).map((d) => {
        const path = normalizeFieldPath(d.field ?? '')
        const spec = fields.find((f) => f.key === path.split('.')[0])
        const label = spec && hasKey(spec.label) ? t(spec.label as 'sync.op.add') : path
        return errorText(d.key || d.message || '', locale, label) || d.message || ''
      })
      return parts.filter(Boolean).join('；')
    }
    return e.message || (e.code ? t(`codes.${e.code}` as 'sync.op.add') : '')
  }
  const k = `sync.error.${e.kind}`
  return hasKey(k) ? t(k as 'sync.op.add') : e.message
}

export function formatWhen(ms: number, locale: Locale, now = Date.now()): string {
  const d = new Date(ms)
  const sameDay = new Date(now).toDateString() === d.toDateString()
  return sameDay
    ? dateFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(d)
    : dateFormat(locale, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(d)
}

export function formatBytes(n: number | null): string {
  if (n === null) return '--'
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let v = n
  let i = 0
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024
    i++
  }
  return `${v >= 10 || i === 0 ? Math.round(v) : v.toFixed(1)} ${units[i]}`
}

/** An edit that waits for the user: it failed, or the record changed meanwhile. */
export const isStuck = (e: OutboxEntry) => e.status === 'failed' || e.status === 'conflicted'

/** Ids of entries that wait behind a failed or conflicted edit of the same record. */
export function blockedIds(entries: readonly OutboxEntry[]): Set<string> {
  const blocked = new Set<string>()
  const stuck = new Set<string>()
  for (const e of entries) {
    const k = `${e.entity}\u0000${e.entityId}`
    if (stuck.has(k)) blocked.add(e.id)
    if (isStuck(e)) stuck.add(k)
  }
  return blocked
}

export function exportFileName(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0')
  return `trestle-outbox-${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}.json`
}
