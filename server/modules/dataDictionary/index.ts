/** The data dictionary module's public surface: its routes (keys, items, `dictionary/items`), whether codes are enabled items of a key, and who uses a key's items. */
export { registerDataDictionaryRoutes } from './routes'
export {
  dictionaryItems,
  dictionaryResolver,
  notInDictionary,
  requireDictionaryItem,
  setDictionaryUse,
  unknownDictionaryCodes,
  type DictionaryUse,
} from './uses'
