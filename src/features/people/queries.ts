/**
 * Query keys and options of the people area, the one place they are written. Every key starts
 * with a resource's key — 'user' (persons), 'department', 'userAudit' — so a save of that resource
 * refetches all of it. Public (with ./index.ts): other areas import `@/features/people/queries`.
 */
import { queryOptions, skipToken } from '@tanstack/react-query'
import type { Page } from '@/contract'
import { TREE_CATEGORY } from '@/contract/enums'
import { PEOPLE_API } from '@/contract/endpoints'
import type { AuditRow, AuditSubmission, Certificate, DeptTreeNode, Education, Job, StaffRow, Project } from '@/contract/schemas/people'
import { listPageQueryOptions } from '@/lib/crud/queries'
import type { ListSearch } from '@/lib/crud/search'
import { http } from '@/lib/http'
import type { PersonRecord } from './resource'

/** SPEC §9: staff are loaded with pageIndex 1 and pageSize 2000. */
export const STAFF_PAGE_SIZE = 2000
/**
 * The people a department's first answer brings: a tall screen of rows and the virtual list's overscan,
 * drawn while the whole list (up to 2,000 people, 1 MB of JSON) is on its way.
 */
export const STAFF_HEAD_SIZE = 50

export interface StaffQuery {
  organizationId?: string
  departmentId?: string
  includeChildren: boolean
  archived: boolean
}

/** What a tree node's staff panel lists: a department's or a unit's staff, active, with their children's at first. */
export const staffQueryOf = (node: Pick<DeptTreeNode, 'id' | 'category'>, includeChildren = true, archived = false): StaffQuery => {
  const isDept = node.category === TREE_CATEGORY.department
  return { organizationId: isDept ? undefined : node.id, departmentId: isDept ? node.id : undefined, includeChildren, archived }
}

export const peopleKeys = {
  /** Everything of persons (the person resource's key). */
  persons: () => ['user'] as const,
  staff: (q: StaffQuery) => [...peopleKeys.persons(), 'staff', q] as const,
  staffHead: (q: StaffQuery) => [...peopleKeys.persons(), 'staffHead', q] as const,
  person: (userId: string) => [...peopleKeys.persons(), 'record', userId] as const,
  /** Everything of departments (the department resource's key). */
  departments: () => ['department'] as const,
  tree: (organizationId: string) => [...peopleKeys.departments(), 'tree', organizationId] as const,
  /** The registration review list (/admin/user-audit). */
  audit: () => ['userAudit'] as const,
  submission: (userId: string) => [...peopleKeys.audit(), 'submission', userId] as const,
}

/** What a record under review submitted, and what a profile changed (用户审核's review dialog). */
export const submissionQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: peopleKeys.submission(userId),
    queryFn: ({ signal }) => http.get<AuditSubmission>(PEOPLE_API.userAudit.submission, { userId }, { signal }),
  })

/** The department tree of an organisation; the organisation itself is the root node. */
export const deptTreeQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: peopleKeys.tree(organizationId),
    queryFn: ({ signal }) => http.get<DeptTreeNode[]>(PEOPLE_API.department.listTreeByOrgId, { organizationId }, { signal, silent: true }),
  })

/** The first `pageSize` people of a department or organisation, in the list's order. */
const staffPage = (q: StaffQuery, pageSize: number, signal: AbortSignal) =>
  http.get<Page<StaffRow>>(
    PEOPLE_API.user.listPage,
    {
      view: 'staff',
      pageIndex: 1,
      pageSize,
      organizationId: q.departmentId ? undefined : q.organizationId,
      departmentId: q.departmentId,
      includeChildren: q.includeChildren,
      status: q.archived ? 'archived' : 'active',
    },
    { signal, silent: true },
  )

/** The staff of a department or organisation, all at once (pageSize 2000), for the virtualised table. */
export const staffQueryOptions = (q: StaffQuery) =>
  queryOptions({ queryKey: peopleKeys.staff(q), queryFn: ({ signal }) => staffPage(q, STAFF_PAGE_SIZE, signal) })

/** Their first screen (STAFF_HEAD_SIZE), shown until the whole list is in. */
export const staffHeadQueryOptions = (q: StaffQuery) =>
  queryOptions({ queryKey: peopleKeys.staffHead(q), queryFn: ({ signal }) => staffPage(q, STAFF_HEAD_SIZE, signal) })

/** A person with education, certificates, project experience and career resume, for the edit form (none: nothing to load). */
export const personRecordQueryOptions = (person: StaffRow | null) =>
  queryOptions({
    queryKey: peopleKeys.person(person?.userId ?? ''),
    queryFn: person ? ({ signal }) => loadPersonRecord(person, signal) : skipToken,
    staleTime: 0,
    gcTime: 0,
    // fail rather than wait while the browser says offline: the form then edits the person without the lists
    networkMode: 'always',
    retry: false,
  })

async function loadPersonRecord(person: StaffRow, signal: AbortSignal): Promise<PersonRecord> {
  const q = { userId: person.userId }
  const [educations, certificates, jobs, projects] = await Promise.all([
    http.get<Education[]>(PEOPLE_API.userEducation.list, q, { signal, silent: true }),
    http.get<Certificate[]>(PEOPLE_API.userCertificate.list, q, { signal, silent: true }),
    http.get<Job[]>(PEOPLE_API.userJob.list, q, { signal, silent: true }),
    http.get<Project[]>(PEOPLE_API.userProject.list, q, { signal, silent: true }),
  ])
  return { ...person, educations, certificates, jobs, projects }
}

/** The review list's resource (read only: approve / reject are their own calls). */
export const auditList = {
  key: peopleKeys.audit()[0],
  paths: { listPage: PEOPLE_API.userAudit.listPage, list: PEOPLE_API.userAudit.listPage },
}

/** The review list page (/admin/user-audit) for a list search. */
export const auditListPageQueryOptions = (search: ListSearch) => listPageQueryOptions<AuditRow>(auditList, search)
