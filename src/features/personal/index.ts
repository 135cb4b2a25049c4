/** The personal centre (/personal-view): profile, security, signature, third-party accounts, devices. */
export { PersonalCenterPage } from './PersonalCenterPage'
