/** Queries and mutations of the people area (department tree, staff of a unit, reveal, move, archive, audit). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { Page } from '@/contract'
import { PEOPLE_API, type AuditStatus, type Certificate, type DeptTreeNode, type Education, type Job, type Person, type Project } from '@/contract/schemas/people'
import { http } from '@/lib/http'
import { t } from '@/lib/i18n'
import type { PersonRecord } from './resource'

/** SPEC §9: staff are loaded with pageIndex 1 and pageSize 2000. */
export const STAFF_PAGE_SIZE = 2000

export const peopleKeys = {
  tree: (organizationId: string) => ['department', 'tree', organizationId] as const,
  staff: (q: StaffQuery) => ['user', 'staff', q] as const,
  person: (userId: string) => ['user', 'record', userId] as const,
}

/** The department tree of an organisation; the organisation itself is the root node. */
export function useDeptTree(organizationId: string) {
  return useQuery({
    queryKey: peopleKeys.tree(organizationId),
    queryFn: ({ signal }) => http.get<DeptTreeNode[]>(PEOPLE_API.department.listTreeByOrgId, { organizationId }, { signal, silent: true }),
    enabled: !!organizationId,
  })
}

export interface StaffQuery {
  organizationId?: string
  departmentId?: string
  includeChildren: boolean
  archived: boolean
}

/** The staff of a department or organisation, all at once (pageSize 2000), for the virtualised table. */
export function useStaff(q: StaffQuery | null) {
  return useQuery({
    queryKey: peopleKeys.staff(q ?? { includeChildren: false, archived: false }),
    queryFn: ({ signal }) =>
      http.get<Page<Person>>(
        PEOPLE_API.user.listPage,
        {
          pageIndex: 1,
          pageSize: STAFF_PAGE_SIZE,
          organizationId: q!.departmentId ? undefined : q!.organizationId,
          departmentId: q!.departmentId,
          includeChildren: q!.includeChildren,
          status: q!.archived ? 'archived' : 'active',
        },
        { signal, silent: true },
      ),
    enabled: !!q && !!(q.organizationId || q.departmentId),
  })
}

/** A person with education, certificates, project experience and career resume, for the edit form. */
export function usePersonRecord(person: Person | null) {
  return useQuery({
    queryKey: peopleKeys.person(person?.userId ?? ''),
    enabled: !!person,
    staleTime: 0,
    gcTime: 0,
    // fail rather than wait while the browser says offline: the form then edits the person without the lists
    networkMode: 'always',
    retry: false,
    queryFn: async ({ signal }): Promise<PersonRecord> => {
      const p = person!
      const q = { userId: p.userId }
      const [educations, certificates, jobs, projects] = await Promise.all([
        http.get<Education[]>(PEOPLE_API.userEducation.list, q, { signal, silent: true }),
        http.get<Certificate[]>(PEOPLE_API.userCertificate.list, q, { signal, silent: true }),
        http.get<Job[]>(PEOPLE_API.userJob.list, q, { signal, silent: true }),
        http.get<Project[]>(PEOPLE_API.userProject.list, q, { signal, silent: true }),
      ])
      return { ...p, educations, certificates, jobs, projects }
    },
  })
}

/** The full ID number or cellphone of one person (permission-checked and logged by the gateway). */
export function revealValue(kind: 'idCard' | 'cellphone', userId: string): Promise<string> {
  if (kind === 'idCard') return http.get<{ idCard: string }>(PEOPLE_API.user.getIdCard, { userId }).then((r) => r.idCard)
  return http.get<{ cellphone: string }>(PEOPLE_API.user.getCellphone, { userId }).then((r) => r.cellphone)
}

function useRefetchPeople() {
  const qc = useQueryClient()
  return () => Promise.all([qc.invalidateQueries({ queryKey: ['user'] }), qc.invalidateQueries({ queryKey: ['department'] }), qc.invalidateQueries({ queryKey: ['userAudit'] })])
}

/** Move people to a department, or directly under an organisation. */
export function useMove() {
  const refetch = useRefetchPeople()
  return useMutation({
    mutationFn: (body: { userIds: string[]; departmentId?: string; organizationId?: string }) => http.post<{ moved: number }>(PEOPLE_API.user.move, body),
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
    mutationFn: (body: { userIds: string[]; decision: 'approve' | 'reject'; reason?: string }) => http.post<{ updated: number }>(PEOPLE_API.userAudit.audit, body),
    onSuccess: async (r, body) => {
      toast.success(t('people.audit.done', { n: r?.updated ?? body.userIds.length }))
      await refetch()
    },
  })
}

export type { AuditStatus }
