import { useLocation } from '@tanstack/react-router'
import { Construction } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { useT } from '@/lib/i18n'
import { HomeButton, Message } from './message'
import { usePageTitle } from '@/lib/pages'

/** One page for every area that is not built yet: says so, with the page's title. */
export function NotBuiltPage() {
  const { t } = useT()
  const title = usePageTitle()
  const page = title(useLocation({ select: (l) => l.pathname }))
  return (
    <Message
      icon={<Construction aria-hidden />}
      title={
        <span className="flex flex-wrap items-center justify-center gap-2">
          {page}
          <Badge variant="secondary">{t('shell.notBuilt.badge')}</Badge>
        </span>
      }
      actions={<HomeButton label={t('shell.notBuilt.home')} />}
    >
      <p>{t('shell.notBuilt.body', { page })}</p>
      <p>{t('shell.notBuilt.hint')}</p>
    </Message>
  )
}
