/** The workflow area: its pages (process models with the BPMN modeler; process roles). */
export const workflowArea = {
  id: 'workflow',
  pages: ['/admin/process-model-management', '/admin/process-role-management'],
} as const
