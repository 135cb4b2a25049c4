/**
 * The e2e run's template database (tests/support/gateway.ts): migrated and seeded once here, copied
 * by each worker's gateway and each test's own (offline-helpers.ts) instead of seeding again.
 */
import { TEMPLATE_ENV, makeTemplate } from '../support/gateway'

export default async function setup() {
  const template = await makeTemplate()
  process.env[TEMPLATE_ENV] = template.dir
  return () => template.remove()
}
