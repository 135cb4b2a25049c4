/** The verification code's field of the register form and the forgot-password dialog (not of the sign-in screen: its own chunk). */
import type { UseFormRegisterReturn } from 'react-hook-form'
import { VERIFY_CODE_LENGTH } from '@/contract/enums'
import type { CodeSent } from '@/contract/schemas/auth'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import type { CodeSender } from '@/lib/countdown'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { Field } from './form'

/**
 * The verification code (register, forgot password): its input and the send button, which counts
 * down before it may send again; once sent, where the code went and for how long.
 */
export function CodeField({
  id,
  texts,
  message,
  code,
  onSend,
  input,
  className,
  buttonClassName,
}: {
  id: string
  /** Whose texts: code, codePlaceholder, send, resend, sending, sentTo. */
  texts: 'signUp.register' | 'signUp.forgot'
  message?: unknown
  code: CodeSender<CodeSent>
  onSend: () => void
  /** The input's registration with the form (`register('verifyCode')`). */
  input: UseFormRegisterReturn
  className?: string
  buttonClassName?: string
}) {
  const { t } = useT()
  const { sent, sending, countdown } = code
  return (
    <Field
      id={id}
      label={t(`${texts}.code`)}
      message={message}
      hint={sent ? t(`${texts}.sentTo`, { target: sent.target, minutes: Math.max(1, Math.round(sent.expiresIn / 60)) }) : undefined}
      className={className}
    >
      {(control) => (
        <div className="flex gap-2">
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={VERIFY_CODE_LENGTH}
            placeholder={t(`${texts}.codePlaceholder`)}
            {...input}
          />
          <Button
            type="button"
            variant="outline"
            className={cn('shrink-0', buttonClassName)}
            onClick={onSend}
            disabled={sending || countdown.running}
          >
            {sending ? t(`${texts}.sending`) : countdown.running ? t(`${texts}.resend`, { n: countdown.remaining }) : t(`${texts}.send`)}
          </Button>
        </div>
      )}
    </Field>
  )
}
