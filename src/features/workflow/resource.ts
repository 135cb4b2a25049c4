import type { WfModelHistoryRow, WfModelRow } from '@/contract/schemas/workflow'
import { defineResource } from '@/lib/crud'
import { historyPaths, modelPaths, wfKeys } from './queries'

/** Models (drafts): listed by the list machinery; added and updated in the editor (./ModelEditor), never deleted. */
export const modelResource = defineResource<WfModelRow>({
  key: wfKeys.all()[0],
  paths: modelPaths,
  idKey: 'modelId',
  schemas: () => import('@/contract/schemas/workflow').then((m) => ({ add: m.wfModelAdd, update: m.wfModelUpdate })),
  entity: 'workflow.entity',
  nameOf: (m) => m.name,
  invalidates: [wfKeys.history()],
})

/** Deployed versions (versionType 1 published, 0 history): listed, stopped and enabled. */
export const historyResource = defineResource<WfModelHistoryRow>({
  key: wfKeys.history()[0],
  paths: historyPaths,
  idKey: 'modelHistoryId',
  schemas: () => import('@/contract/schemas/workflow').then((m) => ({ add: m.wfModelAdd, update: m.wfModelUpdate })),
  nameOf: (v) => `${v.name} v${v.modelVersion}`,
  invalidates: [wfKeys.all()],
})
