/**
 * The sign-in form's schema and check, loaded with the first keystroke or the first submit
 * (LoginPage): zod is not part of the sign-in page's first load.
 */
import { z } from 'zod'
import { V } from '@/contract/validation'

export const loginForm = z.object({
  accountName: z
    .string()
    .trim()
    .min(1, { error: V.required })
    .max(64, { error: `${V.tooLong}:64` }),
  password: z
    .string()
    .min(1, { error: V.required })
    .max(64, { error: `${V.tooLong}:64` }),
  remember: z.boolean(),
})
export type LoginForm = z.infer<typeof loginForm>
export type LoginErrors = Partial<Record<'accountName' | 'password', string>>

/** The first message of each field that fails the schema, and the values as checked (the account name trimmed). */
export function checkLogin(values: LoginForm): { errors: LoginErrors; input: LoginForm | null } {
  const r = loginForm.safeParse(values)
  const errors: LoginErrors = {}
  if (!r.success)
    for (const issue of r.error.issues) {
      const field = issue.path[0] as keyof LoginErrors
      errors[field] ??= issue.message
    }
  return { errors, input: r.success ? r.data : null }
}
