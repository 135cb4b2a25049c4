export { lazyScreen, type LazyScreen } from './lazyScreen'
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
