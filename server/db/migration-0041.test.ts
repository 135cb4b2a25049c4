/**
 * Migration 0041 (a design unit's 工点 are work sites), on the embedded database and, where its binaries
 * exist, on a PostgreSQL 15 server: a database migrated up to 0040 holding design units with work points
 * is migrated on; every point is then a work site of the unit's project, line, unit and container —
 * codes unique within the project, the mileage kept as the start mileage where the work sites' rule
 * allows it (else in the description) — the column is gone, and a unit with sites is not deleted.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { id } from '../../src/contract/schemas/common'
import { hasPostgres, startPostgres, type PostgresServer } from '../../tests/support/postgres'
import { pgliteExtensions, type Db } from './client'

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')
const TAG = '0041_design_unit_work_sites'

/** The migrations folder as it was before 0041. */
function foldersBefore(): { before: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'trestle-0041-'))
  cpSync(MIGRATIONS, dir, { recursive: true, filter: (src) => !src.endsWith(`${TAG}.sql`) })
  const journalFile = path.join(dir, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag === TAG),
  )
  writeFileSync(journalFile, JSON.stringify(journal))
  return { before: dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

interface Target {
  name: string
  open: () => Promise<{ db: Db; migrate: (folder: string) => Promise<void>; close: () => Promise<void> }>
}

let pgServer: PostgresServer | null = null
const targets: Target[] = [
  {
    name: 'embedded',
    open: async () => {
      const { PGlite } = await import('@electric-sql/pglite')
      const { drizzle } = await import('drizzle-orm/pglite')
      const { migrate } = await import('drizzle-orm/pglite/migrator')
      const client = await PGlite.create({ extensions: await pgliteExtensions() })
      const db = drizzle(client)
      return { db: db as unknown as Db, migrate: (folder) => migrate(db, { migrationsFolder: folder }), close: () => client.close() }
    },
  },
  ...(hasPostgres()
    ? [
        {
          name: 'PostgreSQL',
          open: async () => {
            pgServer = await startPostgres('mig0041')
            const { default: pg } = await import('pg')
            const { drizzle } = await import('drizzle-orm/node-postgres')
            const { migrate } = await import('drizzle-orm/node-postgres/migrator')
            const pool = new pg.Pool({ connectionString: pgServer.url(), max: 2 })
            const db = drizzle(pool)
            return { db: db as unknown as Db, migrate: (folder) => migrate(db, { migrationsFolder: folder }), close: () => pool.end() }
          },
        } satisfies Target,
      ]
    : []),
]

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows

/** The SQLSTATE of a driver's error (possibly wrapped by drizzle). */
function pgCodeOf(err: unknown): string | undefined {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if (typeof (e as { code?: unknown }).code === 'string') return (e as { code: string }).code
  return undefined
}

interface Site {
  project_id: string
  work_site_code: string
  work_site_name: string
  site_type: string
  status: string
  line_id: string | null
  design_unit_id: string | null
  container_id: string | null
  start_mileage: string | null
  end_mileage: string | null
  description: string | null
  work_site_id: string
  version: number
}

describe.each(targets)('migration 0041 on $name', (target) => {
  let db: Db
  let close: () => Promise<void>
  const folders = foldersBefore()
  const ids = {
    p1: '01a21729-1aba-7000-8000-000000000001',
    p2: '01a21729-1aba-7000-8000-000000000002',
    line: '01a21729-1aba-7000-8000-000000000011',
    container: '01a21729-1aba-7000-8000-000000000021',
    du1: '01a21729-1aba-7000-8000-000000000031',
    du2: '01a21729-1aba-7000-8000-000000000032',
    du3: '01a21729-1aba-7000-8000-000000000033',
    du4: '01a21729-1aba-7000-8000-000000000034',
  }
  const longCode = `L${'x'.repeat(39)}`

  beforeAll(async () => {
    const opened = await target.open()
    db = opened.db
    close = opened.close
    await opened.migrate(folders.before)
    // the projects' owner unit is not there (no reference checks while the fixture is written); the rows a
    // work site names are, and the migration runs with every check
    await db.execute(sql`set session_replication_role = replica`)
    for (const projectId of [ids.p1, ids.p2])
      await db.execute(sql`
        insert into project (project_id, project_name, project_code, project_type, organization_id)
        values (${projectId}, ${`项目${projectId.slice(-1)}`}, ${`P${projectId.slice(-1)}`}, 'railway', 'no-such-unit')`)
    await db.execute(
      sql`insert into line (line_id, project_id, line_code, line_name, line_type) values (${ids.line}, ${ids.p1}, 'ZX', '正线', 'main')`,
    )
    await db.execute(sql`
      insert into container (container_id, project_id, path, sort_key, container_name, container_code, container_type)
      values (${ids.container}, ${ids.p1}, ${`/${ids.container}/`}, 'a0', '一标段', 'SG-01', 'section')`)
    const unit = (designUnitId: string, projectId: string, code: string, points: unknown) => sql`
      insert into design_unit (design_unit_id, project_id, line_id, design_unit_code, design_unit_name, start_mileage, end_mileage, container_id, work_points)
      values (${designUnitId}, ${projectId}, ${ids.line}, ${code}, ${`设计单元${code.slice(0, 8)}`}, 'DK10+000.000', 'DK12+000.000', ${ids.container}, ${JSON.stringify(points)}::jsonb)`
    await db.execute(
      unit(ids.du1, ids.p1, 'DU-1', [
        { name: '1号桥工点', mileage: 'DK10+500.000' },
        { name: ' 拌合站 ', mileage: 'DK30+000.000' },
        { name: '无里程工点' },
        { name: '', mileage: '' },
      ]),
    )
    await db.execute(unit(ids.du2, ids.p1, longCode, [{ name: '长编码工点', mileage: 'DK12+000.000' }]))
    await db.execute(unit(ids.du3, ids.p2, 'DU-1', [{ name: '另一项目工点', mileage: 'DK11+000.000' }]))
    await db.execute(unit(ids.du4, ids.p1, 'DU-4', []))
    // a site of p1 already has the code the first point would get
    await db.execute(sql`
      insert into work_site (work_site_id, project_id, work_site_code, work_site_name, site_type, design_unit_id)
      values ('01a21729-1aba-7000-8000-000000000041', ${ids.p1}, 'GD-DU-1-1', '已有工点', 'bridge', null)`)
    await db.execute(sql`set session_replication_role = origin`)
    await opened.migrate(MIGRATIONS)
  }, 240_000)

  afterAll(async () => {
    await close?.()
    if (target.name === 'PostgreSQL') pgServer?.remove()
    folders.remove()
  })

  it('turns every work point into a work site of its unit, codes unique within the project, mileages kept where valid', async () => {
    const sites = await rowsOf<Site>(db, sql`select * from work_site where design_unit_id is not null order by project_id, work_site_code`)
    const summary = sites.map((s) => [s.project_id, s.design_unit_id, s.work_site_code, s.work_site_name, s.start_mileage, s.description])
    expect(summary).toEqual([
      [ids.p1, ids.du1, 'GD-DU-1-1-2', '1号桥工点', 'DK10+500.000', null],
      [ids.p1, ids.du1, 'GD-DU-1-2', '拌合站', null, '原工点里程：DK30+000.000'],
      [ids.p1, ids.du1, 'GD-DU-1-3', '无里程工点', null, null],
      [ids.p1, ids.du1, 'GD-DU-1-4', '设计单元DU-1工点4', null, null],
      [ids.p1, ids.du2, `GD-${longCode.slice(0, 30)}-1`, '长编码工点', 'DK12+000.000', null],
      [ids.p2, ids.du3, 'GD-DU-1-1', '另一项目工点', 'DK11+000.000', null],
    ])
    for (const s of sites) {
      expect(s).toMatchObject({
        site_type: 'other',
        status: 'preparing',
        line_id: ids.line,
        container_id: ids.container,
        end_mileage: null,
      })
      expect(s.work_site_code.length).toBeLessThanOrEqual(40)
      expect(s.work_site_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      expect(id().safeParse(s.work_site_id).success).toBe(true)
    }
    expect(new Set(sites.map((s) => s.work_site_id)).size).toBe(sites.length)
    // the site that was there keeps its code
    expect((await rowsOf<Site>(db, sql`select * from work_site where design_unit_id is null`)).map((s) => s.work_site_code)).toEqual([
      'GD-DU-1-1',
    ])
  })

  it('drops the column, and a design unit with work sites is not deleted while one without is', async () => {
    const columns = await rowsOf<{ column_name: string }>(
      db,
      sql`select column_name from information_schema.columns where table_name = 'design_unit' and column_name = 'work_points'`,
    )
    expect(columns).toEqual([])
    const refused = await db.execute(sql`delete from design_unit where design_unit_id = ${ids.du1}`).then(
      () => null,
      (e: unknown) => e,
    )
    expect(pgCodeOf(refused)).toBe('23503') // foreign_key_violation
    await db.execute(sql`delete from design_unit where design_unit_id = ${ids.du4}`)
    expect(await rowsOf(db, sql`select 1 from design_unit where design_unit_id = ${ids.du4}`)).toEqual([])
  })
})
