export { DictionaryPage } from './DictionaryPage'
export { RelationPage } from './RelationPage'
