import { PROJECT_API } from '@/contract/projectApi'
import type { EngineeringMajor, Line, Project, ProjectDepartment, ProjectOrg, ProjectUnit } from '@/contract/schemas/project'
import { defineResource } from '@/lib/crud'
import { projectKeys } from './queries'

export const projectResource = defineResource<Project>({
  key: projectKeys.project,
  paths: PROJECT_API.project,
  idKey: 'projectId',
  schemas: () => import('@/contract/schemas/project').then((m) => ({ add: m.projectAdd, update: m.projectUpdate })),
  entity: 'projects.entity.project',
  nameOf: (p) => p.projectName,
})

export const projectUnitResource = defineResource<ProjectUnit>({
  key: projectKeys.unit,
  paths: PROJECT_API.projectUnit,
  idKey: 'projectUnitId',
  schemas: () => import('@/contract/schemas/project').then((m) => ({ add: m.projectUnitAdd, update: m.projectUnitUpdate })),
  entity: 'projects.entity.unit',
  nameOf: (u) => u.organizationName ?? '',
  // counts and names of the overview change with the participants
  invalidates: [[projectKeys.project]],
})

export const lineResource = defineResource<Line>({
  key: projectKeys.line,
  paths: PROJECT_API.line,
  idKey: 'lineId',
  schemas: () => import('@/contract/schemas/project').then((m) => ({ add: m.lineAdd, update: m.lineUpdate })),
  entity: 'projects.entity.line',
  nameOf: (l) => l.lineName,
  invalidates: [[projectKeys.project]],
})

export const majorResource = defineResource<EngineeringMajor>({
  key: projectKeys.major,
  paths: PROJECT_API.engineeringMajor,
  idKey: 'engineeringMajorId',
  schemas: () => import('@/contract/schemas/project').then((m) => ({ add: m.engineeringMajorAdd, update: m.engineeringMajorUpdate })),
  entity: 'projects.entity.major',
  nameOf: (m) => m.majorName,
})

export const projectOrgResource = defineResource<ProjectOrg>({
  key: projectKeys.org,
  paths: PROJECT_API.projectOrg,
  idKey: 'projectOrganizationId',
  schemas: () => import('@/contract/schemas/project').then((m) => ({ add: m.projectOrgAdd, update: m.projectOrgUpdate })),
  entity: 'projects.entity.org',
  nameOf: (o) => o.projectOrganizationName,
  invalidates: [[projectKeys.dept]],
})

export const projectDeptResource = defineResource<ProjectDepartment>({
  key: projectKeys.dept,
  paths: PROJECT_API.projectDepartment,
  idKey: 'projectDepartmentId',
  schemas: () => import('@/contract/schemas/project').then((m) => ({ add: m.projectDepartmentAdd, update: m.projectDepartmentUpdate })),
  entity: 'projects.entity.dept',
  nameOf: (d) => d.departmentName,
  invalidates: [[projectKeys.org]],
})
