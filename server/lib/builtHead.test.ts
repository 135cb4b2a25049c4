import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq, sql } from 'drizzle-orm'
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import { headOf, runHead } from './builtHead'

const team = pgTable('team', { teamId: text('team_id').primaryKey(), teamName: text('team_name').notNull() })
const member = pgTable('member', {
  memberId: text('member_id').primaryKey(),
  teamId: text('team_id'),
  name: text('name').notNull(),
  sort: integer('sort').notNull(),
  tags: jsonb('tags').$type<string[]>(),
  joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
})

// a list's selection as the resources write them: columns, a joined table's column, a subquery, an expression
const selection = {
  memberId: member.memberId,
  name: member.name,
  sort: member.sort,
  tags: member.tags,
  joinedAt: member.joinedAt,
  teamName: team.teamName,
  memberCount: sql<number>`(select count(*)::int from ${member} m where m.team_id = ${member.teamId})`.as('member_count'),
  upper: sql<string>`upper(${member.name})`.mapWith(String),
}

let db: Db
let close: () => Promise<void>

beforeAll(async () => {
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const client = await PGlite.create()
  db = drizzle(client) as unknown as Db
  close = () => client.close()
  await db.execute(sql`create table team (team_id text primary key, team_name text not null)`)
  await db.execute(
    sql`create table member (member_id text primary key, team_id text, name text not null, sort int not null, tags jsonb, joined_at timestamptz not null)`,
  )
  await db.execute(sql`insert into team values ('t1', '一队'), ('t2', '二队')`)
  await db.execute(sql`insert into member values
    ('m1', 't1', '张三', 2, '["a","b"]', '2026-01-02T03:04:05.678Z'),
    ('m2', 't1', '李四', 1, null, '2026-02-03T04:05:06Z'),
    ('m3', null, '王五', 3, '[]', '2026-03-04T05:06:07Z')`)
})
afterAll(async () => close())

const query = () => db.select(selection).from(member).leftJoin(team, eq(team.teamId, member.teamId)).$dynamic()

describe('a select whose head is written once', () => {
  it('answers the rows Drizzle’s own select answers: every value decoded alike (dates, JSON, subqueries, nulls)', async () => {
    const head = headOf(query())!
    expect(head.text).toMatch(/^select .* from "member" left join "team"/)
    const where = eq(member.teamId, 't1')
    const order = [asc(member.sort), asc(member.memberId)]
    const mine = await runHead(db, head, sql`where ${where} order by ${sql.join(order, sql`, `)} limit ${10} offset ${0}`)
    const drizzles = await query()
      .where(where)
      .orderBy(...order)
      .limit(10)
      .offset(0)
    expect(mine).toEqual(drizzles)
    expect(mine.map((r) => r.name)).toEqual(['李四', '张三'])
    expect(mine[1]!.joinedAt).toEqual(new Date('2026-01-02T03:04:05.678Z'))
    expect(mine[1]!.tags).toEqual(['a', 'b'])
    expect(mine[1]!.memberCount).toBe(2)
    expect(mine[0]!.tags).toBeNull()
  })

  it('runs again with other values, and on the left join’s missing row', async () => {
    const head = headOf(query())!
    const rows = await runHead(db, head, sql`where ${member.memberId} = ${'m3'} order by ${member.memberId}`)
    expect(rows).toEqual([
      {
        memberId: 'm3',
        name: '王五',
        sort: 3,
        tags: [],
        joinedAt: new Date('2026-03-04T05:06:07Z'),
        teamName: null,
        memberCount: 0,
        upper: '王五',
      },
    ])
  })

  it('keeps no head that binds a value of its own (the tail’s parameters are numbered from $1), nor a nested one', () => {
    const bound = db
      .select({ memberId: member.memberId })
      .from(member)
      .leftJoin(team, sql`${team.teamId} = ${member.teamId} and ${team.teamName} <> ${'x'}`)
      .$dynamic()
    expect(headOf(bound)).toBeNull()
    // nor one selecting a table as a nested object: Drizzle maps that (and its left join's nulls) itself
    expect(
      headOf(db.select({ m: member, teamName: team.teamName }).from(member).leftJoin(team, eq(team.teamId, member.teamId)).$dynamic()),
    ).toBeNull()
  })
})
