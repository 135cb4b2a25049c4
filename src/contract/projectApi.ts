/**
 * The project area's paths, in a module of their own (as workflowApi.ts): no zod, so the project
 * pickers and the lists scoped by a project start without the schemas (contract/schemas/project.ts
 * re-exports them).
 */
import { resourcePaths } from './paths'

export const PROJECT_API = {
  project: {
    ...resourcePaths('project'),
    /** GET: the projects the caller may see (any signed account), for the project pickers. */
    listVisible: '/api/admin/v1/project/listVisible',
    /** GET ?projectId=: one project (20002 outside the caller's projects). */
    get: '/api/admin/v1/project/get',
  },
  projectUnit: resourcePaths('projectUnit'),
  line: resourcePaths('line'),
  engineeringMajor: resourcePaths('engineeringMajor'),
  projectOrg: resourcePaths('projectOrg'),
  projectDepartment: {
    ...resourcePaths('projectDepartment'),
    /** POST { projectDepartmentId, parentId }: move under another department of its organisation (a cycle is 20021). */
    move: '/api/admin/v1/projectDepartment/move',
    /** GET: departments to choose for a registered account (every department of the caller's projects). */
    listOptions: '/api/admin/v1/projectDepartment/listOptions',
  },
} as const
