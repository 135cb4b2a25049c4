export { ProjectManagePage } from './ProjectManagePage'
export { ProjectInfoPage } from './ProjectInfoPage'
export { ProjectConfigPage } from './ProjectConfigPage'
export { ProjectFormFields, projectDefaults } from './fields'
