/**
 * The user audit run as a process (issue 29): when a workflow model is bound to the 用户审核 menu, a record
 * that goes under review starts an instance of it, and the record is decided when that instance ends.
 * The people module cannot import the workflow module (workflow's executors read the department heads
 * here), so what it asks of the process is this port, answered by server/modules/auditProcess at start:
 *   - underReview: a record went under review (a registration, a profile completed through an invitation),
 *     in the writing transaction — the bound process starts for it (none bound: nothing happens);
 *   - running: which records wait in a running instance, and at which nodes (the list shows it, and the
 *     direct decisions refuse those records: 20021 IN_PROCESS).
 */
import { Code } from '../../../src/contract/codes'
import type { AuditProcessState, SubmitKind } from '../../../src/contract/schemas/people'
import type { Db } from '../../db/client'
import { ApiError } from '../../lib/http'
import { definePort } from '../../lib/port'
import texts from './texts.json'

/** A record that has just gone under review. */
export interface RecordUnderReview {
  userId: string
  name: string
  /** Its account (a registration's pending one); null for a staff record without one. */
  accountId: string | null
  organizationId: string | null
  submitKind: SubmitKind
  /** Who asked for the submission (an invitation's author), when the record has no account. */
  requestedBy?: string | null
}

export interface AuditProcess {
  underReview(db: Db, record: RecordUnderReview): Promise<void>
  running(db: Db, userIds: string[]): Promise<Map<string, AuditProcessState>>
}

const port = definePort<AuditProcess>('the user audit asked about its process')

/** The audit process's module, at start. */
export const setAuditProcess = port.set

export const underReview: AuditProcess['underReview'] = (db, record) => port.get().underReview(db, record)
export const runningAudits: AuditProcess['running'] = (db, userIds) => port.get().running(db, userIds)

export const IN_PROCESS = texts.auditProcessPort.inProcess

/** 20021 when one of the records waits in a running audit process (its task decides it, not a direct audit). */
export async function refuseInProcess(db: Db, userIds: string[]): Promise<void> {
  const running = await runningAudits(db, userIds)
  if (running.size) throw new ApiError(Code.REFUSED, { userIds: [...running.keys()] }, IN_PROCESS)
}
