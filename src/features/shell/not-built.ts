/** The chunk shared by every route whose area is not built yet. */
export { NotBuiltPage } from './NotBuiltPage'
