/**
 * DESIGN §2 / SPEC §7: the default method is POST; list pages and the calls SPEC marks are GET.
 * The gateway answers its reads on GET (what the console sends, and what the service worker may
 * cache) — and, for a client written from the protocol's default, every one of them on POST too:
 * the parameters then come in a JSON or form body and are read exactly as the query would be
 * (strings; arrays comma-joined). The signature covers that body like any other POST's.
 */
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler, RouteOptions } from 'fastify'

/** One body field as a query value. An object becomes its JSON (bounded: the JSON parser refuses bodies nested deeper than MAX_JSON_DEPTH, body.ts). */
const asQueryValue = (v: unknown): string | undefined =>
  v === null || v === undefined
    ? undefined
    : Array.isArray(v)
      ? v.map(String).join(',')
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v)

/** A POST to a read: its body's fields become the query (the query string's own fields win). */
async function bodyAsQuery(req: FastifyRequest): Promise<void> {
  if (req.method !== 'POST' || !req.body || typeof req.body !== 'object' || Array.isArray(req.body)) return
  const fromBody: Record<string, string> = {}
  for (const [k, v] of Object.entries(req.body as Record<string, unknown>)) {
    const s = asQueryValue(v)
    if (s !== undefined) fromBody[k] = s
  }
  req.query = { ...fromBody, ...(req.query as Record<string, unknown>) }
}

export function registerReadsByPost(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.method !== 'GET' || !route.url.startsWith('/api/')) return
    route.method = ['GET', 'POST']
    const own = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : []
    route.preHandler = [bodyAsQuery as preHandlerHookHandler, ...own]
  })
}
