/**
 * Demo structure of the railway project (embedded database only, after the projects): its
 * container tree (three sections → bridges with their piers, tunnels, subgrade, stations — a few
 * hundred nodes), design units along the main line by section with mileages and two 工点 each (work
 * sites placed in the unit: a site of its major and a mixing plant), and unit engineering under them. Paths and sort keys are written here (one tree per project).
 */
import { asc, eq } from 'drizzle-orm'
import { formatChainage } from '../../src/contract/mileage'
import { newId } from '../../src/contract/ids'
import type { ContainerType } from '../../src/contract/schemas/projectStructure'
import type { WorkSiteType } from '../../src/contract/schemas/workSite'
import { keyBetween } from '../lib/tree'
import type { Db } from '../db/client'
import * as t from '../db/schema'
import { SEED_STAMP } from './rows'

/** The demo railway project (server/seed/project.ts). */
export const DEMO_STRUCTURE_PROJECT = 'HYR-WY-01'

const SECTIONS = [
  { code: 'SG-01', name: '武宜段站前工程第一标段', from: 0, to: 60_000, places: ['汉口', '东西湖', '汉川', '天门'] },
  { code: 'SG-02', name: '武宜段站前工程第二标段', from: 60_000, to: 120_000, places: ['仙桃', '潜江', '荆门', '沙洋'] },
  { code: 'SG-03', name: '武宜段站前工程第三标段', from: 120_000, to: 180_600, places: ['荆州', '枝江', '当阳', '宜昌'] },
]

const MAJORS = ['路基', '桥梁', '隧道'] as const
/** The type of a design unit's own 工点, by its major. */
const SITE_TYPE: Record<(typeof MAJORS)[number], WorkSiteType> = { 路基: 'subgrade', 桥梁: 'bridge', 隧道: 'tunnel' }

interface Node {
  id: string
  parentId: string | null
  path: string
  sortKey: string
  code: string
  name: string
  type: ContainerType
  nature: 'entity' | 'temporary' | 'virtual'
}

export async function seedProjectStructureDemo(tx: Db): Promise<void> {
  const [p] = await tx.select({ id: t.project.projectId }).from(t.project).where(eq(t.project.projectCode, DEMO_STRUCTURE_PROJECT))
  if (!p) return
  const projectId = p.id
  const [mainLine] = await tx
    .select({ id: t.line.lineId })
    .from(t.line)
    .where(eq(t.line.projectId, projectId))
    .orderBy(asc(t.line.sort), asc(t.line.lineCode))

  // ---- containers
  const nodes: Node[] = []
  const lastKey = new Map<string | null, string | null>()
  const add = (parent: Node | null, code: string, name: string, type: ContainerType, nature: Node['nature'] = 'entity'): Node => {
    const id = newId()
    const key = keyBetween(lastKey.get(parent?.id ?? null) ?? null, null)
    lastKey.set(parent?.id ?? null, key)
    const node = { id, parentId: parent?.id ?? null, path: `${parent?.path ?? '/'}${id}/`, sortKey: key, code, name, type, nature }
    nodes.push(node)
    return node
  }
  const sectionNodes: Node[] = []
  SECTIONS.forEach((s, si) => {
    const section = add(null, s.code, s.name, 'section')
    sectionNodes.push(section)
    const n = si + 1
    const bridges = add(section, `${s.code}-QL`, '桥梁工程', 'other', 'virtual')
    for (let b = 1; b <= 6; b++) {
      const place = s.places[(b - 1) % s.places.length]!
      const bridge = add(bridges, `${s.code}-QL-${String(b).padStart(2, '0')}`, `${place}${b % 2 ? '特大桥' : '大桥'}`, 'bridge')
      for (let k = 0; k <= 12; k++)
        add(bridge, `${bridge.code}-D${String(k).padStart(2, '0')}`, k === 0 || k === 12 ? `${k === 0 ? 0 : k}号桥台` : `${k}号墩`, 'pier')
    }
    const tunnels = add(section, `${s.code}-SD`, '隧道工程', 'other', 'virtual')
    for (let k = 1; k <= (n === 3 ? 5 : 2); k++) {
      const tunnel = add(tunnels, `${s.code}-SD-${String(k).padStart(2, '0')}`, `${s.places[k % s.places.length]}${k}号隧道`, 'tunnel')
      add(tunnel, `${tunnel.code}-JK`, '进口段', 'other')
      add(tunnel, `${tunnel.code}-DS`, '洞身段', 'other')
      add(tunnel, `${tunnel.code}-CK`, '出口段', 'other')
    }
    const subgrade = add(section, `${s.code}-LJ`, '路基工程', 'other', 'virtual')
    for (let k = 1; k <= 5; k++)
      add(subgrade, `${s.code}-LJ-${String(k).padStart(2, '0')}`, `${s.places[k % s.places.length]}路基${k}段`, 'subgrade')
    add(section, `${s.code}-CZ`, `${s.places[1]}站`, 'station')
    add(section, `${s.code}-LS`, '施工便道及临时工程', 'other', 'temporary')
  })
  for (let i = 0; i < nodes.length; i += 500)
    await tx.insert(t.container).values(
      nodes.slice(i, i + 500).map((n) => ({
        containerId: n.id,
        projectId,
        parentId: n.parentId,
        path: n.path,
        sortKey: n.sortKey,
        containerName: n.name,
        containerCode: n.code,
        containerType: n.type,
        nature: n.nature,
        ...SEED_STAMP,
      })),
    )
  if (!mainLine) return

  // ---- design units: 6 per section along the main line, each with two 工点 (work sites placed in it)
  const units: { id: string; code: string; name: string; major: string; section: Node }[] = []
  let seq = 0
  for (const [si, s] of SECTIONS.entries()) {
    const step = (s.to - s.from) / 6
    for (let k = 0; k < 6; k++) {
      seq++
      const start = s.from + Math.round(step * k)
      const end = s.from + Math.round(step * (k + 1))
      const major = MAJORS[(seq - 1) % MAJORS.length]!
      const place = s.places[k % s.places.length]!
      const id = newId()
      const code = `DU-${String(seq).padStart(2, '0')}`
      const name = `${place}${major}设计单元${k + 1}`
      units.push({ id, code, name, major, section: sectionNodes[si]! })
      await tx.insert(t.designUnit).values({
        designUnitId: id,
        projectId,
        lineId: mainLine.id,
        designUnitCode: code,
        designUnitName: name,
        major,
        administrativeRegion: `湖北省${place}`,
        startMileage: formatChainage({ prefix: 'DK', metres: start }),
        endMileage: formatChainage({ prefix: 'DK', metres: end }),
        centerMileage: formatChainage({ prefix: 'DK', metres: Math.round((start + end) / 2) }),
        containerId: sectionNodes[si]!.id,
        ...SEED_STAMP,
      })
      // codes after the demo sites' GD-01… (server/seed/workSite.ts), so those stay on a list's first page
      const site = (n: number, name: string, siteType: WorkSiteType, from: number, to: number) => ({
        workSiteId: newId(),
        projectId,
        workSiteCode: `GD-${code}-${n}`,
        workSiteName: name,
        siteType,
        status: 'building',
        lineId: mainLine.id,
        designUnitId: id,
        containerId: sectionNodes[si]!.id,
        startMileage: formatChainage({ prefix: 'DK', metres: from }),
        endMileage: formatChainage({ prefix: 'DK', metres: to }),
        photoFileIds: [],
        ...SEED_STAMP,
      })
      await tx
        .insert(t.workSite)
        .values([
          site(1, `${place}${k + 1}号工点`, SITE_TYPE[major], start + 1200.5, start + 2000),
          site(2, `${place}${k + 1}号拌合站`, 'mixing', start + 4300, start + 4500),
        ])
    }
  }

  // ---- unit engineering: per design unit a 单位工程 with two 子单位工程
  let u = 0
  for (const d of units) {
    u++
    const unitId = newId()
    const base = `DW-${String(u).padStart(2, '0')}`
    await tx.insert(t.unitEngineering).values({
      unitEngineeringId: unitId,
      projectId,
      unitCode: base,
      unitName: `${d.name.replace('设计单元', '')}单位工程`,
      category: 'unit',
      designUnitId: d.id,
      containerId: d.section.id,
      major: d.major,
      ...SEED_STAMP,
    })
    for (let k = 1; k <= 2; k++)
      await tx.insert(t.unitEngineering).values({
        unitEngineeringId: newId(),
        projectId,
        parentId: unitId,
        unitCode: `${base}-${k}`,
        unitName: `${d.name.replace('设计单元', '')}子单位工程${k}`,
        category: 'subunit',
        designUnitId: d.id,
        containerId: d.section.id,
        major: d.major,
        ...SEED_STAMP,
      })
  }
}

/**
 * The benchmark's project (bench/container-tree.ts): a project owned by `organizationId` with a
 * container tree of about `n` nodes — sections → structures → parts → members (fan-out 10), bulk
 * inserted with paths and sort keys. Answers the project id.
 */
export async function insertBenchContainers(db: Db, organizationId: string, n: number): Promise<string> {
  const projectId = newId()
  const stamp = { version: 0, createBy: 'bench', updateBy: 'bench' }
  await db.insert(t.project).values({
    projectId,
    projectName: `容器基准项目${projectId.slice(-6)}`,
    projectCode: `BENCH-${projectId.slice(-8)}`,
    projectType: 'railway',
    organizationId,
    ...stamp,
  })
  const types: ContainerType[] = ['section', 'bridge', 'pier', 'span']
  const rows: (typeof t.container.$inferInsert)[] = []
  let level: { id: string | null; path: string; code: string }[] = [{ id: null, path: '/', code: 'B' }]
  for (let depth = 0; rows.length < n && level.length; depth++) {
    const next: typeof level = []
    for (const parent of level) {
      let key: string | null = null
      for (let i = 1; i <= 10 && rows.length < n; i++) {
        const id = newId()
        key = keyBetween(key, null)
        const code = `${parent.code}-${i}`
        rows.push({
          containerId: id,
          projectId,
          parentId: parent.id,
          path: `${parent.path}${id}/`,
          sortKey: key,
          containerName: `${['标段', '桥梁', '墩台', '梁跨', '构件'][Math.min(depth, 4)]}${code.slice(2)}`,
          containerCode: code,
          containerType: types[Math.min(depth, types.length - 1)]!,
          nature: 'entity',
          ...stamp,
        })
        next.push({ id, path: `${parent.path}${id}/`, code })
      }
    }
    level = next
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(t.container).values(rows.slice(i, i + 1000))
  return projectId
}
