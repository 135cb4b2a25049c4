export { LogsPage } from './LogsPage'
