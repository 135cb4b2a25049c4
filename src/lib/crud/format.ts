/** Display formats shared by list columns. */

const pad = (n: number) => String(n).padStart(2, '0')

/** `2025-01-02 15:04` in local time; '' for empty or invalid input. */
export function formatDateTime(value: string | number | Date | null | undefined, withSeconds = false): string {
  if (value === null || value === undefined || value === '') return ''
  const d = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(d.getTime())) return ''
  const base = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
  return withSeconds ? `${base}:${pad(d.getSeconds())}` : base
}

/** Options of a select from enum values and an i18n label function. */
export function enumOptions<V extends string | number>(values: readonly V[], label: (v: V) => string) {
  return values.map((value) => ({ value, label: label(value) }))
}

/** Today's date on this device (YYYY-MM-DD, its own time zone): the default of a date field, a countdown's start. */
export function todayDate(): string {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}
