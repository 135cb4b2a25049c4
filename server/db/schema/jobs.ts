/**
 * Background work (DESIGN §5): the one jobs table, claimed with FOR UPDATE SKIP LOCKED by any
 * gateway instance (server/lib/jobs.ts), and the events outbox a business write fills in its own
 * transaction. Ids are bigserial: their order is the order of writing (event ids of live streams).
 */
import { sql } from 'drizzle-orm'
import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { ts } from './columns'

/** A unit of background work: `ready` → `running` (leased) → `done`, or back to `ready` with a backoff, or `dead`. */
export const job = pgTable(
  'job',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** At most one job of a kind with this key, ever (a second enqueue is a no-op). */
    dedupeKey: text('dedupe_key'),
    status: text('status').notNull().default('ready'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** Recurring: run again this many seconds after each completion. */
    everySeconds: integer('every_seconds'),
    runAt: ts('run_at').notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('job_dedupe_uq')
      .on(t.kind, t.dedupeKey)
      .where(sql`dedupe_key is not null`),
    index('job_due_idx')
      .on(t.runAt)
      .where(sql`status in ('ready', 'running')`),
    index('job_dead_idx')
      .on(t.kind, t.id)
      .where(sql`status = 'dead'`),
  ],
)

/** A business event, written in the transaction of the write that caused it; consumers run as jobs. */
export const eventOutbox = pgTable(
  'event_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** The organisation concerned (receivers by data scope), if any. */
    organizationId: text('organization_id'),
    /** At most one event with this key, ever (e.g. one "expiring" notice per account and end date). */
    dedupeKey: text('dedupe_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('event_outbox_topic_idx').on(t.topic, t.id),
    uniqueIndex('event_outbox_dedupe_uq')
      .on(t.dedupeKey)
      .where(sql`dedupe_key is not null`),
  ],
)
