/** Security headers on every response (CSP, nosniff, referrer policy, framing; HSTS over https). */
import type { FastifyInstance } from 'fastify'

export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ')

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('Content-Security-Policy', CSP)
    reply.header('X-Content-Type-Options', 'nosniff')
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin')
    reply.header('X-Frame-Options', 'DENY')
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    const path = req.url.split('?')[0] ?? ''
    if (path.startsWith('/api/')) reply.header('Cache-Control', 'no-store')
    else if (path.endsWith('/sw.js') || String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
      // The service worker and the shell (index.html, also the SPA fallback) are always revalidated.
      reply.header('Cache-Control', 'no-cache')
    else if (path.startsWith('/assets/') && reply.statusCode === 200) reply.header('Cache-Control', 'public, max-age=31536000, immutable')
    return payload
  })
}
