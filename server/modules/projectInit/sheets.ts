/**
 * The wizard's sheets (./registry.ts) for what exists today: participating units, lines,
 * containers (a tree: the parent by its code), design units (with mileages), project organisations
 * and their departments. Each writes through its module's own code: the resources' add (unique
 * rules, references, the design units' overlap check under the line lock), the container tree's
 * bulk insert, the department tree. Work sites add their entry in their module.
 */
import { asc, eq } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import { Code } from '../../../src/contract/codes'
import { newId } from '../../../src/contract/ids'
import { parseChainage } from '../../../src/contract/mileage'
import { V, validationText } from '../../../src/contract/rules'
import { excelColumns } from '../../../src/contract/fields'
import { LINE_FIELDS, PROJECT_DEPARTMENT_FIELDS, PROJECT_ORG_FIELDS, PROJECT_UNIT_FIELDS } from '../../../src/contract/fields/project'
import { DESIGN_UNIT_FIELDS } from '../../../src/contract/fields/projectStructure'
import {
  initContainerRow,
  initDepartmentRow,
  initDesignUnitRow,
  initLineRow,
  initProjectOrgRow,
  initUnitRow,
  initWorkSiteRow,
  type InitRowError,
} from '../../../src/contract/schemas/projectInit'
import * as projects from '../../../src/lib/i18n/locales/projects'
import * as projectStructure from '../../../src/lib/i18n/locales/projectStructure'
import type { Db } from '../../db/client'
import { container, designUnit, line, projectDepartment, projectOrg, projectUnit, workSite } from '../../db/schema'
import type { ExcelColumn } from '../../lib/excel'
import { localeTexts, sheetColumnsOf } from '../../lib/fields'
import { ApiError } from '../../lib/http'
import { idsOnPath } from '../../lib/tree'
import { orgIdsByNames, unitNames } from '../org'
import { projectDeptTree } from '../project'
import { CONTAINER_COLUMNS, containerTypeResolver, insertContainerRows, treeRows } from '../projectStructure'
import { insertWorkSite, STRUCTURE_CODE_COLUMNS, workSiteExcelColumns, workSiteSheetSelection } from '../workSite'
import type { WriteContext } from '../../lib/resource'
import { registerInitSheet, type InitRow, type Text } from './registry'

type Row = Record<string, unknown>
/** The add of a resource (ResourceHandle.insert). */
interface Insert {
  insert(w: WriteContext, input: never): Promise<Row | null>
}
export interface InitHandles {
  projectUnit: Insert
  line: Insert
  designUnit: Insert
  projectOrg: Insert
}

const both = (f: (lang: 'zh' | 'en') => string): Text => ({ zh: f('zh'), en: f('en') })
const title = (columns: ExcelColumn[], field: string): Text => columns.find((c) => c.field === field)?.title ?? { zh: field, en: field }
/** An error of the validation vocabulary (`v.repeat:X`…) on a column. */
const vError = (sheet: string, columns: ExcelColumn[], row: number, field: string, key: string): InitRowError => ({
  sheet,
  row,
  field,
  message: both((l) => validationText(key, l, title(columns, field)[l])),
})
const textError = (sheet: string, row: number, field: string, message: Text): InitRowError => ({ sheet, row, field, message })
const UNKNOWN = (what: Text): Text => ({ zh: `找不到该${what.zh}`, en: `No such ${what.en.toLowerCase()}` })
const UNKNOWN_UNIT = UNKNOWN({ zh: '单位', en: 'Unit' })
const lower = (s: string) => s.toLowerCase()

/** A sheet's `existing`: the project's records by the column other sheets name them by (normalised as the sheet's `key`) → id. */
const existingBy =
  (table: PgTable & { projectId: AnyPgColumn }, id: AnyPgColumn, key: AnyPgColumn, norm = (k: string) => k) =>
  async (db: Db, projectId: string): Promise<Map<string, string>> => {
    const rows = await db.select({ id, key }).from(table).where(eq(table.projectId, projectId))
    return new Map(rows.map((r) => [norm(r.key as string), r.id as string]))
  }

/** Rows whose key repeats an earlier row's or an existing record's: v.repeat on the key's column. */
function duplicates<T>(
  sheet: string,
  columns: ExcelColumn[],
  rows: InitRow<T>[],
  field: string,
  keyOf: (d: T) => string,
  existing: Set<string> = new Set(),
): InitRowError[] {
  const seen = new Set(existing)
  const out: InitRowError[] = []
  for (const r of rows) {
    const k = keyOf(r.data)
    if (seen.has(k)) out.push(vError(sheet, columns, r.row, field, `${V.repeat}:${String((r.data as Row)[field] ?? k)}`))
    seen.add(k)
  }
  return out
}

const text = localeTexts({ projects, projectStructure })

type NamesUnit = { organizationName?: string }
/** The units of the unit tree the rows name, by name → id (in the write's transaction when inserting). */
const namedUnits = (db: Db, rows: InitRow<NamesUnit>[]) =>
  orgIdsByNames(
    db,
    rows.flatMap((r) => (r.data.organizationName ? [r.data.organizationName] : [])),
  )
/** The rows naming a unit the unit tree does not have. */
const unknownUnits = (sheet: string, rows: InitRow<NamesUnit>[], units: Map<string, string>): InitRowError[] =>
  rows
    .filter((r) => r.data.organizationName && !units.has(r.data.organizationName))
    .map((r) => textError(sheet, r.row, 'organizationName', UNKNOWN_UNIT))

// ---- participating units -----------------------------------------------------------------------

const UNIT_COLUMNS: ExcelColumn[] = excelColumns(PROJECT_UNIT_FIELDS, text, {
  organizationId: {
    field: 'organizationName',
    title: { zh: '单位名称', en: 'Unit' },
    required: true,
    width: 28,
    hint: { zh: '单位管理中已有单位的名称', en: 'The name of a unit of the unit tree' },
  },
})

// ---- lines ---------------------------------------------------------------------------------------

const LINE_COLUMNS: ExcelColumn[] = excelColumns(LINE_FIELDS, text)

// ---- design units --------------------------------------------------------------------------------

/** A design unit's own code, and its line, by the same columns as a work site's. */
const DESIGN_UNIT_COLUMNS: ExcelColumn[] = excelColumns(DESIGN_UNIT_FIELDS, text, {
  designUnitCode: { ...STRUCTURE_CODE_COLUMNS.designUnitId, required: true },
  designUnitName: { field: 'designUnitName', title: { zh: '设计单元名称', en: 'Design unit name' }, required: true, width: 24 },
  lineId: { ...STRUCTURE_CODE_COLUMNS.lineId, required: true },
  containerId: {
    field: 'containerCode',
    title: { zh: '所属容器编码', en: 'Container code' },
    width: 16,
    hint: { zh: '“项目容器”表中的节点编码', en: 'A code of the Containers sheet' },
  },
})

// ---- project organisations and departments -------------------------------------------------------

const ORG_COLUMNS: ExcelColumn[] = excelColumns(PROJECT_ORG_FIELDS, text, {
  organizationId: {
    field: 'organizationName',
    title: text('projects.field.orgUnit'),
    width: 26,
    hint: { zh: '单位管理中已有单位的名称（可不填）', en: 'The name of a unit of the unit tree (optional)' },
  },
})

const DEPT_COLUMNS: ExcelColumn[] = [
  {
    field: 'projectOrganizationName',
    title: text('projects.field.projectOrganizationName'),
    required: true,
    width: 26,
    hint: { zh: '“项目组织”表中的组织名称', en: 'A name of the Organisations sheet' },
  },
  ...excelColumns(PROJECT_DEPARTMENT_FIELDS, text, {
    parentId: {
      field: 'parentDepartmentName',
      title: text('projects.field.parentId'),
      width: 24,
      hint: {
        zh: '同一组织中靠前的部门；多级用 / 分隔，如 工程部/测量组；不填为一级部门',
        en: 'An earlier department of the organisation; levels separated by /, e.g. Works/Survey; empty: a top department',
      },
    },
  }),
]
const deptKey = (org: string, path: string) => `${org}\u0000${path}`
/** A sheet row's department as its path of names (`工程部/测量组`). */
const deptPath = (d: { parentDepartmentName?: string; departmentName: string }) =>
  d.parentDepartmentName ? `${d.parentDepartmentName}/${d.departmentName}` : d.departmentName
/** Departments named by their path: the names of the ids, joined by `/`. */
const pathOfNames = (ids: string[], names: Map<string, string>) => ids.map((i) => names.get(i) ?? '').join('/')

/** The project's departments with their organisation's name, by organisation and path (parents first). */
const projectDepartments = (db: Db, projectId: string) =>
  db
    .select({
      id: projectDepartment.projectDepartmentId,
      name: projectDepartment.departmentName,
      path: projectDepartment.path,
      sort: projectDepartment.sort,
      org: projectOrg.projectOrganizationName,
    })
    .from(projectDepartment)
    .innerJoin(projectOrg, eq(projectOrg.projectOrganizationId, projectDepartment.projectOrganizationId))
    .where(eq(projectDepartment.projectId, projectId))
    .orderBy(asc(projectOrg.sort), asc(projectDepartment.path))

// ---- work sites ----------------------------------------------------------------------------------

const WORK_SITE_COLUMNS = workSiteExcelColumns()

export function registerStructureSheets(h: InitHandles): void {
  registerInitSheet('unit', {
    order: 10,
    name: { zh: '参建单位', en: 'Units' },
    columns: UNIT_COLUMNS,
    schema: initUnitRow,
    example: { organizationName: '中铁一局集团有限公司', unitType: 'construction', unitCode: 'ZTYJ', sort: 1 },
    async fromProject(db, projectId) {
      // the units and their roles; the contact people are not copied (a template carries no people)
      return db
        .select({
          organizationName: unitNames.organizationName,
          unitType: projectUnit.unitType,
          unitCode: projectUnit.unitCode,
          sort: projectUnit.sort,
        })
        .from(projectUnit)
        .innerJoin(unitNames, eq(unitNames.organizationId, projectUnit.organizationId))
        .where(eq(projectUnit.projectId, projectId))
        .orderBy(asc(projectUnit.sort), asc(projectUnit.projectUnitId))
    },
    async validate(rows, ctx) {
      return [
        ...duplicates('unit', UNIT_COLUMNS, rows, 'organizationName', (d) => `${d.organizationName}\u0000${d.unitType}`),
        ...unknownUnits('unit', rows, await namedUnits(ctx.db, rows)),
      ]
    },
    async insert(rows, ctx) {
      const orgs = await namedUnits(ctx.w.tx, rows)
      const present = new Set(
        (
          await ctx.w.tx
            .select({ o: projectUnit.organizationId, t: projectUnit.unitType })
            .from(projectUnit)
            .where(eq(projectUnit.projectId, ctx.projectId))
        ).map((p) => `${p.o}\u0000${p.t}`),
      )
      for (const r of rows) {
        const { organizationName, ...fields } = r.data
        const organizationId = orgs.get(organizationName)
        if (!organizationId) throw new ApiError(Code.NOT_FOUND, { field: 'organizationName', row: r.row })
        // the owner unit already takes part as 建设 (added with the project)
        if (!present.has(`${organizationId}\u0000${fields.unitType}`))
          await h.projectUnit.insert(ctx.w, { ...fields, projectId: ctx.projectId, organizationId } as never)
        ctx.done(1)
      }
    },
  })

  registerInitSheet('line', {
    order: 20,
    name: { zh: '线路', en: 'Lines' },
    columns: LINE_COLUMNS,
    schema: initLineRow,
    example: { lineCode: 'ZX', lineName: '正线', lineType: 'main', lengthKm: 86.5, sort: 1 },
    key: (d) => lower(d.lineCode),
    existing: existingBy(line, line.lineId, line.lineCode, lower),
    async fromProject(db, projectId) {
      return db
        .select(sheetColumnsOf(line, LINE_FIELDS))
        .from(line)
        .where(eq(line.projectId, projectId))
        .orderBy(asc(line.sort), asc(line.lineCode))
    },
    async validate(rows, ctx) {
      const names = ctx.projectId
        ? new Set((await ctx.db.select({ n: line.lineName }).from(line).where(eq(line.projectId, ctx.projectId))).map((r) => r.n))
        : undefined
      return [
        ...duplicates('line', LINE_COLUMNS, rows, 'lineCode', (d) => lower(d.lineCode), ctx.known.get('line')),
        ...duplicates('line', LINE_COLUMNS, rows, 'lineName', (d) => d.lineName, names),
      ]
    },
    async insert(rows, ctx) {
      const ids = ctx.ids.get('line')!
      for (const r of rows) {
        const lineId = newId()
        await h.line.insert(ctx.w, { ...r.data, lineId, projectId: ctx.projectId } as never)
        ids.set(lower(r.data.lineCode), lineId)
        ctx.done(1)
      }
    },
  })

  registerInitSheet('container', {
    order: 30,
    name: { zh: '项目容器', en: 'Containers' },
    columns: CONTAINER_COLUMNS,
    schema: initContainerRow,
    example: { containerCode: 'SEC-01', containerName: '第一标段', containerType: 'section', nature: 'virtual' },
    key: (d) => d.containerCode,
    existing: existingBy(container, container.containerId, container.containerCode),
    async fromProject(db, projectId) {
      const rows = await treeRows(db, projectId)
      const codeOf = new Map(rows.map((r) => [r.containerId, r.containerCode]))
      return rows.map((r) => ({
        containerCode: r.containerCode,
        containerName: r.containerName,
        parentCode: r.parentId ? codeOf.get(r.parentId) : undefined,
        containerType: r.containerType,
        nature: r.nature,
        remark: r.remark,
      }))
    },
    async validate(rows, ctx) {
      const existing = ctx.known.get('container') ?? new Set<string>()
      const errors = duplicates('container', CONTAINER_COLUMNS, rows, 'containerCode', (d) => d.containerCode, existing)
      const seen = new Set(existing)
      for (const r of rows) {
        if (r.data.parentCode && !seen.has(r.data.parentCode))
          errors.push(
            textError('container', r.row, 'parentCode', {
              zh: '上级编码须为靠前的行或项目中已有的节点',
              en: 'The parent code must be an earlier row or an existing node of the project',
            }),
          )
        seen.add(r.data.containerCode)
      }
      const typeOf = await containerTypeResolver(ctx.db)
      for (const r of rows)
        if (typeOf(r.data.containerType) === null)
          errors.push(
            textError('container', r.row, 'containerType', {
              zh: `节点类型“${r.data.containerType}”不是数据字典“容器类型”中启用的项`,
              en: `The type “${r.data.containerType}” is not an enabled item of the data dictionary’s container types`,
            }),
          )
      return errors
    },
    async insert(rows, ctx) {
      const ids = await insertContainerRows(
        ctx.w,
        ctx.projectId,
        rows.map((r) => r.data),
        ctx.done,
      )
      const known = ctx.ids.get('container')!
      for (const [code, id] of ids) known.set(code, id)
    },
  })

  registerInitSheet('designUnit', {
    order: 40,
    name: { zh: '设计单元', en: 'Design units' },
    columns: DESIGN_UNIT_COLUMNS,
    schema: initDesignUnitRow,
    example: {
      designUnitCode: 'DU-001',
      designUnitName: '汉江特大桥',
      lineCode: 'ZX',
      startMileage: 'DK12+000',
      endMileage: 'DK13+250',
      containerCode: 'SEC-01',
    },
    key: (d) => d.designUnitCode,
    existing: existingBy(designUnit, designUnit.designUnitId, designUnit.designUnitCode),
    async fromProject(db, projectId) {
      return db
        .select({ ...sheetColumnsOf(designUnit, DESIGN_UNIT_FIELDS), lineCode: line.lineCode, containerCode: container.containerCode })
        .from(designUnit)
        .innerJoin(line, eq(line.lineId, designUnit.lineId))
        .leftJoin(container, eq(container.containerId, designUnit.containerId))
        .where(eq(designUnit.projectId, projectId))
        .orderBy(asc(designUnit.lineId), asc(designUnit.startMetres))
    },
    async validate(rows, ctx) {
      const errors = duplicates(
        'designUnit',
        DESIGN_UNIT_COLUMNS,
        rows,
        'designUnitCode',
        (d) => d.designUnitCode,
        ctx.known.get('designUnit'),
      )
      const lines = ctx.known.get('line') ?? new Set<string>()
      const containers = ctx.known.get('container') ?? new Set<string>()
      const byLine = new Map<string, { row: number; name: string; start: number; end: number }[]>()
      for (const r of rows) {
        const d = r.data
        if (!lines.has(lower(d.lineCode)))
          errors.push(textError('designUnit', r.row, 'lineCode', UNKNOWN(STRUCTURE_CODE_COLUMNS.lineId.title)))
        if (d.containerCode && !containers.has(d.containerCode))
          errors.push(textError('designUnit', r.row, 'containerCode', UNKNOWN(STRUCTURE_CODE_COLUMNS.containerId.title)))
        const start = parseChainage(d.startMileage)
        const end = parseChainage(d.endMileage)
        if (!start || !end) continue
        // two units of one line may not overlap (the same rule the add checks against the database)
        const list = byLine.get(lower(d.lineCode)) ?? []
        const clash = list.find((o) => o.start < end.metres && o.end > start.metres)
        if (clash) errors.push(vError('designUnit', DESIGN_UNIT_COLUMNS, r.row, 'startMileage', `${V.mileageOverlap}:${clash.name}`))
        else list.push({ row: r.row, name: d.designUnitName, start: start.metres, end: end.metres })
        byLine.set(lower(d.lineCode), list)
      }
      return errors
    },
    async insert(rows, ctx) {
      const lines = ctx.ids.get('line')!
      const containers = ctx.ids.get('container')!
      const ids = ctx.ids.get('designUnit')!
      for (const r of rows) {
        const { lineCode, containerCode, ...fields } = r.data
        const designUnitId = newId()
        await h.designUnit.insert(ctx.w, {
          ...fields,
          designUnitId,
          projectId: ctx.projectId,
          lineId: lines.get(lower(lineCode)),
          containerId: containerCode ? (containers.get(containerCode) ?? null) : null,
        } as never)
        ids.set(r.data.designUnitCode, designUnitId)
        ctx.done(1)
      }
    },
  })

  registerInitSheet('workSite', {
    order: 45,
    name: { zh: '工点', en: 'Work sites' },
    columns: WORK_SITE_COLUMNS,
    schema: initWorkSiteRow,
    example: {
      workSiteCode: 'GD-01',
      workSiteName: '汉江特大桥1号墩',
      siteType: 'bridge',
      status: 'preparing',
      lineCode: 'ZX',
      designUnitCode: 'DU-001',
      startMileage: 'DK12+100',
      endMileage: 'DK12+400',
    },
    key: (d) => lower(d.workSiteCode),
    existing: existingBy(workSite, workSite.workSiteId, workSite.workSiteCode, lower),
    async fromProject(db, projectId) {
      const rows = await db
        .select({
          ...workSiteSheetSelection(),
          lineCode: line.lineCode,
          designUnitCode: designUnit.designUnitCode,
          containerCode: container.containerCode,
        })
        .from(workSite)
        .leftJoin(line, eq(line.lineId, workSite.lineId))
        .leftJoin(designUnit, eq(designUnit.designUnitId, workSite.designUnitId))
        .leftJoin(container, eq(container.containerId, workSite.containerId))
        .where(eq(workSite.projectId, projectId))
        .orderBy(asc(workSite.workSiteCode))
      // a template's sites start again: preparing
      return rows.map((r) => ({ ...r, status: 'preparing' }))
    },
    async validate(rows, ctx) {
      const errors = duplicates(
        'workSite',
        WORK_SITE_COLUMNS,
        rows,
        'workSiteCode',
        (d) => lower(d.workSiteCode),
        ctx.known.get('workSite'),
      )
      const known = (sheet: string, code: string | undefined, field: string, what: Text, norm = (c: string) => c) => {
        return code && !(ctx.known.get(sheet) ?? new Set<string>()).has(norm(code)) ? { field, what } : null
      }
      for (const r of rows) {
        const d = r.data
        for (const miss of [
          known('line', d.lineCode, 'lineCode', STRUCTURE_CODE_COLUMNS.lineId.title, lower),
          known('designUnit', d.designUnitCode, 'designUnitCode', STRUCTURE_CODE_COLUMNS.designUnitId.title),
          known('container', d.containerCode, 'containerCode', STRUCTURE_CODE_COLUMNS.containerId.title),
        ])
          if (miss) errors.push(textError('workSite', r.row, miss.field, UNKNOWN(miss.what)))
      }
      return errors
    },
    async insert(rows, ctx) {
      const lines = ctx.ids.get('line') ?? new Map<string, string>()
      const units = ctx.ids.get('designUnit') ?? new Map<string, string>()
      const containers = ctx.ids.get('container') ?? new Map<string, string>()
      const ids = ctx.ids.get('workSite')!
      for (const r of rows) {
        const { lineCode, designUnitCode, containerCode, ...fields } = r.data
        const workSiteId = newId()
        await insertWorkSite(ctx.w, {
          ...fields,
          workSiteId,
          projectId: ctx.projectId,
          lineId: lineCode ? (lines.get(lower(lineCode)) ?? null) : null,
          designUnitId: designUnitCode ? (units.get(designUnitCode) ?? null) : null,
          containerId: containerCode ? (containers.get(containerCode) ?? null) : null,
        })
        ids.set(lower(r.data.workSiteCode), workSiteId)
        ctx.done(1)
      }
    },
  })

  registerInitSheet('projectOrg', {
    order: 50,
    name: { zh: '项目组织', en: 'Organisations' },
    columns: ORG_COLUMNS,
    schema: initProjectOrgRow,
    example: {
      projectOrganizationName: '中铁一局项目经理部',
      projectOrgTypeId: 'manager',
      organizationName: '中铁一局集团有限公司',
      sort: 1,
    },
    key: (d) => d.projectOrganizationName,
    existing: existingBy(projectOrg, projectOrg.projectOrganizationId, projectOrg.projectOrganizationName),
    async fromProject(db, projectId) {
      return db
        .select({ ...sheetColumnsOf(projectOrg, PROJECT_ORG_FIELDS), organizationName: unitNames.organizationName })
        .from(projectOrg)
        .leftJoin(unitNames, eq(unitNames.organizationId, projectOrg.organizationId))
        .where(eq(projectOrg.projectId, projectId))
        .orderBy(asc(projectOrg.sort), asc(projectOrg.projectOrganizationName))
    },
    async validate(rows, ctx) {
      return [
        ...duplicates(
          'projectOrg',
          ORG_COLUMNS,
          rows,
          'projectOrganizationName',
          (d) => d.projectOrganizationName,
          ctx.known.get('projectOrg'),
        ),
        ...unknownUnits('projectOrg', rows, await namedUnits(ctx.db, rows)),
      ]
    },
    async insert(rows, ctx) {
      // the units are looked up again here, inside the transaction: one removed meanwhile fails the run
      const orgs = await namedUnits(ctx.w.tx, rows)
      const ids = ctx.ids.get('projectOrg')!
      for (const r of rows) {
        const { organizationName, ...fields } = r.data
        const organizationId = organizationName ? orgs.get(organizationName) : undefined
        if (organizationName && !organizationId) throw new ApiError(Code.NOT_FOUND, { field: 'organizationName', row: r.row })
        const projectOrganizationId = newId()
        await h.projectOrg.insert(ctx.w, { ...fields, projectOrganizationId, projectId: ctx.projectId, organizationId } as never)
        ids.set(fields.projectOrganizationName, projectOrganizationId)
        ctx.done(1)
      }
    },
  })

  registerInitSheet('projectDepartment', {
    order: 60,
    name: { zh: '项目部门', en: 'Departments' },
    columns: DEPT_COLUMNS,
    schema: initDepartmentRow,
    example: { projectOrganizationName: '中铁一局项目经理部', departmentName: '工程部', sort: 1 },
    key: (d) => deptKey(d.projectOrganizationName, deptPath(d)),
    async existing(db, projectId) {
      const rows = await projectDepartments(db, projectId)
      const names = new Map(rows.map((r) => [r.id, r.name]))
      return new Map(rows.map((r) => [deptKey(r.org, pathOfNames(idsOnPath(r.path ?? ''), names)), r.id]))
    },
    async fromProject(db, projectId) {
      const rows = await projectDepartments(db, projectId)
      const names = new Map(rows.map((r) => [r.id, r.name]))
      return rows
        .map((r) => ({ r, above: idsOnPath(r.path ?? '').slice(0, -1) }))
        .sort((a, b) => a.above.length - b.above.length) // parents before children
        .map(({ r, above }) => ({
          projectOrganizationName: r.org,
          departmentName: r.name,
          parentDepartmentName: above.length ? pathOfNames(above, names) : undefined,
          sort: r.sort,
        }))
    },
    async validate(rows, ctx) {
      const orgs = ctx.known.get('projectOrg') ?? new Set<string>()
      const known = new Set(ctx.known.get('projectDepartment') ?? [])
      const errors: InitRowError[] = []
      for (const r of rows) {
        const d = r.data
        const path = deptPath(d)
        if (!orgs.has(d.projectOrganizationName))
          errors.push(textError('projectDepartment', r.row, 'projectOrganizationName', UNKNOWN({ zh: '项目组织', en: 'Organisation' })))
        else if (d.parentDepartmentName && !known.has(deptKey(d.projectOrganizationName, d.parentDepartmentName)))
          errors.push(
            textError('projectDepartment', r.row, 'parentDepartmentName', {
              zh: '上级部门须为同一组织中靠前的部门',
              en: 'The parent must be an earlier department of the same organisation',
            }),
          )
        else if (known.has(deptKey(d.projectOrganizationName, path)))
          errors.push(vError('projectDepartment', DEPT_COLUMNS, r.row, 'departmentName', `${V.repeat}:${d.departmentName}`))
        known.add(deptKey(d.projectOrganizationName, path))
      }
      return errors
    },
    async insert(rows, ctx) {
      const orgs = ctx.ids.get('projectOrg')!
      const ids = ctx.ids.get('projectDepartment')!
      for (const r of rows) {
        const d = r.data
        const projectOrganizationId = orgs.get(d.projectOrganizationName)
        if (!projectOrganizationId) throw new ApiError(Code.NOT_FOUND, { field: 'projectOrganizationName', row: r.row })
        const parentId = d.parentDepartmentName ? (ids.get(deptKey(d.projectOrganizationName, d.parentDepartmentName)) ?? null) : null
        const node = await projectDeptTree.insert(
          ctx.w.tx,
          {
            projectOrganizationId,
            projectId: ctx.projectId,
            departmentName: d.departmentName,
            sort: d.sort,
            version: 0,
            createTime: ctx.w.now,
            updateTime: ctx.w.now,
            createBy: ctx.w.auth.account.accountId,
            updateBy: ctx.w.auth.account.accountId,
          },
          { parentId },
        )
        ids.set(deptKey(d.projectOrganizationName, deptPath(d)), node.id)
        ctx.done(1)
      }
    },
  })
}
