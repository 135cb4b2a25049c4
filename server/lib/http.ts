/** Envelope helpers and the error type every handler throws for a business outcome. */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { codeMessages, langFrom, type CodeValue, type Lang } from '../../src/contract/codes'
import type { Envelope, FieldError } from '../../src/contract/envelope'
import type { Bilingual } from '../../src/contract/fields'
import { Code } from '../../src/contract/codes'
import { validationText } from '../../src/contract/rules'
import type { z } from 'zod'

/** A message in both languages (an answer's, a refusal's): the request's language is picked when answering. */
export type Text = Bilingual

/** The text with `{x}` replaced. */
export const fill = (t: Text, x: string | number): Text => ({ zh: t.zh.replace('{x}', String(x)), en: t.en.replace('{x}', String(x)) })

export class ApiError extends Error {
  constructor(
    public readonly code: CodeValue,
    public readonly data: unknown = null,
    public readonly text?: Text,
    public readonly httpStatus = 200,
    public readonly headers: Record<string, string> = {},
  ) {
    super(text?.en ?? codeMessages[code].en)
  }
}

export const requestLang = (req: FastifyRequest): Lang => langFrom(req.headers['accept-language'])

export function envelope<T>(code: CodeValue, data: T, lang: Lang, text?: Text): Envelope<T> {
  return { code, message: (text ?? codeMessages[code])[lang], data }
}

/** Success; `text`: the message to answer instead of the code's own (shown by screens that show it). */
export const ok = <T>(req: FastifyRequest, data: T, text?: Text): Envelope<T> => envelope(Code.OK, data, requestLang(req), text)

/**
 * Success whose data is JSON text already (a large answer put together from parts kept between
 * requests): the same envelope as `ok`, sent as it is.
 */
export function okJson(req: FastifyRequest, reply: FastifyReply, data: string): string {
  reply.type('application/json; charset=utf-8')
  return `{"code":${Code.OK},"message":${JSON.stringify(codeMessages[Code.OK][requestLang(req)])},"data":${data}}`
}

/** zod issues → the 20001 data list, messages in the request language. */
export function fieldErrors(error: z.ZodError, lang: Lang): FieldError[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.')
    const missing = issue.code === 'invalid_type' && /received (undefined|null)/.test(issue.message)
    const key = issue.message.startsWith('v.') ? issue.message : missing ? 'v.required' : 'v.invalid'
    return { field, key, message: validationText(key, lang) }
  })
}

/** 20001 on one field: a validation key of the contract (`v.invalid`…), its message in `lang`; `text`: the answer's message. */
export const invalidField = (field: string, key: string, lang: Lang, text?: Text): ApiError =>
  new ApiError(Code.INVALID, [{ field, key, message: validationText(key, lang) }], text)

/** The same for a check that does not know the request: the field's message in zh, the answer's in both languages. */
export const invalidFieldText = (field: string, key: string): ApiError =>
  invalidField(field, key, 'zh', { zh: validationText(key, 'zh'), en: validationText(key, 'en') })

/** Parses input with a contract schema or throws 20001 with the field errors. */
export function parse<S extends z.ZodType>(schema: S, input: unknown, req: FastifyRequest): z.infer<S> {
  const result = schema.safeParse(input ?? {})
  if (!result.success) throw new ApiError(Code.INVALID, fieldErrors(result.error, requestLang(req)))
  return result.data
}

export const clientIp = (req: FastifyRequest): string => req.ip
