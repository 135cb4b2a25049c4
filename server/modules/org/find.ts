/** Units found by the console's search: by name, short name or credit code, within the units the caller sees. */
import { recordFinder } from '../../lib/finder'
import { organization } from '../../db/schema'

export const unitFinder = recordFinder('unit', organization, {
  id: organization.organizationId,
  name: organization.organizationName,
  detail: organization.creditCode,
  organizationId: organization.organizationId,
  match: [organization.organizationName, organization.shortName, organization.creditCode],
  rank: [organization.organizationName, organization.shortName],
  scope: 'units',
})
