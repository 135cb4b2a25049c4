/** The parts of a form dialog that load on their own: a screen's fields (`lazyForm`), a whole dialog (`lazyDialog`), and while one loads `<FormPending>`. */
import { Suspense, useContext, useEffect, type ComponentType, type ReactNode } from 'react'
import { Loader2 } from 'lucide-react'
import { lazyComponent, type LazyComponent } from '@/lib/chunks'
import { useT } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { PartLoading } from './formParts'

/** A form part whose code is still loading: a spinner, said to screen readers. */
export function FormPending({ className }: { className?: string }) {
  const { t } = useT()
  // counted while it shows; gone: its part arrived (or the dialog closed), maybe the last one
  const loading = useContext(PartLoading)
  useEffect(() => loading?.(), [loading])
  return (
    <div role="status" data-form-pending className={cn('flex items-center justify-center py-8 text-muted-foreground', className)}>
      <Loader2 className="h-5 w-5 animate-spin" aria-hidden />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  )
}

/**
 * A screen's form component (its fields, a dialog's whole form) loaded on first render, e.g.
 * `const SiteFields = lazyForm(() => import('./SiteFields'), 'SiteFields')`; a spinner stands in
 * for it while its chunk loads (the form around it is already there).
 */
export function lazyForm<M extends Record<string, unknown>, K extends keyof M & string>(importer: () => Promise<M>, exportName: K) {
  return lazyPart(importer, exportName, <FormPending />)
}

/**
 * A whole dialog with a form (mounted when it opens), loaded on first render: nothing shows until
 * its chunk is there, as with OnceOpened (@/lib/chunks), e.g.
 * `const CopyDialog = lazyDialog(() => import('./CopyDialog'), 'CopyDialog')`.
 */
export function lazyDialog<M extends Record<string, unknown>, K extends keyof M & string>(importer: () => Promise<M>, exportName: K) {
  return lazyPart(importer, exportName, null)
}

function lazyPart<M extends Record<string, unknown>, K extends keyof M & string>(
  importer: () => Promise<M>,
  exportName: K,
  pending: ReactNode,
) {
  const Part = lazyComponent(importer, exportName)
  type P = Parameters<typeof Part>[0]
  const Loaded = Part as unknown as ComponentType<object>
  const Lazy = (props: P): ReactNode => (
    <Suspense fallback={pending}>
      <Loaded {...(props as object)} />
    </Suspense>
  )
  Lazy.displayName = `Lazy(${exportName})`
  return Object.assign(Lazy, { preload: Part.preload }) as LazyComponent<P>
}

/** `<DeclaredFields>` (./DeclaredField) where a list screen writes its dialog's fields: its code loads with the form. */
export const LazyDeclaredFields = lazyForm(() => import('./DeclaredField'), 'DeclaredFields')
