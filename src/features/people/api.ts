/** Query hooks and mutations of the people area (department tree, staff of a unit, reveal, move, archive, audit); keys and query options: ./queries. */
import { useEffect } from 'react'
import { hashKey, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { PEOPLE_API, type AuditStatus, type StaffRow } from '@/contract/schemas/people'
import { Code } from '@/contract/codes'
import { http, isApiError } from '@/lib/http'
import { t } from '@/lib/i18n'
import { afterNextFrame } from '@/lib/afterPaint'
import { loadWithin } from '@/lib/query'
import {
  deptTreeQueryOptions,
  peopleKeys,
  personRecordQueryOptions,
  staffHeadQueryOptions,
  staffQueryOptions,
  type StaffQuery,
} from './queries'

export { STAFF_PAGE_SIZE, type StaffQuery } from './queries'

/** The department tree of an organisation; the organisation itself is the root node. */
export function useDeptTree(organizationId: string) {
  return useQuery({ ...deptTreeQueryOptions(organizationId), enabled: !!organizationId })
}

/**
 * The staff of a department or organisation, all at once (pageSize 2000), for the virtualised table.
 * While that list is not in the cache, its first screen (`first`, 50 rows) is asked for first, and the
 * whole list once that screen is painted: alone, the small answer comes in tens of milliseconds, where
 * beside the 1 MB one it waited for the database and the gateway, and the browser drew it only after
 * parsing the large one. A department that fits in its first screen needs no second request.
 */
export function useStaff(q: StaffQuery | null) {
  const enabled = !!q && !!(q.organizationId || q.departmentId)
  const of = q ?? { includeChildren: false, archived: false }
  const client = useQueryClient()
  const inCache = cached(client, of)
  const head = useQuery({ ...staffHeadQueryOptions(of), enabled: enabled && !inCache })
  const query = useQuery({ ...staffQueryOptions(of), enabled: enabled && inCache })
  const key = hashKey(staffQueryOptions(of).queryKey)
  const headDone = head.data !== undefined || head.isError
  useEffect(() => {
    if (!enabled || inCache || !headDone) return
    return afterNextFrame(() => {
      const whole = staffQueryOptions(of)
      const first = client.getQueryData(staffHeadQueryOptions(of).queryKey)
      if (first && first.records.length >= first.total) client.setQueryData(whole.queryKey, first)
      else void client.prefetchQuery(whole)
    })
  }, [enabled, inCache, headDone, key]) // eslint-disable-line react-hooks/exhaustive-deps -- `of` is new each render; `key` is its identity
  return { query, first: query.data === undefined && !query.isError ? head.data : undefined }
}

const cached = (client: QueryClient, q: StaffQuery) => client.getQueryData(staffQueryOptions(q).queryKey) !== undefined

/**
 * Asks for a department's staff on the click, before its panel renders: its first screen — or the
 * whole list when it is cached (to refresh it; the panel can show it at once). The panel asks for the
 * rest. Resolves once there is something to show (the first screen in, or failed), or after `atMostMs`.
 */
export function prefetchStaff(client: QueryClient, q: StaffQuery, atMostMs: number): Promise<void> {
  if (!cached(client, q)) return loadWithin(client, atMostMs, staffHeadQueryOptions(q))
  void client.prefetchQuery(staffQueryOptions(q))
  return Promise.resolve()
}

/** A person with education, certificates, project experience and career resume, for the edit form. */
export function usePersonRecord(person: StaffRow | null) {
  return useQuery(personRecordQueryOptions(person))
}

/**
 * Whether an ID number is registered to a person other than `userId` (userCheck/checkIdcard): the gateway's
 * words for it, or null — also when the gateway cannot be asked (offline: the save is checked when it is sent).
 */
export async function idCardTaken(idCard: string, userId?: string): Promise<string | null> {
  try {
    await http.get(PEOPLE_API.userCheck.checkIdcard, userId ? { idCard, userId } : { idCard }, { silent: true })
    return null
  } catch (e) {
    return isApiError(e) && e.kind === 'code' && e.code === Code.DUPLICATE ? e.message : null
  }
}

/** The full ID number or cellphone of one person (permission-checked and logged by the gateway). */
export function revealValue(kind: 'idCard' | 'cellphone', userId: string): Promise<string> {
  if (kind === 'idCard') return http.get<{ idCard: string }>(PEOPLE_API.user.getIdCard, { userId }).then((r) => r.idCard)
  return http.get<{ cellphone: string }>(PEOPLE_API.user.getCellphone, { userId }).then((r) => r.cellphone)
}

function useRefetchPeople() {
  const qc = useQueryClient()
  return () =>
    Promise.all([peopleKeys.persons(), peopleKeys.departments(), peopleKeys.audit()].map((queryKey) => qc.invalidateQueries({ queryKey })))
}

/** Move people to a department, or directly under an organisation. */
export function useMove() {
  const refetch = useRefetchPeople()
  return useMutation({
    mutationFn: (body: { userIds: string[]; departmentId?: string; organizationId?: string }) =>
      http.post<{ moved: number }>(PEOPLE_API.user.move, body),
    onSuccess: async (r, body) => {
      toast.success(t('people.staff.moveDone', { n: r?.moved ?? body.userIds.length }))
      await refetch()
    },
  })
}

export function useArchive() {
  const refetch = useRefetchPeople()
  return useMutation({
    mutationFn: (body: { userIds: string[]; archived: boolean }) => http.post<{ updated: number }>(PEOPLE_API.user.archive, body),
    onSuccess: async () => {
      toast.success(t('common.success'))
      await refetch()
    },
  })
}

export function useAudit() {
  const refetch = useRefetchPeople()
  return useMutation({
    mutationFn: (body: { userIds: string[]; decision: 'approve' | 'reject'; reason?: string; roleIds?: string[] }) =>
      http.post<{ updated: number }>(PEOPLE_API.userAudit.audit, body),
    onSuccess: async (r, body) => {
      toast.success(t('people.audit.done', { n: r?.updated ?? body.userIds.length }))
      await refetch()
    },
  })
}

export type { AuditStatus }
