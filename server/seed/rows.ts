/** What the seed's rows share: who wrote them, their order, and how a demo unit becomes an organization row. */
import type * as t from '../db/schema'

/** Every seeded row is version 0, written by 'system'. */
export const SEED_STAMP = { version: 0, createBy: 'system', updateBy: 'system' }

/** One row per item, in the list's order: `sort` 1, 2, … and the seed's stamp on each. */
export const inOrder = <T, R extends object>(items: readonly T[], row: (item: T) => R) =>
  items.map((item, i) => ({ ...row(item), sort: i + 1, ...SEED_STAMP }))

/** A demo unit as the seed describes it (the base units of seed-data.ts and the demo's child units). */
export interface DemoUnit {
  name: string
  short: string
  creditCode?: string | null
  legalPerson?: string | null
  contactPerson: string
  contactPhone: string
  address: string
}

/** The organization row of a demo unit. */
export const organizationRow = (
  u: DemoUnit,
  ids: { organizationId: string; parentId: string | null; organizationTypeId: string | null },
  sort: number,
): typeof t.organization.$inferInsert => ({
  ...ids,
  organizationName: u.name,
  shortName: u.short,
  creditCode: u.creditCode ?? null,
  legalPerson: u.legalPerson ?? null,
  contactPerson: u.contactPerson,
  contactPhone: u.contactPhone,
  address: u.address,
  sort,
  ...SEED_STAMP,
})
