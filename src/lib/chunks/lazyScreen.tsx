import { use, useState, type ComponentType, type ReactNode } from 'react'
import { loadTexts, type LazyNamespace } from '@/lib/i18n'
import { ChunkErrorScreen } from './ChunkErrorScreen'
import { ChunkLoadError, loadChunk } from './classify'

type State<P> =
  | { status: 'idle' }
  | { status: 'loading'; promise: Promise<void> }
  | { status: 'ready'; Screen: ComponentType<P> }
  | { status: 'failed'; error: ChunkLoadError }

/** A component whose code is loaded on first render (it suspends meanwhile), or earlier by `preload`. */
export type LazyComponent<P> = ((props: P) => ReactNode) & { preload: () => Promise<void> }

/** A route component whose code is loaded on first use; the router calls `preload` while it loads the route. */
export type LazyScreen = LazyComponent<object>

/** The props of a module's component export. */
type PropsOf<C> = C extends ComponentType<infer P> ? P : object

/**
 * A screen loaded lazily from its feature chunk, e.g.
 * `component: lazyScreen(() => import('@/features/roles'), 'RoleManagePage')`. A module that exports
 * `texts` (the i18n namespaces its screens show) is ready once those are loaded too.
 *
 * The import goes through `loadChunk` (120 s timeout, failures classified as missing / timeout /
 * error). A failure does not throw to the router: the screen renders the retry screen in its
 * place, and Retry loads the chunk again (a missing chunk needs a page reload instead).
 * `preload` never rejects, so a failed preload does not fail the navigation.
 */
export function lazyScreen<M extends Record<string, unknown>, K extends keyof M & string>(
  importer: () => Promise<M>,
  exportName: K,
): LazyScreen {
  const screen = lazyComponent(importer, exportName) as LazyScreen
  const load = screen.preload
  // The router preloads the screen as it starts loading the route, before the route's loader has
  // asked for its own chunk; the screen's 40-odd files then took the browser's six connections to the
  // gateway and the loader's chunk — with it the screen's data request — waited behind them (a sheet's
  // 1.7 MB started 400–700 ms late). One task later, the loader's chunk is on its way first.
  return Object.assign(screen, { preload: () => new Promise<void>((r) => setTimeout(r, 0)).then(load) })
}

/**
 * `lazyScreen` for a component with props (a dialog's body, a form's fields): rendered inside a
 * `<Suspense>`, it suspends until its chunk (and the texts the chunk names) loaded, then renders
 * the export with the props; a failed load shows the retry screen in its place.
 */
export function lazyComponent<M extends Record<string, unknown>, K extends keyof M & string>(
  importer: () => Promise<M>,
  exportName: K,
): LazyComponent<PropsOf<M[K]>> {
  type P = PropsOf<M[K]>
  let state: State<P> = { status: 'idle' }

  const load = (): Promise<void> => {
    if (state.status === 'loading') return state.promise
    if (state.status !== 'idle') return Promise.resolve()
    const promise = (async () => {
      try {
        // the module and the texts it names (`export const texts`) in one go, so it never shows a bare key
        const mod = await loadChunk(async () => {
          const m = await importer()
          if (Array.isArray(m.texts)) await loadTexts(...(m.texts as LazyNamespace[]))
          return m
        })
        const Screen = mod[exportName]
        if (typeof Screen !== 'function' && !(Screen && typeof Screen === 'object')) {
          throw new ChunkLoadError('error', 'script', undefined, { cause: new Error(`the chunk has no export '${exportName}'`) })
        }
        state = { status: 'ready', Screen: Screen as ComponentType<P> }
      } catch (error) {
        state = {
          status: 'failed',
          error: error instanceof ChunkLoadError ? error : new ChunkLoadError('error', 'script', undefined, { cause: error }),
        }
      }
    })()
    state = { status: 'loading', promise }
    return promise
  }

  function LazyScreenComponent(props: P) {
    const [, setAttempt] = useState(0)
    if (state.status === 'idle' || state.status === 'loading') use(load())
    const s = state as State<P>
    if (s.status === 'ready') return <s.Screen {...(props as P & object)} />
    if (s.status === 'failed') {
      const retry = () => {
        state = { status: 'idle' }
        setAttempt((n) => n + 1)
      }
      return <ChunkErrorScreen error={s.error} onRetry={retry} />
    }
    return null
  }
  LazyScreenComponent.displayName = `Lazy(${exportName})`

  return Object.assign(LazyScreenComponent, { preload: load })
}
