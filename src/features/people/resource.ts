/**
 * Resources of the people area: departments (department/addByOrgId, update, delete) and persons
 * (user/add, update, delete) whose education, certificates, project experience and career resume
 * are edited in the person's form and stored by their own addFullByUserId calls.
 */
import { z } from 'zod'
import { resourcePaths } from '@/contract'
import {
  PEOPLE_API,
  certificateFull,
  educationFull,
  jobFull,
  projectFull,
  userAdd,
  userUpdate,
  type Certificate,
  type DeptTreeNode,
  type Education,
  type Job,
  type StaffRow,
  type Project,
} from '@/contract/schemas/people'
import { defineResource, type FormValues } from '@/lib/crud'
import { personOffline } from './offline'
import { peopleKeys } from './queries'

/** Department add/edit: the tree node is what the panel edits. */
export const deptResource = defineResource<DeptTreeNode>({
  key: peopleKeys.departments()[0],
  paths: {
    listPage: PEOPLE_API.department.listTreeByOrgId,
    list: PEOPLE_API.department.listByOrgId,
    add: PEOPLE_API.department.addByOrgId,
    update: PEOPLE_API.department.update,
    delete: PEOPLE_API.department.delete,
  },
  idKey: 'id',
  schemas: () => import('@/contract/schemas/people').then((m) => ({ add: m.deptAdd, update: m.deptUpdate })),
  entity: 'people.dept.entity',
  nameOf: (d) => d.name,
  invalidates: [peopleKeys.persons()],
  // a company / subsidiary is a child organisation: no parent department
  toPayload: (v, editing) => (editing || v.type === 'department' ? v : { ...v, parentId: undefined }),
  // a top-level department's tree parent is its organisation: no parent department
  toForm: (n) => ({
    departmentId: n.id,
    departmentName: n.name,
    status: n.status,
    sort: n.sort,
    version: n.version,
    parentId: n.parentId === n.organizationId ? null : n.parentId,
  }),
})

/** The sub-lists of a person's form, in the order of its sections. */
export const SUB_LISTS = [
  { field: 'educations', path: PEOPLE_API.userEducation.addFullByUserId, parentKey: 'userId', list: PEOPLE_API.userEducation.list },
  { field: 'certificates', path: PEOPLE_API.userCertificate.addFullByUserId, parentKey: 'userId', list: PEOPLE_API.userCertificate.list },
  { field: 'jobs', path: PEOPLE_API.userJob.addFullByUserId, parentKey: 'userId', list: PEOPLE_API.userJob.list },
  { field: 'projects', path: PEOPLE_API.userProject.addFullByUserId, parentKey: 'userId', list: PEOPLE_API.userProject.list },
] as const

const lists = {
  educations: educationFull.shape.items,
  certificates: certificateFull.shape.items,
  jobs: jobFull.shape.items,
  projects: projectFull.shape.items,
}

/** The person's form: the contract's person schema plus the four sub-lists with their item schemas. */
export const personAddForm = userAdd.safeExtend(lists)
export const personUpdateForm = userUpdate.safeExtend(lists)

/** A person with the sub-records, as the edit form loads it (a staff row, or a whole record). */
export interface PersonRecord extends StaffRow {
  educations: Education[]
  certificates: Certificate[]
  jobs: Job[]
  projects: Project[]
}

/** Sub-record nulls become '' (inputs are controlled with strings). */
const blank = (items: object[]) => items.map((i) => Object.fromEntries(Object.entries(i).map(([k, v]) => [k, v === null ? '' : v])))

export const personResource = defineResource<PersonRecord>({
  key: peopleKeys.persons()[0],
  paths: resourcePaths('user'),
  idKey: 'userId',
  schemas: async () => ({ add: personAddForm, update: personUpdateForm }),
  entity: 'people.entity',
  nameOf: (p) => p.name,
  invalidates: [peopleKeys.departments(), peopleKeys.audit()],
  subLists: SUB_LISTS,
  // staff edits work offline (DESIGN §4): saved through the outbox when the gateway cannot be reached
  offline: { entity: personOffline },
  // ID number and cellphone come masked: the edit form leaves them empty (= unchanged)
  toForm: (p): FormValues => ({
    userId: p.userId,
    version: p.version,
    name: p.name,
    sex: p.sex,
    birthDate: p.birthDate,
    email: p.email,
    avatarFileId: p.avatarFileId,
    post: p.post,
    positionLevel: p.positionLevel,
    accountId: p.accountId,
    sort: p.sort,
    idCard: '',
    cellphone: '',
    educations: blank(p.educations),
    certificates: blank(p.certificates),
    jobs: blank(p.jobs),
    projects: blank(p.projects),
  }),
})

export type PersonForm = z.infer<typeof personAddForm>
