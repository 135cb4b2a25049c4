import {
  PROJECT_API,
  engineeringMajorAdd,
  engineeringMajorUpdate,
  lineAdd,
  lineUpdate,
  projectAdd,
  projectDepartmentAdd,
  projectDepartmentUpdate,
  projectOrgAdd,
  projectOrgUpdate,
  projectUnitAdd,
  projectUnitUpdate,
  projectUpdate,
  type EngineeringMajor,
  type Line,
  type Project,
  type ProjectDepartment,
  type ProjectOrg,
  type ProjectUnit,
} from '@/contract/schemas/project'
import { defineResource } from '@/lib/crud'
import { projectKeys } from './queries'

export const projectResource = defineResource<Project>({
  key: projectKeys.project,
  paths: PROJECT_API.project,
  idKey: 'projectId',
  addSchema: projectAdd,
  updateSchema: projectUpdate,
  entity: 'projects.entity.project',
  nameOf: (p) => p.projectName,
})

export const projectUnitResource = defineResource<ProjectUnit>({
  key: projectKeys.unit,
  paths: PROJECT_API.projectUnit,
  idKey: 'projectUnitId',
  addSchema: projectUnitAdd,
  updateSchema: projectUnitUpdate,
  entity: 'projects.entity.unit',
  nameOf: (u) => u.organizationName ?? '',
  // counts and names of the overview change with the participants
  invalidates: [[projectKeys.project]],
})

export const lineResource = defineResource<Line>({
  key: projectKeys.line,
  paths: PROJECT_API.line,
  idKey: 'lineId',
  addSchema: lineAdd,
  updateSchema: lineUpdate,
  entity: 'projects.entity.line',
  nameOf: (l) => l.lineName,
  invalidates: [[projectKeys.project]],
})

export const majorResource = defineResource<EngineeringMajor>({
  key: projectKeys.major,
  paths: PROJECT_API.engineeringMajor,
  idKey: 'engineeringMajorId',
  addSchema: engineeringMajorAdd,
  updateSchema: engineeringMajorUpdate,
  entity: 'projects.entity.major',
  nameOf: (m) => m.majorName,
})

export const projectOrgResource = defineResource<ProjectOrg>({
  key: projectKeys.org,
  paths: PROJECT_API.projectOrg,
  idKey: 'projectOrganizationId',
  addSchema: projectOrgAdd,
  updateSchema: projectOrgUpdate,
  entity: 'projects.entity.org',
  nameOf: (o) => o.projectOrganizationName,
  invalidates: [[projectKeys.dept]],
})

export const projectDeptResource = defineResource<ProjectDepartment>({
  key: projectKeys.dept,
  paths: PROJECT_API.projectDepartment,
  idKey: 'projectDepartmentId',
  addSchema: projectDepartmentAdd,
  updateSchema: projectDepartmentUpdate,
  entity: 'projects.entity.dept',
  nameOf: (d) => d.departmentName,
  invalidates: [[projectKeys.org]],
})
