import { RefreshCw, WifiOff, Clock, PackageX } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useT } from '@/lib/i18n'
import type { ChunkLoadError } from './classify'

const ICONS = { missing: PackageX, timeout: Clock, error: WifiOff } as const

/**
 * What a failed lazy screen shows: a message per failure type and a way out. A missing chunk
 * (new deployment) can only be fixed by reloading the page; a timeout or an error may go away
 * on a retry of the chunk, and the page reload is offered too.
 */
export function ChunkErrorScreen({ error, onRetry }: { error: ChunkLoadError; onRetry?: () => void }) {
  const { t } = useT()
  const Icon = ICONS[error.type]
  const reload = () => window.location.reload()
  const canRetry = error.type !== 'missing' && onRetry
  return (
    <div role="alert" data-chunk-error={error.type} className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-16 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden />
      <h2 className="text-lg font-semibold">{t(`shell.chunk.title.${error.type}`)}</h2>
      <p className="text-sm text-muted-foreground">
        {t(`shell.chunk.body.${error.type}`)}
        {error.resource === 'style' ? ` ${t('shell.chunk.style')}` : ''}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {canRetry ? (
          <Button onClick={onRetry}>
            <RefreshCw />
            {t('shell.chunk.retry')}
          </Button>
        ) : null}
        <Button variant={canRetry ? 'outline' : 'default'} onClick={reload}>
          {!canRetry ? <RefreshCw /> : null}
          {t('shell.chunk.reload')}
        </Button>
      </div>
    </div>
  )
}
