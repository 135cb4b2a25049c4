export { HomePage } from './HomePage'
