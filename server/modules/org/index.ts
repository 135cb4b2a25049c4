/**
 * The organisation module's public surface: its routes, the unit tree and unit lookups other modules
 * read (units are read through these, never from the table), the units' account limits, and the
 * ports it answers for (lib/modulePorts.ts: a data scope's sub-units) and asks through (accountPort.ts,
 * rolePort.ts, staffPort.ts).
 */
import { setModulePorts } from '../../lib/modulePorts'
import { orgSubtreeSql } from './queries'

export { setUnitAccounts } from './accountPort'
export { setUnitRoles } from './rolePort'
export { setUnitStaff } from './staffPort'
export { unitFinder } from './find'
export { groupIdsWithin } from './groups'
export { setUnitAccountLimit, unitAccountCount, unitLimitPage } from './limits'
export {
  findOrg,
  lockUnitAccountLimit,
  orgExists,
  orgIdByName,
  orgIdsByNames,
  orgName,
  orgNameOf,
  orgNames,
  orgSubtreeIds,
  orgSubtreeSql,
  orgTree,
  searchActiveUnits,
  unitAtOrUnder,
  unitNames,
  unitOptions,
  unitPath,
  unitsForTree,
  unitsUnderSql,
} from './queries'
export { registerOrgRoutes } from './routes'

/** At start: a data scope with sub-units (lib/permissions.ts) reads the unit tree through lib/modulePorts.ts. */
export function setOrgPorts(): void {
  setModulePorts({ unitSubtreeSql: orgSubtreeSql })
}
