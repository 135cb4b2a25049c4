import { resourcePaths } from '@/contract'
import type { Terminal } from '@/contract/schemas/terminal'
import { defineResource } from '@/lib/crud'
import { terminalKeys } from './queries'

/** The list of terminals (no add/edit/delete: devices apply themselves, administrators decide). */
export const terminalResource = defineResource<Terminal>({
  key: terminalKeys.all()[0],
  paths: resourcePaths('terminal'),
  idKey: 'terminalId',
  schemas: () => import('@/contract/schemas/terminal').then((m) => ({ add: m.terminalApply, update: m.terminalDecision })),
  entity: 'terminals.entity',
  nameOf: (r) => r.deviceName || r.deviceId,
})
