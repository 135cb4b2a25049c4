export { InitWizardPage } from './InitWizardPage'
