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
    if (req.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store')
    return payload
  })
}
