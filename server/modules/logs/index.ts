/** The logs module's public surface: its routes, the writers of the login, operation and system logs, and the port it answers for (lib/logPort.ts). */
import { setLogPort } from '../../lib/logPort'
import { writeOperateLog, writeSystemLog, writeWorkLog } from './write'

export { heldFunction } from './clicks'
export { loginStatistics, type LoginStatistics } from './loginStats'
export { registerLogRoutes } from './routes'
export { logContent, writeLoginLog, writeOperateLog, writeSystemLog, writeWorkLog } from './write'

/** At start: the gate's operation log and the security events of the machinery reach the log tables through lib/logPort.ts. */
export function setLogPorts(): void {
  setLogPort({ system: writeSystemLog, operate: writeOperateLog, work: writeWorkLog })
}
