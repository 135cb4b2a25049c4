import { Languages } from 'lucide-react'
import { LOCALES, setLocale, useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'

/** zh / en switch for the public pages. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, locale } = useT()
  return (
    <div
      role="group"
      aria-label={t('auth.lang.label')}
      className={cn('inline-flex items-center gap-1 rounded-md border bg-background/80 p-0.5 text-xs backdrop-blur', className)}
    >
      <Languages className="mx-1 h-3.5 w-3.5 text-muted-foreground" aria-hidden="true" />
      {LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          onClick={() => setLocale(l)}
          aria-pressed={locale === l}
          className={cn(
            'rounded px-2 py-1 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            locale === l ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {t(`auth.lang.${l}`)}
        </button>
      ))}
    </div>
  )
}
