/** The people module's public surface: its routes, the staff record a registration adds, the search's finder, and the port it answers for (the account module's personPort.ts). */
import { setRegistrationPersonWriter } from '../account'
import { addRegistrationPerson } from './audit'

export { addRegistrationPerson } from './audit'
export { personFinder } from './find'
export { registerPeopleRoutes } from './routes'

/** At start: an account registered through an invitation gets its staff record through the account module's port. */
export function setPeoplePorts(): void {
  setRegistrationPersonWriter(addRegistrationPerson)
}
