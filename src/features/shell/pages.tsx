/** The pages the router shows itself: 403, 404, an error, and the pending placeholder. */
import { useEffect, useState } from 'react'
import { useLocation, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { AlertTriangle, FileQuestion, ShieldX, ArrowLeft, RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { ChunkErrorScreen, classifyChunkFailure, isChunkFailure, type ChunkLoadError } from '@/lib/chunks'
import { useT } from '@/lib/i18n'
import { isForbiddenError, normalizePath } from '@/lib/permissions'
import { usePageTitle } from '@/lib/pages'
import { HomeButton, Message } from './message'

/** 403: a route guard refused the page (no menu of the account leads to it). */
export function ForbiddenPage({ path }: { path?: string }) {
  const { t } = useT()
  const title = usePageTitle()
  const current = useLocation({ select: (l) => l.pathname })
  return (
    <Message icon={<ShieldX aria-hidden />} title={t('shell.forbidden.title')} actions={<HomeButton label={t('shell.forbidden.home')} />}>
      <p>{t('shell.forbidden.body', { page: title(path ?? current) })}</p>
    </Message>
  )
}

/** 404: no route for this address. */
export function NotFoundPage() {
  const { t } = useT()
  const router = useRouter()
  const path = normalizePath(useLocation({ select: (l) => l.pathname }))
  return (
    <div className="flex min-h-full items-center justify-center">
      <Message
        icon={<FileQuestion aria-hidden />}
        title={t('shell.notFound.title')}
        actions={
          <>
            <HomeButton label={t('shell.notFound.home')} />
            <Button variant="outline" onClick={() => router.history.back()}>
              <ArrowLeft />
              {t('shell.notFound.back')}
            </Button>
          </>
        }
      >
        <p>{t('shell.notFound.body', { path })}</p>
      </Message>
    </div>
  )
}

/**
 * The router's error component: the 403 page for a guard's refusal, the retry screen for a
 * failed chunk (one not loaded through lazyScreen, e.g. a feature's own dynamic import), and a
 * plain error page otherwise.
 */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const { t } = useT()
  const router = useRouter()
  const [chunkError, setChunkError] = useState<ChunkLoadError | null>(null)
  const chunk = isChunkFailure(error)
  useEffect(() => {
    if (!chunk) return
    let live = true
    void classifyChunkFailure(error).then((e) => live && setChunkError(e))
    return () => {
      live = false
    }
  }, [chunk, error])
  const retry = () => {
    reset()
    void router.invalidate()
  }
  if (isForbiddenError(error)) return <ForbiddenPage path={error.path} />
  if (chunk) return chunkError ? <ChunkErrorScreen error={chunkError} onRetry={retry} /> : <PagePending />
  return (
    <Message
      icon={<AlertTriangle aria-hidden />}
      title={t('shell.error.title')}
      actions={
        <>
          <Button onClick={retry}>
            <RefreshCw />
            {t('shell.error.retry')}
          </Button>
          <HomeButton label={t('shell.error.home')} variant="outline" />
        </>
      }
    >
      <p>{t('shell.error.body')}</p>
      {import.meta.env.DEV && error instanceof Error ? (
        <pre className="max-w-full overflow-auto text-left text-xs">{error.message}</pre>
      ) : null}
    </Message>
  )
}

/** Shown in the content area while a slow page loads. */
export function PagePending() {
  const { t } = useT()
  return (
    <div role="status" className="space-y-4 p-2" aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  )
}
