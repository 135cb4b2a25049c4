/**
 * The workflow area: its pages (process models with the BPMN modeler; the workflow query: tasks and
 * instances; process roles) and its offline entity (a task's 同意 / 驳回 / 退回).
 */
export const workflowArea = {
  id: 'workflow',
  pages: ['/admin/process-model-management', '/admin/workflow-query', '/admin/process-role-management'],
  offline: () => import('./query/offline').then((m) => ({ entities: [m.taskOffline.entity] })),
} as const
