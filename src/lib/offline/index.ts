/**
 * The outbox (DESIGN §4): edits of staff and accounts (and whatever else declares itself with
 * `defineOfflineEntity` / `crudEntity`) made while the gateway cannot be reached are kept in
 * IndexedDB with a local copy the lists and forms show, and replayed — signed when sent, in order
 * per record, exactly once thanks to the entry id being the Idempotency-Key.
 *
 *   crudEntity({ entity: 'user', paths, idKey, subLists, fields, titleOf, invalidates })  // a declaration
 *   defineResource({ ..., offline: { entity: personOffline } })                            // crud routes saves through it
 *   submitEdit({ entity, entityId, op, payload })   // direct when reachable, else queued
 *   syncNow()  ·  useSyncState(s => s.entries)  ·  useMergedRows(entity, rows, idOf)  ·  <SyncMark status />
 *
 * Reading offline (persisted query cache, service-worker dictionaries) is ./read.
 */
export type {
  BlobRow,
  EntryEditorProps,
  EntryError,
  EntryStatus,
  FieldSpec,
  LocalRecord,
  OfflineEntity,
  OutboxEntry,
  Step,
  UploadBody,
} from './types'
export {
  crudEntity,
  defineOfflineEntity,
  isKeptFileId,
  keptFileId,
  keptFilesIn,
  entityOf,
  editorOf,
  registerEntryEditor,
  type EntryEditorLoader,
  allEntities,
  type CrudEntityDef,
  type CrudOp,
  type CrudPayload,
} from './entities'
export { Outbox, withResolved, type EnqueueInput, type OutboxDeps, type RunResult } from './outbox'
export { OutboxStore, isQuotaError } from './store'
export { openOutboxDb, DB_NAME, DB_VERSION } from './db'
export { classify, backoffMs, parseRetryAfter } from './policy'
export { mergeLocal, type Merged } from './merge'
export {
  syncStore,
  useSyncState,
  outbox,
  outboxStore,
  refresh,
  probe,
  isKnownOffline,
  syncNow,
  submitEdit,
  keepFile,
  keptFile,
  StepError,
  refreshStorage,
  outboxExport,
  clearOutboxOf,
  startOutbox,
  type SyncState,
  type StorageInfo,
  type SubmitInput,
  type Submitted,
} from './runtime'
export { useLocalRecords, useMarks, useMergedRows, SyncMark } from './hooks'
