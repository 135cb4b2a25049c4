/** The work site module's public surface: its routes, the insert and the Excel columns the initialisation uses, the search's finder, which ids are a project's sites, and the port it answers for (a design unit's 工点: projectStructure/workSitePort.ts). */
import { setDesignUnitSites } from '../projectStructure'
import { sitesOfDesignUnits } from './service'

export { STRUCTURE_CODE_COLUMNS, workSiteExcelColumns, workSiteSheetSelection } from './excel'
export { workSiteFinder } from './find'
export { registerWorkSiteRoutes } from './routes'
export { insertWorkSite, workSiteIdsOf } from './service'

/** At start: the project structure module reads a design unit's work sites through its port. */
export function setWorkSitePorts(): void {
  setDesignUnitSites({ sitesOf: sitesOfDesignUnits })
}
