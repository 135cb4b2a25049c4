/**
 * A resource declaration: the one place a CRUD screen says where its data lives and how it is
 * validated. The hooks (`useListPage`, `useList`, `useSave`, `useDelete`), `<ListPage>` and
 * `<FormDialog>` take it.
 *
 *   export const roleResource = defineResource<Role>({
 *     key: 'role', paths: resourcePaths('role'), idKey: 'roleId',
 *     schemas: () => import('@/contract/schemas/role').then((m) => ({ add: m.roleAdd, update: m.roleUpdate })),
 *     entity: 'roles.entity',
 *   })
 */
import type { QueryKey } from '@tanstack/react-query'
import type { z } from 'zod'
import type { resourcePaths } from '@/contract'
import { newId } from '@/contract'
import type { TKey } from '@/lib/i18n'
import type { OfflineEntity } from '@/lib/offline/types'

export type ResourcePaths = ReturnType<typeof resourcePaths>
export type FormValues = Record<string, unknown>

export interface ResourceDef<T extends object> {
  /** Query-key prefix, also used for per-resource settings (column visibility). */
  key: string
  paths: ResourcePaths
  /** The record's id field; on add the form gets a new UUIDv7 there. */
  idKey: keyof T & string
  /**
   * The zod schemas of the contract, loaded when a form opens (so a list screen starts without zod):
   * the form validates with them, so the payload is what the gateway checks. None: a list that does
   * not save through a form.
   */
  schemas?: () => Promise<ResourceSchemas>
  /** i18n key of the thing's name, for titles: 新增{name} / 编辑{name}. */
  entity?: TKey
  /** The record's name, for confirmations (确定要删除角色「X」吗？). */
  nameOf?: (record: T) => string
  /** Further query-key prefixes to refetch after a change (e.g. ['menus'] for the shell's menu). */
  invalidates?: QueryKey[]
  /** Form values of a record for editing; default: the record itself (the schema drops extras). */
  toForm?: (record: T) => FormValues
  /** What add / update send, from the validated values (sub-lists already taken out); default: the values. */
  toPayload?: (values: FormValues, editing: boolean) => FormValues
  /**
   * Lists edited in the same form but stored by their own call once the record is saved (e.g. a
   * person's education): POST `path` `{ [parentKey]: <record id>, items }`, sent when the list
   * changed (on add: when it has items). Their 20001 errors (`items[0].school`) mark the list's fields.
   */
  subLists?: readonly SubList[]
  /**
   * Offline-capable (DESIGN §4): saves and deletes go through the outbox when the gateway cannot
   * be reached, lists show the local copies with a pending mark. `entity` is the outbox
   * declaration (`crudEntity(...)` from @/lib/offline); `belongs` says whether a record added
   * offline belongs to a list with these query parameters (default: yes).
   */
  offline?: OfflineSpec
}

/** What the add and the edit form of a resource validate with. */
export interface ResourceSchemas {
  add: z.ZodType
  update: z.ZodType
}

export interface OfflineSpec {
  entity: OfflineEntity
  belongs?: (data: Record<string, unknown>, query: Record<string, unknown>) => boolean
}

export interface SubList {
  /** The array field of the form. */
  field: string
  path: string
  /** The parent id's name in the body, e.g. `userId`. */
  parentKey: string
}

export interface Resource<T extends object> extends ResourceDef<T> {
  /** The id of a record. */
  idOf(record: T): string
  /** Initial form values: from a record (edit), or defaults plus a new id (add). */
  formValues(record: T | null | undefined, defaults?: FormValues): FormValues
}

/** Declares a resource: `defineResource<Role>({ key: 'role', ... })`. */
export function defineResource<T extends object>(def: ResourceDef<T>): Resource<T> {
  return {
    ...def,
    idOf: (record: T) => String(record[def.idKey]),
    formValues(record, defaults) {
      if (record) return nullsToEmpty(def.toForm ? def.toForm(record) : { ...(record as FormValues) })
      return { ...defaults, [def.idKey]: newId() }
    },
  }
}

/** Inputs are controlled with strings: null → ''. */
function nullsToEmpty(values: FormValues): FormValues {
  const out: FormValues = {}
  for (const [k, v] of Object.entries(values)) out[k] = v === null ? '' : v
  return out
}

/** Query keys: everything of a resource starts with its key, so one invalidation refreshes all its lists. */
export const queryKeys = {
  all: (r: { key: string }) => [r.key] as const,
  listPage: (r: { key: string }, query: Record<string, unknown>) => [r.key, 'listPage', query] as const,
  list: (r: { key: string }, query: Record<string, unknown> = {}) => [r.key, 'list', query] as const,
}
