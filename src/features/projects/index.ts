export { ProjectManagePage } from './ProjectManagePage'
export { ProjectInfoPage } from './ProjectInfoPage'
export { ProjectConfigPage } from './ProjectConfigPage'
// the project picker (URL search `projectId`) for the other project screens (containers, design units, work sites…)
export { ProjectPicker, NoProject, useProjectChoice } from './ProjectPicker'
export type { ProjectChoice } from './ProjectPicker'
