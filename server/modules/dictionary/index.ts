/** The engineering dictionaries module's public surface: its routes (EBS, WBS, quantities, majors, standards, links). */
export { registerDictionaryRoutes } from './routes'
