/**
 * What the project structure module asks of the work sites — a design unit's 工点 are the work sites
 * placed in it — answered by the work site module, which owns the work_site rows and sets this port at
 * start (server/modules/workSite/index.ts, the `ports` step of server/modules/index.ts): the work site
 * module imports this one, so this one imports no work site code.
 */
import type { DesignUnitWorkSite } from '../../../src/contract/schemas/projectStructure'
import type { Db } from '../../db/client'
import { definePort } from '../../lib/port'

export interface DesignUnitSites {
  /** How many work sites each of the design units has and the first `limit` of them in code order; a unit without sites is left out. */
  sitesOf(db: Db, designUnitIds: string[], limit: number): Promise<Map<string, { count: number; sites: DesignUnitWorkSite[] }>>
}

const sites = definePort<DesignUnitSites>('the project structure module asked about work sites')

/** The work site module, at start. */
export const setDesignUnitSites = sites.set

export const designUnitSites: DesignUnitSites['sitesOf'] = (db, ids, limit) => sites.get().sitesOf(db, ids, limit)
