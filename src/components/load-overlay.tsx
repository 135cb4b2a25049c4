/**
 * Over something that loads in place (a diagram's canvas): "loading", or "failed" with a retry;
 * nothing once it is ready. The parent is `relative`; the texts are the caller's.
 */
import { Button } from './ui/button'

export type LoadState = 'loading' | 'ready' | 'failed'

export function LoadOverlay({
  state,
  texts,
  onRetry,
}: {
  state: LoadState
  texts: { loading: string; failed: string; retry: string }
  onRetry: () => void
}) {
  if (state === 'ready') return null
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-background/80 text-sm text-muted-foreground">
      {state === 'loading' ? (
        <span role="status">{texts.loading}</span>
      ) : (
        <>
          <span role="alert">{texts.failed}</span>
          <Button type="button" variant="outline" size="sm" onClick={onRetry}>
            {texts.retry}
          </Button>
        </>
      )}
    </div>
  )
}
