/**
 * The gateways of this test file's worker: global-setup.ts starts one set per Vitest worker, and a
 * file reads its own by the worker's pool id, so files running side by side never share records.
 */
import { inject } from 'vitest'
import type { GatewaySet } from './global-setup'

export function provided<K extends keyof GatewaySet>(key: K): GatewaySet[K] {
  const sets = inject('sets')
  const pool = Number(process.env.VITEST_POOL_ID ?? 1)
  return sets[(pool - 1) % sets.length]![key]
}
