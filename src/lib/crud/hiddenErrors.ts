/**
 * Errors on fields a form does not show: the schema refuses a value the user cannot see or change (a
 * default the form keeps, a field of the record another screen edits). Without a word the submit
 * would do nothing at all; the form says which fields and why instead.
 */
import type { FieldErrors } from 'react-hook-form'

/** The paths of every error in react-hook-form's nested errors (`parentId`, `items.0.phone`). */
export function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  const out: string[] = []
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue
    const path = prefix ? `${prefix}.${key}` : key
    if ('message' in value || 'type' in value) out.push(path)
    // an array's or an object's own error (root) and its items' errors
    for (const [k, v] of Object.entries(value))
      if (v && typeof v === 'object' && !['ref', 'types'].includes(k)) out.push(...errorPaths({ [k]: v } as FieldErrors, path))
  }
  return [...new Set(out)]
}

/** The paths of errors that no control of the form shows (`shown`: whether a control of that name is in the form). */
export function hiddenErrorPaths(errors: FieldErrors, shown: (path: string) => boolean): string[] {
  return errorPaths(errors).filter((p) => !shown(p) && !p.endsWith('.root'))
}
