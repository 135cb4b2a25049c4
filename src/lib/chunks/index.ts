export { lazyComponent, lazyScreen, type LazyComponent, type LazyScreen } from './lazyScreen'
export { OnceOpened } from './OnceOpened'
export { ChunkErrorScreen } from './ChunkErrorScreen'
export {
  ChunkLoadError,
  SCRIPT_CHUNK_TIMEOUT_MS,
  classifyChunkFailure,
  installPreloadErrorListener,
  isChunkFailure,
  isChunkLoadError,
  loadChunk,
  withChunkTimeout,
  type ChunkErrorType,
  type ChunkResource,
} from './classify'
