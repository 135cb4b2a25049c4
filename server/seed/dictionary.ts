/**
 * Demo engineering dictionaries (embedded database only): engineering majors, an EBS standard per
 * major (works → parts → elements), a WBS (unit → division → item of work), a quantity dictionary
 * with units, and a few WBS–EBS relations. Also `insertDictTree` for the bench's large trees.
 * Paths and sort keys are written here (one tree per kind).
 */
import { newId } from '../../src/contract/ids'
import type { DictKind } from '../../src/contract/schemas/dictionary'
import { keyBetween } from '../lib/tree'
import type { Db } from '../db/client'
import * as t from '../db/schema'
import { SEED_STAMP } from './rows'

/** A node of a seeded tree: code, name, unit, major code, children. */
export type SeedDictNode = [code: string, name: string, unit: string | null, major: string | null, children?: SeedDictNode[]]

const MAJORS = [
  ['SUBGRADE', '路基'],
  ['BRIDGE', '桥梁'],
  ['TUNNEL', '隧道'],
  ['TRACK', '轨道'],
] as const

const EBS: SeedDictNode[] = [
  [
    'EBS-QL',
    '桥梁工程',
    '座',
    'BRIDGE',
    [
      [
        'EBS-QL-XB',
        '下部结构',
        null,
        'BRIDGE',
        [
          [
            'EBS-QL-XB-JC',
            '基础',
            null,
            'BRIDGE',
            [
              ['EBS-QL-XB-JC-ZJ', '钻孔桩', '根', 'BRIDGE'],
              ['EBS-QL-XB-JC-CT', '承台', '个', 'BRIDGE'],
            ],
          ],
          ['EBS-QL-XB-DS', '墩身', '个', 'BRIDGE'],
          ['EBS-QL-XB-TT', '桥台', '个', 'BRIDGE'],
        ],
      ],
      [
        'EBS-QL-SB',
        '上部结构',
        null,
        'BRIDGE',
        [
          ['EBS-QL-SB-XL', '箱梁', '孔', 'BRIDGE'],
          ['EBS-QL-SB-ZZ', '支座', '个', 'BRIDGE'],
        ],
      ],
      ['EBS-QL-QM', '桥面系', null, 'BRIDGE', [['EBS-QL-QM-FS', '防水层', 'm²', 'BRIDGE']]],
    ],
  ],
  [
    'EBS-SD',
    '隧道工程',
    '座',
    'TUNNEL',
    [
      ['EBS-SD-DK', '洞口工程', null, 'TUNNEL', [['EBS-SD-DK-DM', '洞门', '座', 'TUNNEL']]],
      [
        'EBS-SD-DS',
        '洞身工程',
        null,
        'TUNNEL',
        [
          ['EBS-SD-DS-CQ', '初期支护', 'm', 'TUNNEL'],
          ['EBS-SD-DS-EC', '二次衬砌', 'm', 'TUNNEL'],
          ['EBS-SD-DS-YG', '仰拱', 'm', 'TUNNEL'],
        ],
      ],
    ],
  ],
  [
    'EBS-LJ',
    '路基工程',
    'km',
    'SUBGRADE',
    [
      ['EBS-LJ-TF', '路基填方', 'm³', 'SUBGRADE'],
      ['EBS-LJ-WF', '路基挖方', 'm³', 'SUBGRADE'],
      ['EBS-LJ-FH', '边坡防护', 'm²', 'SUBGRADE'],
    ],
  ],
  [
    'EBS-GD',
    '轨道工程',
    'km',
    'TRACK',
    [
      ['EBS-GD-WZ', '无砟道床', 'km', 'TRACK'],
      ['EBS-GD-PG', '铺轨', 'km', 'TRACK'],
    ],
  ],
]

const WBS: SeedDictNode[] = [
  [
    'WBS-01',
    '桥梁单位工程',
    null,
    'BRIDGE',
    [
      [
        'WBS-01-01',
        '基础分部',
        null,
        'BRIDGE',
        [
          ['WBS-01-01-01', '钻孔桩施工', '根', 'BRIDGE'],
          ['WBS-01-01-02', '承台施工', '个', 'BRIDGE'],
        ],
      ],
      ['WBS-01-02', '墩台分部', null, 'BRIDGE', [['WBS-01-02-01', '墩身浇筑', '个', 'BRIDGE']]],
      ['WBS-01-03', '梁部分部', null, 'BRIDGE', [['WBS-01-03-01', '箱梁架设', '孔', 'BRIDGE']]],
    ],
  ],
  [
    'WBS-02',
    '隧道单位工程',
    null,
    'TUNNEL',
    [
      ['WBS-02-01', '洞身开挖', 'm', 'TUNNEL'],
      ['WBS-02-02', '支护与衬砌', 'm', 'TUNNEL'],
    ],
  ],
  [
    'WBS-03',
    '路基单位工程',
    null,
    'SUBGRADE',
    [
      ['WBS-03-01', '土石方', 'm³', 'SUBGRADE'],
      ['WBS-03-02', '防护与排水', 'm²', 'SUBGRADE'],
    ],
  ],
]

const QUANTITY: SeedDictNode[] = [
  [
    'QTY-HNT',
    '混凝土',
    'm³',
    null,
    [
      ['QTY-HNT-C30', 'C30 混凝土', 'm³', null],
      ['QTY-HNT-C35', 'C35 混凝土', 'm³', null],
      ['QTY-HNT-C50', 'C50 混凝土', 'm³', null],
    ],
  ],
  [
    'QTY-GJ',
    '钢筋',
    't',
    null,
    [
      ['QTY-GJ-HRB400', 'HRB400 钢筋', 't', null],
      ['QTY-GJ-HPB300', 'HPB300 钢筋', 't', null],
    ],
  ],
  [
    'QTY-TSF',
    '土石方',
    'm³',
    'SUBGRADE',
    [
      ['QTY-TSF-WF', '挖方', 'm³', 'SUBGRADE'],
      ['QTY-TSF-TF', '填方', 'm³', 'SUBGRADE'],
    ],
  ],
]

/** WBS code → linked EBS codes. */
const RELATIONS: [string, string[]][] = [
  ['WBS-01-01-01', ['EBS-QL-XB-JC-ZJ']],
  ['WBS-01-01-02', ['EBS-QL-XB-JC-CT']],
  ['WBS-01-03-01', ['EBS-QL-SB-XL', 'EBS-QL-SB-ZZ']],
  ['WBS-02-02', ['EBS-SD-DS-CQ', 'EBS-SD-DS-EC']],
]

/**
 * Inserts a tree into one dictionary (after its existing roots), with paths and sort keys; answers
 * code → id. `majors` maps major codes to ids.
 */
export async function insertDictTree(
  db: Db,
  kind: DictKind,
  roots: SeedDictNode[],
  majors = new Map<string, string>(),
): Promise<Map<string, string>> {
  const rows: (typeof t.dictNode.$inferInsert)[] = []
  const ids = new Map<string, string>()
  const walk = (nodes: SeedDictNode[], parentId: string | null, parentPath: string) => {
    let key: string | null = null
    for (const [code, name, unit, major, children] of nodes) {
      const id = newId()
      key = keyBetween(key, null)
      const path = `${parentPath}${id}/`
      ids.set(code, id)
      rows.push({
        nodeId: id,
        kind,
        parentId,
        path,
        sortKey: key,
        nodeCode: code,
        nodeName: name,
        unit,
        majorId: major ? (majors.get(major) ?? null) : null,
        status: 1,
        ...SEED_STAMP,
      })
      if (children) walk(children, id, path)
    }
  }
  walk(roots, null, '/')
  for (let i = 0; i < rows.length; i += 1000) await db.insert(t.dictNode).values(rows.slice(i, i + 1000))
  return ids
}

export async function seedDictionaryDemo(tx: Db): Promise<void> {
  const majors = new Map<string, string>()
  let sort = 1
  for (const [code, name] of MAJORS) {
    const id = newId()
    majors.set(code, id)
    await tx
      .insert(t.dictMajor)
      .values({ majorId: id, majorCode: code, majorName: name, sort: sort++, version: 0, createBy: 'system', updateBy: 'system' })
  }
  const ebs = await insertDictTree(tx, 'ebs', EBS, majors)
  const wbs = await insertDictTree(tx, 'wbs', WBS, majors)
  await insertDictTree(tx, 'quantity', QUANTITY, majors)
  for (const [w, es] of RELATIONS)
    for (const e of es) await tx.insert(t.wbsEbsRel).values({ wbsId: wbs.get(w)!, ebsId: ebs.get(e)!, createBy: 'system' })
}
