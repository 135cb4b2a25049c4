/** The work site module's public surface: its routes, the insert and the Excel columns the initialisation uses, the search's finder, which ids are a project's sites. */
export { STRUCTURE_CODE_COLUMNS, workSiteExcelColumns, workSiteSheetSelection } from './excel'
export { workSiteFinder } from './find'
export { registerWorkSiteRoutes } from './routes'
export { insertWorkSite, workSiteIdsOf } from './service'
