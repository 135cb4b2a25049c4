export { AppManagePage } from './AppManagePage'
export { MenuPanel } from './MenuPanel'
export { applicationResource, menuResource } from './resource'
export { buildMenuTree, type MenuTreeNode } from './menuTree'
