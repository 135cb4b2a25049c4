/** Columns every table file shares. */
import { integer, text, timestamp } from 'drizzle-orm/pg-core'

/** A point in time, with its time zone, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** Columns of every business record: its version (moved by the database, migration 0010) and who changed it when. */
export const stamped = {
  version: integer('version').notNull().default(0),
  createTime: ts('create_time').notNull().defaultNow(),
  updateTime: ts('update_time').notNull().defaultNow(),
  createBy: text('create_by'),
  updateBy: text('update_by'),
}
