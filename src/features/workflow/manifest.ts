/** The workflow area: its pages (process models with the BPMN modeler; the workflow query: tasks and instances; process roles). */
export const workflowArea = {
  id: 'workflow',
  pages: ['/admin/process-model-management', '/admin/workflow-query', '/admin/process-role-management'],
} as const
