// The excel worker's entry (./excelThread.ts): the gateway runs TypeScript through tsx, whose loader
// a worker thread does not inherit; it is registered here before the worker's module is imported.
import { register } from 'tsx/esm/api'

register()
await import('./excelWorker.ts')
