/** /test/demo's chunk. */
export { DemoPage } from './DemoPage'
