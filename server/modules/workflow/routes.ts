/** The workflow area (issue 29): model calls, and the runtime's timers handed to this gateway's job runner. */
import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../context'
import { registerModelRoutes } from './models'
import { WorkflowRuntime } from './runtime'

export function registerWorkflowRoutes(app: FastifyInstance, ctx: Ctx): WorkflowRuntime {
  const runtime = new WorkflowRuntime(ctx.db).registerJobs(ctx.jobs)
  registerModelRoutes(app, ctx)
  return runtime
}
