/**
 * Reading offline (DESIGN §4): what the service worker keeps of the gateway's answers.
 *
 * `OFFLINE_CACHED_PATHS` is the ONE list of dictionary paths the service worker caches
 * (network-first with a short timeout, per account, successful envelopes only). A new dictionary
 * (EBS / WBS / quantity, engineering majors…) is one more line here, never new code.
 */
import { DATA_DICT_API } from './schemas/dataDictionary'
import { DICT_API } from './schemas/dictionary'
import { ORG_API } from './schemas/org'
import { PEOPLE_API } from './schemas/people'
import { PROJECT_API } from './projectApi'
import { WORK_SITE_API } from './schemas/workSite'

export const OFFLINE_CACHED_PATHS: readonly string[] = [
  ORG_API.listTree, // the unit tree (lazy: each node's children by nodeId/nodeType)
  ORG_API.typeListTree, // unit types
  ORG_API.typeList,
  PEOPLE_API.department.listTreeByOrgId, // departments of a unit
  PROJECT_API.project.listVisible, // the caller's projects (the project picker of every project screen)
  WORK_SITE_API.options('workSite'), // a project's lines, design units, containers and staff (the work-site form)
  WORK_SITE_API.options('projectWorkSite'),
  // engineering dictionaries (issue 13): the three trees, their majors, the EBS standards, the WBS–EBS relations
  ...(['ebs', 'wbs', 'quantity'] as const).flatMap((kind) => [DICT_API.tree(kind), DICT_API.majors(kind)]),
  DICT_API.standard,
  DICT_API.relTree,
  DICT_API.relList,
  DATA_DICT_API.items, // a data dictionary key's items (issue 33): the choices and labels of container types…
]

export * from './offlineCache'
