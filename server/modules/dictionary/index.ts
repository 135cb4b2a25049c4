/** The engineering dictionaries module's public surface: its routes (EBS, WBS, quantities, majors, standards, links), and which ids are enabled nodes of a tree. */
export { dictNodeCodes, enabledDictNodeIds, quantityEntries, quantityEntry, type QuantityEntry } from './choices'
export { registerDictionaryRoutes } from './routes'
