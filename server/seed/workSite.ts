/**
 * Demo work sites (embedded database only, after the project structure): DEMO_WORK_SITES on the
 * demo railway project's main line, each in its design unit and that unit's section, managed by
 * staff of the project's units.
 */
import { and, asc, eq, inArray } from 'drizzle-orm'
import { formatChainage } from '../../src/contract/mileage'
import { newId } from '../../src/contract/ids'
import type { Db } from '../db/client'
import * as t from '../db/schema'
import { DEMO_WORK_SITES } from '../db/seed-data'
import { DEMO_STRUCTURE_PROJECT } from './projectStructure'
import { SEED_STAMP } from './rows'

export async function seedWorkSiteDemo(tx: Db): Promise<void> {
  const [p] = await tx
    .select({ id: t.project.projectId, owner: t.project.organizationId })
    .from(t.project)
    .where(eq(t.project.projectCode, DEMO_STRUCTURE_PROJECT))
  if (!p) return
  const [mainLine] = await tx
    .select({ id: t.line.lineId })
    .from(t.line)
    .where(eq(t.line.projectId, p.id))
    .orderBy(asc(t.line.sort), asc(t.line.lineCode))
  const units = await tx.select({ id: t.projectUnit.organizationId }).from(t.projectUnit).where(eq(t.projectUnit.projectId, p.id))
  const staff = await tx
    .select({ id: t.person.userId })
    .from(t.person)
    .where(and(inArray(t.person.organizationId, [p.owner, ...units.map((u) => u.id)]), eq(t.person.status, 'active')))
    .orderBy(asc(t.person.sort), asc(t.person.name))
    .limit(DEMO_WORK_SITES.length)
  const designUnits = await tx
    .select({ id: t.designUnit.designUnitId, code: t.designUnit.designUnitCode, containerId: t.designUnit.containerId })
    .from(t.designUnit)
    .where(eq(t.designUnit.projectId, p.id))
  const byCode = new Map(designUnits.map((d) => [d.code, d]))
  await tx.insert(t.workSite).values(
    DEMO_WORK_SITES.map((s, i) => {
      const du = byCode.get(`DU-${String(s.designUnit).padStart(2, '0')}`)
      return {
        workSiteId: newId(),
        projectId: p.id,
        workSiteCode: s.code,
        workSiteName: s.name,
        siteType: s.type,
        status: s.status,
        lineId: mainLine?.id ?? null,
        designUnitId: mainLine ? (du?.id ?? null) : null,
        containerId: du?.containerId ?? null,
        startMileage: formatChainage({ prefix: 'DK', metres: s.from }),
        endMileage: formatChainage({ prefix: 'DK', metres: s.to }),
        managerUserId: staff.length ? staff[i % staff.length]!.id : null,
        contactPhone: s.phone,
        longitude: s.lng,
        latitude: s.lat,
        address: s.address,
        description: s.description,
        photoFileIds: [],
        ...SEED_STAMP,
      }
    }),
  )
}
