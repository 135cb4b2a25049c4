/**
 * The frame of the public pages: a brand panel (platform name, a line about it, line art) beside
 * the content on wide screens (≥ 1024 px, so a landscape tablet shows both), a compact brand
 * header above it on narrow ones; the language switch in the corner.
 */
import type { ReactNode } from 'react'
import { Building2, ClipboardCheck, Network } from 'lucide-react'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { BrandArt } from './BrandArt'
import { LanguageSwitch } from '@/components/LanguageSwitch'
import { useAuthNav } from '../nav'

function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="currentColor" opacity="0.15" />
      <path
        d="M5 22 H27 M8 22 L12 12 L16 22 L20 12 L24 22 M12 12 H20"
        stroke="currentColor"
        strokeWidth="2"
        fill="none"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <path d="M7 26 H25" stroke="currentColor" strokeWidth="2" strokeLinecap="round" opacity="0.6" />
    </svg>
  )
}

export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useT()
  const points = [
    { icon: Building2, text: t('signIn.brand.points.org') },
    { icon: Network, text: t('signIn.brand.points.project') },
    { icon: ClipboardCheck, text: t('signIn.brand.points.flow') },
  ]
  return (
    <div className="flex min-h-dvh bg-muted/40">
      <aside className="relative hidden w-[42%] max-w-[620px] flex-col justify-between overflow-hidden bg-sidebar p-10 text-sidebar-foreground lg:flex">
        <div
          className="pointer-events-none absolute inset-0 opacity-[0.07]"
          style={{
            backgroundImage:
              'linear-gradient(currentColor 1px, transparent 1px), linear-gradient(90deg, currentColor 1px, transparent 1px)',
            backgroundSize: '28px 28px',
          }}
          aria-hidden="true"
        />
        <div className="relative flex items-center gap-3">
          <Logo className="h-10 w-10 text-white" />
          <div>
            <div className="text-xl font-semibold tracking-wide text-white">{t('common.platformName')}</div>
            <div className="text-xs uppercase tracking-[0.3em] opacity-60">{t('common.platformNameShort')}</div>
          </div>
        </div>
        <div className="relative space-y-6">
          <p className="max-w-md text-base leading-relaxed opacity-90">{t('signIn.brand.tagline')}</p>
          <ul className="space-y-3 text-sm">
            {points.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3">
                <span className="flex h-8 w-8 items-center justify-center rounded-md bg-white/10">
                  <Icon className="h-4 w-4" />
                </span>
                {text}
              </li>
            ))}
          </ul>
          <BrandArt className="w-full max-w-md text-sky-200/80" />
        </div>
        <div className="relative text-xs opacity-50">{t('signIn.brand.copyright', { year: new Date().getFullYear() })}</div>
      </aside>
      <main className="relative flex flex-1 flex-col">
        <div className="flex items-center justify-between gap-3 px-4 pt-4 sm:px-8">
          <div className="flex items-center gap-2 text-primary lg:invisible">
            <Logo className="h-8 w-8" />
            <span className="text-base font-semibold text-foreground">{t('common.platformName')}</span>
          </div>
          <LanguageSwitch />
        </div>
        <div className="flex flex-1 items-center justify-center px-4 py-8 sm:px-8">
          <div className={cn('w-full', wide ? 'max-w-xl' : 'max-w-sm')}>{children}</div>
        </div>
      </main>
    </div>
  )
}

/** The line under a public form that leads to its counterpart (no account yet → register; have one → sign in). */
export function AuthSwitch({
  question,
  to,
  label,
  className,
}: {
  question: string
  to: '/login' | '/register'
  label: string
  className?: string
}) {
  const { Link } = useAuthNav()
  return (
    <p className={cn('text-center text-sm text-muted-foreground', className)}>
      {question}{' '}
      <Link to={to} className="font-medium text-primary hover:underline">
        {label}
      </Link>
    </p>
  )
}
