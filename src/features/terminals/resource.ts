import { resourcePaths } from '@/contract'
import { terminalApply, terminalDecision, type Terminal } from '@/contract/schemas/terminal'
import { defineResource } from '@/lib/crud'
import { terminalKeys } from './queries'

/** The list of terminals (no add/edit/delete: devices apply themselves, administrators decide). */
export const terminalResource = defineResource<Terminal>({
  key: terminalKeys.all()[0],
  paths: resourcePaths('terminal'),
  idKey: 'terminalId',
  addSchema: terminalApply,
  updateSchema: terminalDecision,
  entity: 'terminals.entity',
  nameOf: (r) => r.deviceName || r.deviceId,
})
