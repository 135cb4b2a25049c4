/**
 * The wizards' URL search: the run being worked on (absent: the list of unfinished runs). On its own
 * so the routes' search validation, which the router loads with the entry, brings no queries along;
 * a plain function, so it brings no zod either.
 */
export const initSearch = (raw: Record<string, unknown>): { runId?: string } => ({
  runId: typeof raw.runId === 'string' && raw.runId.length <= 64 ? raw.runId : undefined,
})
