/** People found by the console's search: approved, not archived, by name, within the units the caller sees. */
import { eq } from 'drizzle-orm'
import { recordFinder } from '../../lib/finder'
import { person } from '../../db/schema'

export const personFinder = recordFinder('person', person, {
  id: person.userId,
  name: person.name,
  organizationId: person.organizationId,
  where: [eq(person.auditStatus, 'approved'), eq(person.status, 'active')],
  scope: 'units',
})
