/**
 * The commands the palette offers, as the areas declare them in their manifests
 * (src/features/<area>/manifest.ts, collected by src/app/areas.ts, which registers them here).
 * A command either opens a page — with its search and an intent the page acts on (./intent) — or
 * runs in place; one that needs a function of a menu is offered only to an account granted it.
 */
import type { FnOf, MenuPath } from '@/contract/catalogue'
import type { SearchHit, SearchKind } from '@/contract/schemas/search'
import type { TKey } from '@/lib/i18n'
import type { MenuAction } from '@/lib/permissions'
import type { IntentAction } from './intent'

/** The palette draws a command with the icon of its kind. */
export type CommandIcon = 'add' | 'import' | 'sync' | 'inbox' | 'language' | 'theme' | 'logout'

export interface PaletteCommand {
  id: string
  label: TKey
  icon: CommandIcon
  /** Other words that find it (besides its label in both languages and the label's pinyin initials). */
  keywords?: readonly string[]
  /** The function it needs; none: any signed-in account. */
  requires?: MenuAction
  /** Opens this page (with `search`), asking it to do `intent`… */
  to?: MenuPath
  search?: Record<string, string>
  intent?: IntentAction
  /** …or runs this in place. */
  run?: () => unknown
}

/** Where a record the search found is shown: its page, with the search and intent that bring it up. */
export interface FoundTarget {
  to: MenuPath
  search?: Record<string, string>
  intent?: IntentAction
  value?: string
}
export type OpenFound = (hit: SearchHit) => FoundTarget

/**
 * A command that opens `menu` asking it to `action` (add, import): offered to an account granted that
 * function of the menu, drawn with the action's icon.
 */
export function pageCommand<M extends MenuPath>(
  id: string,
  label: TKey,
  menu: M,
  action: Extract<FnOf<M>, 'add' | 'import'>,
  more: Pick<PaletteCommand, 'keywords' | 'search'> = {},
): PaletteCommand {
  return { id, label, icon: action, ...more, requires: { menu, action } as MenuAction, to: menu, intent: action }
}

/** A record the search found within a unit (a person, an account): the organisation page at that unit's `tab`, looked up by its name. */
export const foundOnUnitTab =
  (tab: string): OpenFound =>
  (hit) => ({ to: '/admin/organization', search: { unit: hit.organizationId ?? '', tab }, intent: 'find', value: hit.name })

let commands: readonly PaletteCommand[] = []
const found = new Map<SearchKind, OpenFound>()

export function registerCommands(list: readonly PaletteCommand[]): void {
  commands = [...commands, ...list]
}

export const registeredCommands = (): readonly PaletteCommand[] => commands

/** How the area owning a kind of record shows one the search found. */
export function registerFound(kind: SearchKind, open: OpenFound): void {
  found.set(kind, open)
}

export const foundTarget = (hit: SearchHit): FoundTarget | undefined => found.get(hit.kind)?.(hit)
