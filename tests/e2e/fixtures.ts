/**
 * The e2e tests' `test`: each Playwright worker starts a gateway of its own (fresh embedded
 * database, demo data, the built console) and every page, context and request of its tests goes
 * there. Files of different workers share no records (E2E_WORKERS, playwright.config.ts).
 */
import { test as base } from '@playwright/test'
import { ownGateway } from './offline-helpers'

export * from '@playwright/test'

export const test = base.extend<object, { gatewayURL: string }>({
  gatewayURL: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, provide) => {
      // installer packages up to 300 MB (terminals-logs.spec shows this in its upload box)
      const gateway = await ownGateway({ TRESTLE_PACKAGE_MAX_MB: '300' })
      await provide(gateway.baseURL)
      await gateway.kill()
    },
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ gatewayURL }, provide) => provide(gatewayURL),
})
