/**
 * The fields of a project's structure (issue 11 part B; declared once, issue 27): container nodes,
 * design units and unit engineering. The forms follow these lists, the schemas
 * (../schemas/projectStructure.ts) are built from them.
 */
import { defineFields } from '../fields'

/** Nature (性质): a physical part of the works, temporary works, or a grouping node. */
export const CONTAINER_NATURES = ['entity', 'temporary', 'virtual'] as const
export type ContainerNature = (typeof CONTAINER_NATURES)[number]

/** 单位工程 / 子单位工程. */
export const UNIT_ENGINEERING_CATEGORIES = ['unit', 'subunit'] as const
export type UnitEngineeringCategory = (typeof UNIT_ENGINEERING_CATEGORIES)[number]

const remark = { key: 'remark', kind: 'text', max: 200, multiline: true, form: true } as const
/** Engineering major (free text until the project's majors are chosen from a list). */
const major = { key: 'major', kind: 'text', max: 40, form: true } as const

export const CONTAINER_FIELDS = defineFields('projectStructure.container.field', [
  { key: 'containerName', kind: 'text', max: 60, format: 'name', required: true, form: true, excel: { width: 28 } },
  { key: 'containerCode', kind: 'text', max: 40, format: 'code', required: true, form: true, excel: { width: 18 } },
  /** An item of the data dictionary key `container_type` (数据字典): its code is stored. */
  {
    key: 'containerType',
    kind: 'choice',
    dictionary: 'container_type',
    required: true,
    form: true,
    excel: { width: 12, hint: 'projectStructure.container.typeHint' },
  },
  {
    key: 'nature',
    kind: 'choice',
    options: CONTAINER_NATURES,
    optionLabels: 'projectStructure.nature',
    required: true,
    default: 'entity',
    form: true,
    excel: { width: 10 },
  },
  { ...remark, excel: true },
])

/** The initialisation sheet names the line and the container by their codes. A unit's 工点 are work sites (../fields/workSite.ts, designUnitId). */
export const DESIGN_UNIT_FIELDS = defineFields('projectStructure.designUnit.field', [
  { key: 'designUnitCode', kind: 'text', max: 40, format: 'code', required: true, form: true, excel: true },
  { key: 'designUnitName', kind: 'text', max: 60, format: 'name', required: true, form: true, excel: true },
  { key: 'lineId', kind: 'choice', source: 'line', required: true, form: true, excel: true },
  { ...major, excel: true },
  {
    key: 'startMileage',
    kind: 'mileage',
    required: true,
    form: { hint: 'projectStructure.designUnit.mileageHint' },
    excel: { width: 16, hint: 'projectStructure.designUnit.mileageHint' },
  },
  { key: 'endMileage', kind: 'mileage', required: true, form: { hint: 'projectStructure.designUnit.mileageHint' }, excel: { width: 16 } },
  { key: 'centerMileage', kind: 'mileage', form: true, excel: { width: 16 } },
  { key: 'administrativeRegion', kind: 'text', max: 60, form: true, excel: true },
  /** The container node the design unit belongs to (a section, a bridge…). */
  { key: 'containerId', kind: 'choice', source: 'container', form: { wide: true }, excel: true },
  { ...remark, excel: true },
])

export const UNIT_ENGINEERING_FIELDS = defineFields('projectStructure.unitEngineering.field', [
  { key: 'unitCode', kind: 'text', max: 40, format: 'code', required: true, form: true },
  { key: 'unitName', kind: 'text', max: 60, format: 'name', required: true, form: true },
  {
    key: 'category',
    kind: 'choice',
    options: UNIT_ENGINEERING_CATEGORIES,
    optionLabels: 'projectStructure.category',
    required: true,
    default: 'unit',
    form: true,
  },
  /** A 子单位工程's 单位工程. */
  { key: 'parentId', kind: 'choice', source: 'unitEngineering', form: true },
  { key: 'designUnitId', kind: 'choice', source: 'designUnit', form: true },
  { key: 'containerId', kind: 'choice', source: 'container', form: true },
  major,
  remark,
])
