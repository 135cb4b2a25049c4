/** Where a verification code goes: text message or email (a segmented radio group). */
import { Mail, Smartphone } from 'lucide-react'
import type { VerifyChannel } from '@/contract/schemas/auth'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'

export function ChannelToggle({
  value,
  onChange,
  label,
  disabled,
  className,
}: {
  value: VerifyChannel
  onChange(v: VerifyChannel): void
  label: string
  disabled?: boolean
  className?: string
}) {
  const { t } = useT()
  const options: { id: VerifyChannel; text: string; icon: typeof Mail }[] = [
    { id: 'sms', text: t('signUp.channel.sms'), icon: Smartphone },
    { id: 'email', text: t('signUp.channel.email'), icon: Mail },
  ]
  return (
    <div className={cn('grid gap-1.5', className)}>
      <span className="text-sm font-medium" id="channel-label">
        {label}
      </span>
      <div role="radiogroup" aria-labelledby="channel-label" className="inline-flex w-full rounded-md border bg-muted/40 p-0.5 sm:w-auto">
        {options.map((o) => {
          const Icon = o.icon
          const checked = value === o.id
          return (
            <button
              key={o.id}
              type="button"
              role="radio"
              aria-checked={checked}
              disabled={disabled}
              onClick={() => onChange(o.id)}
              className={cn(
                'flex h-9 flex-1 items-center justify-center gap-1.5 rounded px-4 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:flex-none',
                checked ? 'bg-background font-medium text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              <Icon className="h-4 w-4" aria-hidden />
              {o.text}
            </button>
          )
        })}
      </div>
    </div>
  )
}
