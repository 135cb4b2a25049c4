/**
 * Entities the outbox carries, by declaration. Most are CRUD resources — `crudEntity(...)` derives
 * the declaration from the resource's paths (add POST, update PUT with version, delete with ids,
 * lists saved after the record by their own calls) and takes extra ops (e.g. an account's
 * enable/stop) as `ops`. Another entity is one more declaration, no new machinery.
 */
import type { QueryKey } from '@tanstack/react-query'
import { stripEmpty } from '@/contract/rules'
import { FILE_PATHS } from '@/contract/schemas/files'
import type { FieldSpec, OfflineEntity, OutboxEntry, Step, UploadBody } from './types'

const registry = new Map<string, OfflineEntity>()

/** Registers an entity (by its name) and returns it. */
export function defineOfflineEntity<E extends OfflineEntity>(decl: E): E {
  registry.set(decl.entity, decl)
  return decl
}

export const entityOf = (name: string): OfflineEntity | undefined => registry.get(name)

type EntryEditorLoader = NonNullable<OfflineEntity['editor']>
const editors = new Map<string, EntryEditorLoader>()

/**
 * Registers the form that edits a failed / conflicted entry of an entity (loaded when needed).
 * The app registers it (src/app/outbox.ts) rather than the declaration, because the form imports
 * the entity's resource, which imports the declaration: declaring it there would be an import cycle.
 */
export function registerEntryEditor(entity: string, editor: EntryEditorLoader): void {
  editors.set(entity, editor)
}

/** The form of an entity's entries: the registered one, else the declaration's own `editor`. */
export const editorOf = (name: string): EntryEditorLoader | undefined => editors.get(name) ?? registry.get(name)?.editor
export const allEntities = (): OfflineEntity[] => [...registry.values()]

/**
 * The payload of a CRUD add / update: the validated values and the lists that changed; `uploads`:
 * files taken offline (kept blobs) whose ids stand in the values until they are uploaded — each
 * is an upload step BEFORE the record's request, which then carries the real file id.
 */
export interface CrudPayload extends Record<string, unknown> {
  values: Record<string, unknown>
  lists?: Record<string, unknown[]>
  uploads?: UploadBody[]
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
      const uploads: Step[] = (p.uploads ?? []).map((u) => ({ method: 'upload', path: FILE_PATHS.upload, body: u }))
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
