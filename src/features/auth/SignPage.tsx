/** /sign — the signing page (handwritten signature, a later issue). For now it says so plainly. */
import { Link } from '@tanstack/react-router'
import { PenLine } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useT } from '@/lib/i18n'
import { isLoggedIn } from '@/lib/session'
import { AuthLayout } from './components/AuthLayout'

export function SignPage() {
  const { t } = useT()
  return (
    <AuthLayout>
      <div className="grid justify-items-center gap-4 rounded-xl border bg-card p-8 text-center shadow-sm">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-muted">
          <PenLine className="h-6 w-6 text-muted-foreground" />
        </span>
        <h1 className="text-xl font-semibold">{t('auth.sign.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('auth.sign.text')}</p>
        <Button asChild variant="outline">
          {isLoggedIn() ? <Link to="/admin/home">{t('auth.sign.back')}</Link> : <Link to="/login">{t('auth.sign.back')}</Link>}
        </Button>
      </div>
    </AuthLayout>
  )
}
