import type { LazyNamespace } from '@/lib/i18n'
/** The dictionary screens as the routes load them (one component per route, no props); the relation screen is its own chunk (./RelationPage). */
import { DictionaryPage } from './DictionaryPage'

export const EbsScreen = () => <DictionaryPage kind="ebs" />
export const WbsScreen = () => <DictionaryPage kind="wbs" />
export const QuantityScreen = () => <DictionaryPage kind="quantity" />

/** The i18n namespaces these screens show, loaded with the chunk (lazyScreen). */
export const texts = ['crud', 'dictionary', 'files', 'sync', 'tree'] as const satisfies readonly LazyNamespace[]
