/** Projects found by the console's search: by name or code, among the projects the caller sees. */
import { recordFinder } from '../../lib/finder'
import { project } from '../../db/schema'

export const projectFinder = recordFinder('project', project, {
  id: project.projectId,
  name: project.projectName,
  detail: project.projectCode,
  organizationId: project.organizationId,
  projectId: project.projectId,
  scope: 'projects',
})
