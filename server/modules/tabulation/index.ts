/**
 * The tabulation module's public surface (表格管理, SPEC §7 "Tabulation (v2)"): its routes, and the
 * commands the demo data writes with (a group, a template, its publication, its cell rules).
 */
export { registerTabulationRoutes } from './routes'
export { groupTree, insertTemplate, publishTemplate, saveRules } from './templates'
