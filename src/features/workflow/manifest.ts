/** The workflow area: its page (process models, with the BPMN modeler). */
export const workflowArea = {
  id: 'workflow',
  pages: ['/admin/process-model-management'],
} as const
