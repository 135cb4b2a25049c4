/**
 * Entities the outbox carries, by declaration. Most are CRUD resources — `crudEntity(...)` derives
 * the declaration from the resource's paths (add POST, update PUT with version, delete with ids,
 * lists saved after the record by their own calls) and takes extra ops (e.g. an account's
 * enable/stop) as `ops`. Another entity is one more declaration, no new machinery.
 */
import type { QueryKey } from '@tanstack/react-query'
import { stripEmpty } from '@/contract/validation'
import { FILE_PATHS } from '@/contract/endpoints'
import type { FieldSpec, OfflineEntity, OutboxEntry, Step, UploadBody } from './types'

const registry = new Map<string, OfflineEntity>()

/** Registers an entity (by its name) and returns it. */
export function defineOfflineEntity<E extends OfflineEntity>(decl: E): E {
  registry.set(decl.entity, decl)
  return decl
}

export const entityOf = (name: string): OfflineEntity | undefined => registry.get(name)

export type EntryEditorLoader = NonNullable<OfflineEntity['editor']>
const editors = new Map<string, EntryEditorLoader>()

/**
 * Registers the form that edits a failed / conflicted entry of an entity (loaded when needed).
 * The app registers it (src/app/outbox.ts, from the areas' manifests) rather than the declaration, because the form imports
 * the entity's resource, which imports the declaration: declaring it there would be an import cycle.
 */
export function registerEntryEditor(entity: string, editor: EntryEditorLoader): void {
  editors.set(entity, editor)
}

/** The form of an entity's entries: the registered one, else the declaration's own `editor`. */
export const editorOf = (name: string): EntryEditorLoader | undefined => editors.get(name) ?? registry.get(name)?.editor
export const allEntities = (): OfflineEntity[] => [...registry.values()]

/** The payload of a CRUD add / update: the validated values and the lists that changed. */
export interface CrudPayload extends Record<string, unknown> {
  values: Record<string, unknown>
  lists?: Record<string, unknown[]>
}

/**
 * Ids of files taken offline (kept blobs, see `keepFile`): UUIDs of version 4 with a fixed first
 * group, so they pass the contract's id rule yet never clash with the server's (UUIDv7) file ids.
 * Wherever an edit's values hold one, the edit's steps begin with its upload, and the record's
 * request carries the file id the upload answered.
 */
const KEPT_PREFIX = 'b10bf11e-'
export function keptFileId(): string {
  const hex = [...crypto.getRandomValues(new Uint8Array(14))].map((b) => b.toString(16).padStart(2, '0')).join('')
  const variant = ((parseInt(hex[4]!, 16) & 0x3) | 0x8).toString(16)
  return `${KEPT_PREFIX}${hex.slice(0, 4)}-4${hex.slice(5, 8)}-${variant}${hex.slice(9, 12)}-${hex.slice(12, 24)}`
}
export const isKeptFileId = (v: unknown): v is string => typeof v === 'string' && v.startsWith(KEPT_PREFIX) && v.length === 36

/** The kept files an edit's values refer to, once each, in order. */
export function keptFilesIn(values: unknown, out: string[] = []): string[] {
  if (isKeptFileId(values)) {
    if (!out.includes(values)) out.push(values)
  } else if (Array.isArray(values)) for (const v of values) keptFilesIn(v, out)
  else if (values && typeof values === 'object') for (const v of Object.values(values)) keptFilesIn(v, out)
  return out
}

export interface CrudOp {
  /** The requests of this op for one record. */
  steps(entityId: string, payload: Record<string, unknown>): Step[]
  /** The local copy after it. */
  apply(prev: Record<string, unknown> | null, payload: Record<string, unknown>): Record<string, unknown> | null
  /** The record's new version in the op's answer (when it answers one), see OfflineEntity.versionOf. */
  versionOf?(entityId: string, data: unknown): number | null
}

export interface CrudEntityDef {
  entity: string
  label: string
  idKey: string
  paths: { add: string; update: string; delete: string }
  /** Lists saved after the record: POST `path` `{ [parentKey]: id, items }`. */
  subLists?: readonly { field: string; path: string; parentKey: string }[]
  invalidates: QueryKey[]
  fields: FieldSpec[]
  secret?: string[]
  titleOf(data: Record<string, unknown>): string
  /** What a list shows of a local copy (e.g. masked numbers); default: the values as they are. */
  toLocal?(data: Record<string, unknown>): Record<string, unknown>
  /** Further ops (enable…). */
  ops?: Record<string, CrudOp>
  /** The file service purpose of files taken offline that the values refer to (default `photo`). */
  uploadPurpose?: string
  editor?: OfflineEntity['editor']
}

export function crudEntity(def: CrudEntityDef): OfflineEntity {
  const toLocal = def.toLocal ?? ((d: Record<string, unknown>) => d)
  const lists = (entityId: string, payload: CrudPayload): Step[] =>
    (def.subLists ?? [])
      .filter((l) => payload.lists && l.field in payload.lists)
      .map((l) => ({ method: 'post', path: l.path, body: stripEmpty({ [l.parentKey]: entityId, items: payload.lists![l.field] }) }))
  return defineOfflineEntity({
    entity: def.entity,
    label: def.label,
    idKey: def.idKey,
    invalidates: def.invalidates,
    fields: def.fields,
    secret: def.secret,
    titleOf: def.titleOf,
    editor: def.editor,
    versionOf(entry, data) {
      const op = def.ops?.[entry.op]
      if (op) return op.versionOf?.(entry.entityId, data) ?? null
      const v = (data as { version?: unknown } | null)?.version
      return typeof v === 'number' ? v : null
    },
    steps(entry: OutboxEntry): Step[] {
      const p = entry.payload as CrudPayload
      const uploads: Step[] = keptFilesIn([p.values, p.lists]).map((blobId) => ({
        method: 'upload',
        path: FILE_PATHS.upload,
        body: { blobId, purpose: def.uploadPurpose ?? 'photo' } satisfies UploadBody,
      }))
      switch (entry.op) {
        case 'add':
          return [...uploads, { method: 'post', path: def.paths.add, body: stripEmpty(p.values) }, ...lists(entry.entityId, p)]
        case 'update':
          // a save that changed only the lists has no record step
          return [
            ...uploads,
            ...(p.values ? [{ method: 'put' as const, path: def.paths.update, body: stripEmpty(p.values) }] : []),
            ...lists(entry.entityId, p),
          ]
        case 'delete':
          return [{ method: 'del', path: def.paths.delete, body: [entry.entityId] }]
        default: {
          const op = def.ops?.[entry.op]
          if (!op) throw new Error(`unknown op ${entry.op} of ${def.entity}`)
          return op.steps(entry.entityId, entry.payload)
        }
      }
    },
    apply(prev, entry) {
      const p = entry.payload as CrudPayload
      switch (entry.op) {
        case 'add':
          return toLocal({ ...stripEmpty(p.values), [def.idKey]: entry.entityId, version: 0, ...(p.lists ?? {}) })
        case 'update':
          return toLocal({
            ...(prev ?? {}),
            ...stripEmpty(p.values ?? {}),
            ...(p.lists ?? {}),
            version: prev?.version ?? p.values?.version,
          })
        case 'delete':
          return null
        default:
          return def.ops?.[entry.op]?.apply(prev, entry.payload) ?? prev
      }
    },
  })
}
