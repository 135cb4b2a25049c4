/**
 * Query and mutation hooks of a resource: the list page (paging, sorting, filters from the URL),
 * the plain list, save (add POST / update PUT with version) and delete (confirm, POST ids as
 * form data, toast 提交成功, refetch).
 */
import { useCallback } from 'react'
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { toast } from '@/lib/toast'
import { Code, stripEmpty } from '@/contract'
import { http } from '@/lib/http'
import { t } from '@/lib/i18n'
import { submitEdit, type OutboxEntry, type Submitted } from '@/lib/offline'
import { queryKeys, type FormValues, type Resource } from './resource'
import { listPageQueryOptions, listQueryOptions } from './queries'
import { parseListSearch, serializeListSearch, type ListSearch } from './search'
import { confirm } from './confirm'

/** Codes the form handles itself (field errors, duplicate, version conflict); others get the global error box. */
export const FORM_HANDLED_CODES: number[] = [Code.INVALID, Code.DUPLICATE, Code.VERSION_CONFLICT]

/** Refetches everything of a resource, and the prefixes it declares (e.g. the shell's ['menus']). */
export function invalidateResource(qc: QueryClient, resource: Pick<Resource<object>, 'key' | 'invalidates'>) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: queryKeys.all(resource) }),
    ...(resource.invalidates ?? []).map((queryKey) => qc.invalidateQueries({ queryKey })),
  ])
}

/** The list search of the current route (works with or without `validateSearch: listSearch`) and a setter. */
export function useListSearch(): [ListSearch, (next: ListSearch, opts?: { replace?: boolean }) => void] {
  const raw = useSearch({ strict: false }) as Record<string, unknown>
  const navigate = useNavigate()
  const search = parseListSearch(raw)
  const setSearch = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => {
      void navigate({ to: '.', search: serializeListSearch(next) as never, replace: opts?.replace ?? false })
    },
    [navigate],
  )
  return [search, setSearch]
}

/** One page of records: GET listPage with pageIndex/pageSize/sortBy/desc and the filters; keeps the previous page while loading. */
export function useListPage<T extends object>(resource: Resource<T>, search: ListSearch, extra?: Record<string, string>) {
  return useQuery({ ...listPageQueryOptions<T>(resource, search, extra), placeholderData: keepPreviousData })
}

/** All records (GET list), e.g. options of a select or a tree. */
export function useList<T extends object>(
  resource: Resource<T>,
  params: Record<string, string | number | boolean> = {},
  options: { enabled?: boolean } = {},
) {
  return useQuery({ ...listQueryOptions<T>(resource, params), enabled: options.enabled ?? true })
}

export interface SaveInput {
  /** The validated form values (id and, on update, version included). */
  values: FormValues
  /** true → PUT update, false → POST add. */
  editing: boolean
  idempotencyKey?: string
}

/**
 * Add (POST) or update (PUT with version). Rejects with the client's ApiError; 20001, 20006 and
 * 20008 are left to the caller (`useResourceForm` puts them on the form), others get the error box.
 */
export function useSave<T extends object>(resource: Resource<T>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ values, editing, idempotencyKey }: SaveInput) => {
      const body = stripEmpty(values)
      const opts = { handled: FORM_HANDLED_CODES, idempotencyKey }
      return editing ? http.put<T>(resource.paths.update, body, opts) : http.post<T>(resource.paths.add, body, opts)
    },
    onSuccess: () => invalidateResource(qc, resource),
  })
}

export interface OfflineSaveInput {
  /** The validated record values (sub-lists taken out); undefined: only lists changed. */
  values: FormValues | undefined
  /** The sub-lists that changed, by field. */
  lists: Record<string, unknown[]>
  editing: boolean
  /** The record id (a new record keeps the id the form gave it). */
  entityId: string
  /** The record as the form showed it. */
  base: object | null
  /** A failed / conflicted outbox entry this save replaces. */
  replaces?: OutboxEntry
}

/**
 * Save of an offline-capable resource (`ResourceDef.offline`): the record and its changed lists
 * as ONE edit — sent at once when the gateway can be reached, else kept in the outbox with a
 * local copy. Rejects with StepError (the refused step: 0 the record, then the lists in order).
 */
export function useOfflineSave<T extends object>(resource: Resource<T>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ values, lists, editing, entityId, base, replaces }: OfflineSaveInput): Promise<Submitted> => {
      const decl = resource.offline!.entity
      const version = values?.version
      return submitEdit({
        entity: decl.entity,
        entityId,
        op: replaces && replaces.op !== 'add' && replaces.op !== 'update' ? replaces.op : editing ? 'update' : 'add',
        payload: { ...(values ? { values } : {}), ...(Object.keys(lists).length ? { lists } : {}) },
        baseVersion: editing && typeof version === 'number' ? version : null,
        base: (base as Record<string, unknown> | null) ?? null,
        replaces: replaces?.id,
        handled: FORM_HANDLED_CODES,
      })
    },
    onSuccess: (r) => (r.queued ? undefined : invalidateResource(qc, resource)),
    // never paused by navigator.onLine: submitEdit decides by reaching the gateway
    networkMode: 'always',
  })
}

/**
 * Saves a list edited inside a record's form with its own call (`ResourceDef.subLists`): POST
 * `{ <parentKey>: id, items }`; 20001/20006/20008 are left to the form. Refetches the resource.
 */
export function useSaveSubList<T extends object>(resource: Resource<T>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body: FormValues }) =>
      http.post<unknown>(path, stripEmpty(body), { handled: FORM_HANDLED_CODES }),
    onSuccess: () => invalidateResource(qc, resource),
  })
}

/**
 * Delete with confirmation: `remove(ids, extra, rows)` asks 删除角色 · 确定要删除角色「X」吗？ (the
 * resource's entity; the record's name when `rows` hold it and `nameOf` says it; N 个 for several),
 * followed by `extra` (what else it does, e.g. its children go too), POSTs the ids as form data,
 * toasts 提交成功 and refetches. Resolves true when deleted.
 */
export function useDelete<T extends object>(resource: Resource<T>) {
  const qc = useQueryClient()
  const mutation = useMutation({
    mutationFn: async ({ ids, rows }: { ids: string[]; rows?: readonly object[] }): Promise<{ queued: boolean; memoryOnly?: boolean }> => {
      const offline = resource.offline
      if (!offline) {
        await http.del<unknown>(resource.paths.delete, ids)
        return { queued: false }
      }
      // one outbox entry per record (each record keeps its own order); errors are shown here
      let queued = false
      let memoryOnly = false
      for (const id of ids) {
        const base = rows?.find((r) => resource.idOf(r as T) === id) ?? null
        // a refusal rejects (the client has shown its box); no connection queues it
        const r = await submitEdit({
          entity: offline.entity.entity,
          entityId: id,
          op: 'delete',
          payload: {},
          base: base as Record<string, unknown> | null,
        })
        queued ||= r.queued
        memoryOnly ||= !!r.memoryOnly
      }
      return { queued, memoryOnly }
    },
    onSuccess: async (r: { queued: boolean; memoryOnly?: boolean }) => {
      if (r.memoryOnly) toast.error(t('sync.storage.full'), { duration: Infinity })
      else if (r.queued) toast.info(t('sync.queuedDelete'))
      else toast.success(t('common.success'))
      await invalidateResource(qc, resource)
    },
    networkMode: resource.offline ? 'always' : 'online',
  })
  const remove = useCallback(
    async (ids: string[], extra?: string, rows?: readonly object[]): Promise<boolean> => {
      if (ids.length === 0) return false
      const entity = resource.entity ? t(resource.entity) : t('crud.record')
      const one = ids.length === 1 ? (rows?.find((r) => resource.idOf(r as T) === ids[0]) as T | undefined) : undefined
      const name = one && resource.nameOf ? resource.nameOf(one) : ''
      const sentence = name
        ? t('crud.deleteOne', { entity, name })
        : ids.length === 1
          ? t('crud.deleteThis', { entity })
          : t('crud.deleteMany', { entity, n: ids.length })
      const ok = await confirm({
        title: t('crud.deleteTitle', { entity }),
        description: extra ? `${sentence}\n${extra}` : sentence,
        destructive: true,
        confirmText: t('common.delete'),
      })
      if (!ok) return false
      try {
        await mutation.mutateAsync({ ids, rows })
        return true
      } catch {
        return false // the client has shown the error box
      }
    },
    [mutation, resource],
  )
  return { remove, isPending: mutation.isPending }
}
