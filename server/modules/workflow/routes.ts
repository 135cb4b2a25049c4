/** The workflow area (issue 29): model calls, instance and task calls, workflow roles, and the runtime's timers handed to this gateway's job runner. */
import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../../context'
import { registerModelRoutes } from './models'
import { WorkflowRuntime } from './runtime'
import { registerRoleRoutes } from './roles'
import { registerTaskRoutes } from './tasks'

export function registerWorkflowRoutes(app: FastifyInstance, ctx: Ctx): WorkflowRuntime {
  const runtime = new WorkflowRuntime(ctx.db).registerJobs(ctx.jobs)
  registerModelRoutes(app, ctx)
  registerTaskRoutes(app, ctx, runtime)
  registerRoleRoutes(app, ctx)
  return runtime
}
