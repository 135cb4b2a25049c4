/**
 * The dictionaries' kinds and paths (EBS, WBS, 工程量), in a module of their own (as workflowApi.ts):
 * no zod, so the dictionary screens start without the schemas (contract/schemas/dictionary.ts
 * re-exports them).
 */
import { ADMIN as A } from './paths'

export const DICT_KINDS = ['ebs', 'wbs', 'quantity'] as const
export type DictKind = (typeof DICT_KINDS)[number]

export const DICT_API = {
  tree: (kind: DictKind) => `${A}/${kind}/listTree`,
  move: (kind: DictKind) => `${A}/${kind}/move`,
  copy: (kind: DictKind) => `${A}/${kind}/copy`,
  copyFromStandard: (kind: DictKind) => `${A}/${kind}/copyFromStandard`,
  majors: (kind: DictKind) => `${A}/${kind}/majors`,
  /** GET ?marjorId= (SPEC's spelling): the EBS standard of an engineering major. */
  standard: `${A}/ebs/listByMajor`,
  relList: `${A}/wbsEbsRel/list`,
  relSave: `${A}/wbsEbsRel/save`,
  relTree: `${A}/wbsEbsRel/tree`,
} as const
