/** Small form pieces shared by the auth screens. */
import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { Eye, EyeOff } from 'lucide-react'
import { PASSWORD_MAX } from '@/contract/enums'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { errorText } from '@/lib/crud/errors'
import { useT, type Locale } from '@/lib/i18n'
import { cn } from '@/lib/utils'

export { errorText }

/** The id and aria attributes tying a control to its Field's error. */
export interface FieldControl {
  id: string
  'aria-invalid'?: true
  'aria-describedby'?: string
}

/**
 * A labelled control with its error (the form's message in the current language) or else its hint;
 * `children` renders the control with the attributes that tie it to them.
 */
export function Field({
  id,
  label,
  message,
  errorLabel,
  hint,
  optional,
  children,
  className,
}: {
  id: string
  label: string
  /** The error as the form holds it: a validation key or the gateway's text. */
  message?: unknown
  /** The field's name inside the error text (default: its label). */
  errorLabel?: string
  hint?: ReactNode
  optional?: string
  children: (control: FieldControl) => ReactNode
  className?: string
}) {
  const { locale } = useT()
  const error = fieldText(message, locale, errorLabel ?? label)
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id} className="flex items-baseline gap-1.5">
        {label}
        {optional && <span className="text-xs font-normal text-muted-foreground">（{optional}）</span>}
      </Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined })}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

type PasswordInputProps = InputHTMLAttributes<HTMLInputElement>

/** A password input with a show/hide toggle. */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(({ className, ...props }, ref) => {
  const { t } = useT()
  const [visible, setVisible] = useState(false)
  return (
    <div className="relative">
      <Input ref={ref} type={visible ? 'text' : 'password'} className={cn('pr-10', className)} {...props} />
      <button
        type="button"
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-r-md"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t('signIn.login.hidePassword') : t('signIn.login.showPassword')}
        aria-pressed={visible}
        tabIndex={-1}
      >
        {visible ? <EyeOff className="h-4 w-4" /> : <Eye className="h-4 w-4" />}
      </button>
    </div>
  )
})
PasswordInput.displayName = 'PasswordInput'

/** A new password, or its confirmation: a labelled password input of at most PASSWORD_MAX characters. */
export function NewPasswordField({
  id,
  label,
  message,
  placeholder,
  input,
  autoFocus,
}: {
  id: string
  label: string
  message?: unknown
  placeholder: string
  /** The input's registration with the form (`register('password')`). */
  input: UseFormRegisterReturn
  autoFocus?: boolean
}) {
  return (
    <Field id={id} label={label} message={message}>
      {(control) => (
        <PasswordInput
          {...control}
          autoComplete="new-password"
          autoFocus={autoFocus}
          maxLength={PASSWORD_MAX}
          placeholder={placeholder}
          {...input}
        />
      )}
    </Field>
  )
}

/** The text of a react-hook-form error message (a validation key or server text). */
const fieldText = (message: unknown, locale: Locale, label: string): string | undefined =>
  typeof message === 'string' && message ? errorText(message, locale, label) : undefined
