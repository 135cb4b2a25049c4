/** Projects found by the console's search: by name or code, among the projects the caller sees. */
import { projectRecordFinder } from '../../lib/finder'
import { project } from '../../db/schema'

export const projectFinder = projectRecordFinder('project', project, {
  id: project.projectId,
  name: project.projectName,
  code: project.projectCode,
  projectId: project.projectId,
  organizationId: project.organizationId,
})
