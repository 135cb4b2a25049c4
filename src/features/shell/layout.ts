import type { LazyNamespace } from '@/lib/i18n'
/** The shell layout's own chunk (the layout route loads it lazily; see src/routes/_shell.tsx). */
export { ShellLayout } from './ShellLayout'

/** The i18n namespaces these screens show, loaded with the chunk (lazyScreen). */
export const texts = ['messages', 'sync'] as const satisfies readonly LazyNamespace[]
