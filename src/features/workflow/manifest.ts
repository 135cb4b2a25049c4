/** The workflow area: its pages (process models, with the BPMN modeler; the workflow query: tasks and instances). */
export const workflowArea = {
  id: 'workflow',
  pages: ['/admin/process-model-management', '/admin/workflow-query'],
} as const
