/**
 * Project initialisation wizards (issue 12 part B): a wizard run is a draft kept by the gateway
 * (table project_init_run) — the source (a template project or an uploaded workbook with one sheet
 * per registry entry), the new project's basic data, the step reached, the validation report and
 * the progress of the creation. Four menus serve the same machinery with a preset each:
 *
 *   projectInitial / projectInitialization   a new project: basic data + every sheet (template or workbook)
 *   workSiteInitialization                   an existing project: structure sheets (lines, containers,
 *                                            design units; work sites once they exist) from a workbook
 *   industrialInitial                        an existing project: its organisational set-up
 *                                            (participating units, project organisations, departments)
 *
 * Calls, under /api/admin/v1/projectInit/<preset>/ (permissions: the preset's menu; writes its `init`):
 *   GET  runs                       unfinished runs of the caller
 *   GET  run?runId=                 one run (report, progress)
 *   POST start   (initStart)        a new run at step 1
 *   POST save    (initSave)         the source / basic data; the step reached
 *   POST upload?runId=  multipart `file`   the workbook: read, stored in the run, validated → run
 *   POST validate {runId}           validates everything → run with its report (step 3)
 *   POST create   {runId}           creates everything in one transaction (answers at once; poll `run`)
 *   POST discard  {runId}
 *   GET  template                   the workbook template of the preset (one sheet per entry)
 */
import { z } from 'zod'
import { V, name } from '../rules'
import { id } from './common'
import { lineFields, projectDepartmentFields, projectFields, projectOrgFields, projectUnitFields } from './project'
import { containerImportRow, designUnitFields, mileageOrder, structureCode } from './projectStructure'
import { siteRules, workSiteFields } from './workSite'

export const INIT_PRESETS = ['projectInitial', 'projectInitialization', 'workSiteInitialization', 'industrialInitial'] as const
export type InitPreset = (typeof INIT_PRESETS)[number]

/** The menu of each preset (catalogue paths). */
export const INIT_PRESET_MENU = {
  projectInitial: '/admin/project-initial',
  projectInitialization: '/admin/project-initialization',
  workSiteInitialization: '/admin/work-site-initialization',
  industrialInitial: '/admin/industrial-initial',
} as const satisfies Record<InitPreset, `/admin/${string}`>

/** Sheets of the registry (the gateway's server/modules/projectInit/sheets.ts), in creation order. Work sites add one. */
export const INIT_SHEETS = ['unit', 'line', 'container', 'designUnit', 'workSite', 'projectOrg', 'projectDepartment'] as const
export type InitSheet = (typeof INIT_SHEETS)[number] | (string & {})

export interface InitPresetDef {
  /** A new project (basic data step) or one that exists (chosen in step 1). */
  newProject: boolean
  /** Sources offered in step 1. */
  sources: readonly InitSource[]
  sheets: readonly InitSheet[]
}

export const INIT_SOURCES = ['template', 'workbook'] as const
export type InitSource = (typeof INIT_SOURCES)[number]

const ALL = INIT_SHEETS
export const INIT_PRESET_DEFS: Record<InitPreset, InitPresetDef> = {
  projectInitial: { newProject: true, sources: INIT_SOURCES, sheets: ALL },
  projectInitialization: { newProject: true, sources: INIT_SOURCES, sheets: ALL },
  workSiteInitialization: { newProject: false, sources: ['workbook'], sheets: ['line', 'container', 'designUnit', 'workSite'] },
  industrialInitial: { newProject: false, sources: INIT_SOURCES, sheets: ['unit', 'projectOrg', 'projectDepartment'] },
}

export const INIT_STATUSES = ['draft', 'validated', 'running', 'done', 'failed'] as const
export type InitStatus = (typeof INIT_STATUSES)[number]

/** Steps: 1 source, 2 basic data, 3 validation report, 4 create (progress), 5 done. */
export const INIT_STEPS = [1, 2, 3, 4, 5] as const

export const initStart = z.object({ runId: id().optional() })

export const initSave = z.object({
  runId: id(),
  step: z.coerce.number().int().min(1).max(3),
  source: z.enum(INIT_SOURCES, { error: V.required }).optional(),
  /** Source `template`: the project whose structure is copied. */
  templateProjectId: z.preprocess((v) => (v === '' ? undefined : v), id().optional()),
  /** Presets on an existing project: that project. */
  projectId: z.preprocess((v) => (v === '' ? undefined : v), id().optional()),
  /** Presets with a new project: its basic data (validated when the run is validated, with the same schema). */
  basic: z.record(z.string(), z.unknown()).optional(),
})

/** The basic data of a new project: the project form's schema. */
export const initBasic = projectFields

export const initRunQuery = z.object({ runId: id() })

/** One error of the report: the sheet, its row (1-based as in Excel; 0 for the sheet as a whole), the column and the message in both languages. */
export interface InitRowError {
  sheet: InitSheet | 'basic'
  row: number
  field: string
  /** The column's title (absent for the sheet as a whole). */
  column?: { zh: string; en: string }
  message: { zh: string; en: string }
}

export interface InitSheetReport {
  sheet: InitSheet | 'basic'
  name: { zh: string; en: string }
  rows: number
  errors: InitRowError[]
}

export interface InitRun {
  runId: string
  preset: InitPreset
  status: InitStatus
  step: number
  source: InitSource | null
  templateProjectId: string | null
  templateProjectName: string | null
  projectId: string | null
  projectName: string | null
  basic: Record<string, unknown>
  fileName: string | null
  /** Rows per sheet of the stored workbook (or of the template project, once validated). */
  counts: Record<string, number>
  /** The last validation: per sheet, its errors (empty sheets with no errors are left out). */
  report: InitSheetReport[] | null
  /** The creation: rows written of all. */
  total: number
  processed: number
  /** Set when done: the project written to (the new one, or the existing one of the preset). */
  createdProjectId: string | null
  error: { zh: string; en: string } | null
  version: number
  createTime: string
  updateTime: string
}

export const initPaths = (preset: InitPreset) => {
  const b = `/api/admin/v1/projectInit/${preset}`
  return {
    runs: `${b}/runs`,
    run: `${b}/run`,
    start: `${b}/start`,
    save: `${b}/save`,
    upload: `${b}/upload`,
    validate: `${b}/validate`,
    create: `${b}/create`,
    discard: `${b}/discard`,
    template: `${b}/template`,
  } as const
}

// ---- the rows of each sheet (codes and names instead of ids: a workbook names what it refers to) ----

const blankless = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional())

/** 参建单位: the unit of the unit tree by its name. */
export const initUnitRow = projectUnitFields.omit({ projectId: true, organizationId: true }).extend({ organizationName: name(100) })
/** 线路. */
export const initLineRow = lineFields.omit({ projectId: true })
/** 项目容器: the parent by its code (an earlier row, or a node of the existing project). */
export const initContainerRow = containerImportRow
/** 设计单元: the line and the container by their codes. */
export const initDesignUnitRow = designUnitFields
  .omit({ lineId: true, containerId: true })
  .extend({ lineCode: lineFields.shape.lineCode, containerCode: blankless(structureCode()) })
  .superRefine(mileageOrder)
/** 工点: placed by the codes of its line, design unit and container (all optional); no manager, no photos (people are not copied). */
export const initWorkSiteRow = workSiteFields
  .omit({ lineId: true, designUnitId: true, containerId: true, managerUserId: true, photoFileIds: true })
  .extend({
    lineCode: blankless(lineFields.shape.lineCode),
    designUnitCode: blankless(structureCode()),
    containerCode: blankless(structureCode()),
  })
  .superRefine(siteRules)
/** 项目组织: the participating unit it belongs to by its name (optional). */
export const initProjectOrgRow = projectOrgFields
  .omit({ projectId: true, organizationId: true })
  .extend({ organizationName: blankless(name(100)) })
/** 项目部门: its organisation by name, its parent department by name (an earlier row of the same organisation). */
export const initDepartmentRow = projectDepartmentFields
  .omit({ projectOrganizationId: true, parentId: true })
  .extend({ projectOrganizationName: projectOrgFields.shape.projectOrganizationName, parentDepartmentName: blankless(name(50)) })
