/** Columns every table file shares. */
import { bigint, index, integer, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core'

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

/** A business record in a hand-set order among its kind (`sort`, 1 first), with the record's stamps. */
export const sortedStamped = {
  sort: integer('sort').notNull().default(1),
  ...stamped,
}

/** Who added a row that is never edited (a grant, a relation), and when. */
export const added = {
  createTime: ts('create_time').notNull().defaultNow(),
  createBy: text('create_by'),
}

/** The row this one belongs to (required): deleting that row deletes this one. */
export const ownerRef = <TName extends string>(name: TName, owner: () => AnyPgColumn) =>
  text(name).notNull().references(owner, { onDelete: 'cascade' })

/**
 * The columns of an ordered tree kept by server/lib/tree.ts (`defineTree` reads them by these names):
 * the parent (null: a root; deleting a node deletes its subtree), the materialised path and the
 * fractional sort key among siblings, both text COLLATE "C" (set by the migration).
 */
/**
 * The epoch of the statement that last wrote the row (a trigger of migration 0046 sets it): a tree
 * table whose copies gateways keep (lib/treeCache.ts) is read again only where this is newer than a copy.
 */
export const changeEpoch = { changeEpoch: bigint('change_epoch', { mode: 'number' }).notNull().default(0) }

export const treeColumns = (self: () => AnyPgColumn) => ({
  parentId: text('parent_id').references(self, { onDelete: 'cascade' }),
  /** Materialised path '/root/…/self/' of ids. */
  path: text('path'),
  /** Fractional sort key among siblings. */
  sortKey: text('sort_key'),
})

/** The indexes of `treeColumns` in the table `name`: the children of a parent in order, and subtrees by path prefix. */
export const treeIndexes = (name: string, t: { parentId: AnyPgColumn; path: AnyPgColumn; sortKey: AnyPgColumn }) => [
  index(`${name}_parent_idx`).on(t.parentId, t.sortKey),
  index(`${name}_path_idx`).on(t.path),
]

/** A one-time secret's life (a verification code, an OAuth state): issued, valid until, used (null: not yet). */
export const singleUse = {
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
}

/** A message's text in both languages of the console (a configuration's template, an inbox row). */
export const messageText = {
  titleZh: text('title_zh').notNull(),
  titleEn: text('title_en').notNull(),
  contentZh: text('content_zh').notNull(),
  contentEn: text('content_en').notNull(),
}
