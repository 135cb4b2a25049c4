/**
 * Work sites (issue 12 part A; migration 0017_work_sites): a project's places of work, placed in its
 * structure, with a site manager, location and photos. Carries `projectId` (DESIGN §3 "Project scope").
 */
import { doublePrecision, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { person } from './people'
import { line, project } from './project'
import { container, designUnit } from './projectStructure'
import { ownerRef, stamped } from './columns'

export const workSite = pgTable(
  'work_site',
  {
    workSiteId: text('work_site_id').primaryKey(),
    projectId: ownerRef('project_id', () => project.projectId),
    workSiteCode: text('work_site_code').notNull(),
    workSiteName: text('work_site_name').notNull(),
    siteType: text('site_type').notNull(),
    status: text('status').notNull().default('preparing'),
    lineId: text('line_id').references(() => line.lineId, { onDelete: 'set null' }),
    /** The design unit it belongs to (one of the unit's 工点); a unit with sites is not deleted (0041: no action). */
    designUnitId: text('design_unit_id').references(() => designUnit.designUnitId),
    containerId: text('container_id').references(() => container.containerId, { onDelete: 'set null' }),
    /** Canonical chainages (src/contract/mileage.ts). */
    startMileage: text('start_mileage'),
    endMileage: text('end_mileage'),
    managerUserId: text('manager_user_id').references(() => person.userId, { onDelete: 'set null' }),
    contactPhone: text('contact_phone'),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    address: text('address'),
    description: text('description'),
    /** File ids of the photos, in order. */
    photoFileIds: jsonb('photo_file_ids').$type<string[]>().notNull().default([]),
    ...stamped,
  },
  (t) => [
    uniqueIndex('work_site_code_uq').on(t.projectId, t.workSiteCode),
    index('work_site_project_idx').on(t.projectId, t.workSiteCode),
    index('work_site_line_idx').on(t.lineId),
    index('work_site_design_unit_idx').on(t.designUnitId, t.workSiteCode),
    index('work_site_manager_idx').on(t.managerUserId),
  ],
)
