/** Every answer is an envelope: business errors, malformed requests (4xx) and faults (500, no details). */
import type { FastifyError, FastifyInstance } from 'fastify'
import { Code } from '../../src/contract/codes'
import { ApiError, envelope, requestLang } from '../lib/http'
import texts from './texts.json'

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    const lang = requestLang(req)
    if (err instanceof ApiError) {
      return reply
        .code(err.httpStatus)
        .headers(err.headers)
        .send(envelope(err.code, err.data, lang, err.text))
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500
    if (status >= 400 && status < 500) {
      // Unparseable JSON, an unknown content type, an oversized body…
      req.log.debug({ code: err.code, msg: err.message }, 'malformed request')
      const own = err as { field?: unknown; text?: { zh: string; en: string } }
      const field = err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'body' : typeof own.field === 'string' ? own.field : ''
      const text = own.text ?? texts.errors.malformed
      return reply.code(status).send(envelope(Code.INVALID, [{ field, key: 'v.invalid', message: text[lang] }], lang, text))
    }
    req.log.error({ err }, 'unexpected error')
    return reply.code(500).send(envelope(Code.SERVER_FAULT, null, lang))
  })
}
