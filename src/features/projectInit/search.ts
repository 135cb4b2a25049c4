/**
 * The wizards' URL search: the run being worked on (absent: the list of unfinished runs). On its own
 * so the routes' search validation, which the router loads with the entry, brings no queries along.
 */
import { z } from 'zod'

export const initSearch = z.object({ runId: z.string().max(64).optional().catch(undefined) })
