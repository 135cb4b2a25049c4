/**
 * The outbox's vocabulary (DESIGN §4). An entry is the MEANING of an edit — "update person X from
 * version 3 to these values" — never a stored request: requests are built from it and signed when
 * they are sent, so a replay a day later carries a fresh timestamp, nonce and signature.
 */
import type { ComponentType } from 'react'
import type { QueryKey } from '@tanstack/react-query'

export type EntryStatus = 'pending' | 'sending' | 'failed' | 'conflicted'

/** Why the last attempt did not go through (shown in the sync centre). */
export interface EntryError {
  /** ApiError kind: code / network / timeout / invalid / cancelled; 'quota' for a full disk. */
  kind: string
  code?: number
  message: string
  /** 20001: the field errors `[{ field, key, message }]`. */
  data?: unknown
}

export interface OutboxEntry {
  /** UUIDv7; also the Idempotency-Key of its first request (later steps: `<id>:<n>`). */
  id: string
  /** Whose edit it is: only this account sees or replays it. */
  accountId: string
  /** The entity declaration's name, e.g. `user`, `generalAccount`. */
  entity: string
  /** The record edited (a client-given id for a record created offline). */
  entityId: string
  /** add | update | delete | enable | … (the declaration knows its ops). */
  op: string
  /** What the edit says: the validated form values, or the op's arguments. */
  payload: Record<string, unknown>
  /** The record version the edit was based on (updates), else null. */
  baseVersion: number | null
  /** ms since epoch. */
  createdAt: number
  /** Order of entries (per record, replay follows it; kept when a failed entry is edited). */
  seq: number
  attempts: number
  status: EntryStatus
  lastError: EntryError | null
  /** ms since epoch: not before (backoff). */
  nextAttemptAt: number
  /** Steps already applied (a person and then its lists: a replay resumes after these). */
  progress: number
  /** What the list showed (name) — for the sync centre. */
  title: string
  /** 20008: the server's current record, as answered. */
  theirs?: Record<string, unknown> | null
  /** The record as it was when the edit was made (for the conflict screen's "before"). */
  base?: Record<string, unknown> | null
  /** True once a request of this entry may have reached the server (a later 20009 means "still in progress"). */
  sent?: boolean
  /**
   * Files uploaded by the entry's upload steps: local blob id → the file id the server gave it. Later
   * steps (and later entries of the record) carry the file id wherever the payload held the blob id.
   */
  resolved?: Record<string, string>
}

/** The local copy a list or form shows while edits are not synced. */
export interface LocalRecord {
  accountId: string
  entity: string
  entityId: string
  /** null: deleted locally. */
  data: Record<string, unknown> | null
  /** True when the record exists only here (added offline). */
  added: boolean
  updatedAt: number
}

/** One request of an entry. */
export interface Step {
  /** `upload`: a file kept offline (a BlobRow) sent as multipart; its answer's fileId is `resolved`. */
  method: 'post' | 'put' | 'del' | 'upload'
  path: string
  /** JSON body (post/put), the ids (del), or `UploadBody` (upload). */
  body: unknown
}

/** What an upload step sends: the kept blob and the file service's purpose. */
export interface UploadBody {
  blobId: string
  purpose: string
}

/** A file taken offline (a photo), kept in IndexedDB until its upload step has gone through. */
export interface BlobRow {
  /** UUIDv7: stands in the edit's payload for the file id until the upload answers it. */
  id: string
  accountId: string
  blob: Blob
  name: string
  createdAt: number
}

export interface FieldSpec {
  key: string
  /** i18n key of the label. */
  label: string
  /** How to show a value (enum labels…); default: the text. */
  format?: (value: unknown) => string
}

/**
 * An entity the outbox can carry: a declaration, not machinery. Work sites will be one more
 * `defineOfflineEntity({...})`.
 */
export interface OfflineEntity {
  entity: string
  /** i18n key of the thing's name (人员, 账号…). */
  label: string
  /** The record's id field. */
  idKey: string
  /** The requests of an entry, in order (a person, then each changed list). */
  steps(entry: OutboxEntry): Step[]
  /** The local copy after this entry, from the previous one (null: none yet). Return null for a delete. */
  apply(prev: Record<string, unknown> | null, entry: OutboxEntry): Record<string, unknown> | null
  /** Query-key prefixes refetched after an entry of this entity reached the server. */
  invalidates: QueryKey[]
  /** Fields the conflict screen compares (mine vs theirs). */
  fields: FieldSpec[]
  /**
   * An entry is a decision that cannot be re-sent over someone else's (a task's 同意: once another
   * handled the task, sending mine again changes nothing): its conflict offers only to take theirs.
   */
  final?: boolean
  /** Payload fields never shown or exported (passwords). */
  secret?: string[]
  /** Title of a record for the sync centre. */
  titleOf(data: Record<string, unknown>): string
  /**
   * The record's version in the answer of the entry's first request, so that later edits of the
   * record made on top of this one are rebased onto it; default: the answer's `version`.
   */
  versionOf?(entry: OutboxEntry, data: unknown): number | null
  /** The form that edits a failed / conflicted entry (loaded when needed), e.g. `() => import('./EntryEditor')`. */
  editor?: () => Promise<{ default: ComponentType<EntryEditorProps> }>
}

export interface EntryEditorProps {
  entry: OutboxEntry
  onClose: () => void
}
