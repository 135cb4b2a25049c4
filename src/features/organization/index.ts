export { OrganizationPage } from './OrganizationPage'
