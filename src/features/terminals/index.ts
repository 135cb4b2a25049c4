export { TerminalsPage } from './TerminalsPage'
