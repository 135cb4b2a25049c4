export { RoleManagePage } from './RoleManagePage'
export { roleResource } from './resource'
